import { boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { merchantKeys } from './merchant';

/** The storefront's product categories (/category-one): one level, ordered by hand. */
export const productCategories = pgTable(
  'product_categories',
  {
    ...merchantKeys(),
    name: text('name').notNull(),
    icon: text('icon').notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    ...timestamps(),
  },
  (t) => [index('product_categories_list_sort_idx').on(t.merchantId, t.sortOrder, t.id)],
);
