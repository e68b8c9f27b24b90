import { type AnyPgColumn, boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { ref, timestamps } from './columns';
import { merchantKeys, merchantListIndex } from './merchant';

/** Goods categories (/goods-category): a tree ordered by hand. */
export const goodsCategories = pgTable(
  'goods_categories',
  {
    ...merchantKeys(),
    parentId: ref('parent_id').references((): AnyPgColumn => goodsCategories.id),
    name: text('name').notNull(),
    marketplaceCategory: text('marketplace_category').notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
    /** Place among its siblings, from 0. */
    sortOrder: integer('sort_order').notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    index('goods_categories_tree_idx').on(t.merchantId, t.parentId, t.sortOrder),
    merchantListIndex('goods_categories_list_sort_idx', t, t.sortOrder),
  ],
);
