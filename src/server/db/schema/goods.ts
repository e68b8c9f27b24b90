import { sql } from 'drizzle-orm';
import { index, integer, jsonb, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ref, timestamps } from './columns';
import { goodsCategories } from './goods-category';
import { goodsKeywords } from './goods-keywords';
import { merchantKeys, merchantListIndex } from './merchant';

/** Goods (/goods-list): what a merchant sells, listed on marketplaces through its variants. */
export const goods = pgTable(
  'goods',
  {
    ...merchantKeys(),
    title: text('title').notNull(),
    categoryId: ref('category_id').references(() => goodsCategories.id),
    brand: text('brand').notNull().default(''),
    images: text('images').array().notNull().default(sql`'{}'::text[]`),
    bulletPoints: text('bullet_points').array().notNull().default(sql`'{}'::text[]`),
    description: text('description').notNull().default(''),
    keywordsId: ref('keywords_id').references(() => goodsKeywords.id),
    status: text('status', { enum: ['draft', 'ready', 'listed', 'error'] })
      .notNull()
      .default('draft'),
    /** The variant grid's attributes: [{ name: '颜色', values: ['红', '蓝'] }]. */
    attributes: jsonb('attributes')
      .$type<{ name: string; values: string[] }[]>()
      .notNull()
      .default([]),
    // Kept from the variants whenever they are saved: the list reads no variant.
    variantCount: integer('variant_count').notNull().default(0),
    stockTotal: integer('stock_total').notNull().default(0),
    priceMin: numeric('price_min', { precision: 14, scale: 2 }).notNull().default('0'),
    ...timestamps(),
  },
  (t) => [
    merchantListIndex('goods_list_updated_idx', t, t.updatedAt),
    merchantListIndex('goods_category_status_idx', t, t.categoryId, t.status, t.updatedAt),
    merchantListIndex('goods_list_stock_idx', t, t.stockTotal),
    merchantListIndex('goods_list_price_idx', t, t.priceMin),
  ],
);

/** A goods' variants: one sellable combination (红 / M) with its SKU, code, price and stock. */
export const goodsVariants = pgTable(
  'goods_variants',
  {
    ...merchantKeys(),
    goodsId: ref('goods_id')
      .notNull()
      .references(() => goods.id, { onDelete: 'cascade' }),
    options: jsonb('options').$type<Record<string, string>>().notNull().default({}),
    sellerSku: text('seller_sku').notNull(),
    upc: text('upc').notNull().default(''),
    /** Yuan. */
    cost: numeric('cost', { precision: 14, scale: 2 }).notNull().default('0'),
    price: numeric('price', { precision: 14, scale: 2 }).notNull().default('0'),
    stock: integer('stock').notNull().default(0),
    /** Grams. */
    weight: integer('weight').notNull().default(0),
    /** The variant's own picture (a colour's photo): one of the goods' images or its own; '' none. */
    image: text('image').notNull().default(''),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [
    uniqueIndex('goods_variants_sku_unique').on(t.merchantId, t.sellerSku),
    index('goods_variants_goods_idx').on(t.goodsId, t.sortOrder),
  ],
);
