import { boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { merchantKeys } from './merchant';

/** Help-centre articles the top bar's help link opens (service-help). */
export const helpArticles = pgTable(
  'help_articles',
  {
    ...merchantKeys(),
    title: text('title').notNull(),
    /** Sanitized HTML. */
    body: text('body').notNull().default(''),
    sortOrder: integer('sort_order').notNull().default(0),
    published: boolean('published').notNull().default(true),
    ...timestamps(),
  },
  (t) => [index('help_articles_merchant_idx').on(t.merchantId, t.sortOrder, t.id)],
);
