import { sql } from 'drizzle-orm';
import { integer, jsonb, numeric, pgTable, text } from 'drizzle-orm/pg-core';
import { at, ref, timestamps } from './columns';
import { merchantKeys, merchantListIndex } from './merchant';
import { productCategories } from './product-category';

/** The storefront's products (/product-list): what the store's customers order. */
export const products = pgTable(
  'products',
  {
    ...merchantKeys(),
    name: text('name').notNull(),
    categoryId: ref('category_id').references(() => productCategories.id),
    images: text('images').array().notNull().default(sql`'{}'::text[]`),
    /** Yuan. */
    price: numeric('price', { precision: 14, scale: 2 }).notNull().default('0'),
    originalPrice: numeric('original_price', { precision: 14, scale: 2 }).notNull().default('0'),
    stock: integer('stock').notNull().default(0),
    status: text('status', { enum: ['off', 'on'] })
      .notNull()
      .default('off'),
    salesCount: integer('sales_count').notNull().default(0),
    description: text('description').notNull().default(''),
    /** Spec groups and their options (shared/product-specs.ts). */
    specs: jsonb('specs').notNull().default(sql`'[]'::jsonb`),
    /** Combinations with their own price, stock and SKU code (shared/product-specs.ts). */
    skus: jsonb('skus').notNull().default(sql`'[]'::jsonb`),
    /** Add-ons the customer may tick, each with its price (shared/product-addons.ts). */
    addons: jsonb('addons').notNull().default(sql`'[]'::jsonb`),
    /** How many add-ons one item may have; 0: any number. */
    addonsMax: integer('addons_max').notNull().default(0),
    /** Yuan per item, charged on pickup and delivery orders (not dine-in). */
    packagingFee: numeric('packaging_fee', { precision: 14, scale: 2 }).notNull().default('0'),
    sortOrder: integer('sort_order').notNull().default(0),
    /**
     * 定时上架 / 定时下架: when the product goes on or off sale by itself (the job queue flips it
     * and clears the time; the storefront honours a time already passed before it has).
     */
    onSaleAt: at('on_sale_at'),
    offSaleAt: at('off_sale_at'),
    ...timestamps(),
  },
  (t) => [
    merchantListIndex('products_list_updated_idx', t, t.updatedAt),
    merchantListIndex('products_list_category_idx', t, t.categoryId, t.status, t.updatedAt),
    merchantListIndex('products_list_price_idx', t, t.price),
    merchantListIndex('products_list_sales_idx', t, t.salesCount),
  ],
);
