import { boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { at, timestamps } from './columns';
import { merchantKeys } from './merchant';

/** The mini-program home's nine-grid entries (/xcxbase/nine; its banners are carousels). */
export const miniProgramHomeEntries = pgTable(
  'mini_program_home_entries',
  {
    ...merchantKeys(),
    /** 2 nine-grid entry (1 was a banner: those are carousels now). */
    position: integer('position').notNull(),
    title: text('title').notNull(),
    image: text('image').notNull().default(''),
    icon: text('icon').notNull().default('none'),
    link: text('link').notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
    startAt: at('start_at'),
    endAt: at('end_at'),
    sortOrder: integer('sort_order').notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    index('mini_program_home_entries_list_sort_idx').on(
      t.merchantId,
      t.position,
      t.sortOrder,
      t.id,
    ),
  ],
);
