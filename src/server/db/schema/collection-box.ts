import { sql } from 'drizzle-orm';
import { bigint, jsonb, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { CollectedVariants } from '../../../shared/collected-variants';
import { timestamps } from './columns';
import { merchantKeys, merchantListIndex } from './merchant';

/** The collection box (/collection-box): products read from other shops' pages, to claim as goods. */
export const collectionBox = pgTable(
  'collection_box',
  {
    ...merchantKeys(),
    sourceUrl: text('source_url').notNull(),
    sourceHost: text('source_host').notNull(),
    title: text('title').notNull(),
    images: text('images').array().notNull().default(sql`'{}'::text[]`),
    price: numeric('price', { precision: 14, scale: 2 }).notNull().default('0'),
    currency: text('currency').notNull().default(''),
    brand: text('brand').notNull().default(''),
    description: text('description').notNull().default(''),
    /** The page's variants (shared/collected-variants.ts); none for a product of one kind. */
    variants: jsonb('variants')
      .$type<CollectedVariants>()
      .notNull()
      .default({ attributes: [], items: [] }),
    status: text('status', { enum: ['new', 'claimed', 'ignored'] })
      .notNull()
      .default('new'),
    /** The goods draft a claim made; 0 before (not a foreign key, see the resource). */
    goodsId: bigint('goods_id', { mode: 'number' }).notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    // A page already in the box is not collected twice.
    uniqueIndex('collection_box_source_key').on(t.merchantId, t.sourceUrl),
    merchantListIndex('collection_box_list_created_idx', t, t.createdAt),
    merchantListIndex('collection_box_status_idx', t, t.status, t.createdAt),
  ],
);
