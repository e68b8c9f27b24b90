import { boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { at, timestamps } from './columns';
import { merchantKeys } from './merchant';

/** The store page's carousel (/carousel): slides in hand-made order, each within its time window. */
export const carousels = pgTable(
  'carousels',
  {
    ...merchantKeys(),
    /** 1 the store page's top, 2 the mini-program home (CAROUSEL_POSITIONS). */
    position: integer('position').notNull().default(1),
    title: text('title').notNull(),
    image: text('image').notNull().default(''),
    link: text('link').notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
    startAt: at('start_at'),
    endAt: at('end_at'),
    sortOrder: integer('sort_order').notNull().default(0),
    ...timestamps(),
  },
  (t) => [index('carousels_list_sort_idx').on(t.merchantId, t.position, t.sortOrder, t.id)],
);
