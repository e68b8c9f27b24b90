import { sql } from 'drizzle-orm';
import { index, integer, jsonb, numeric, pgTable, text } from 'drizzle-orm/pg-core';
import { FEED_ITEM_STATUSES } from '../../../shared/feeds';
import { MARKETPLACES } from '../../../shared/marketplace';
import { FEED_KINDS, FEED_STATUSES } from '../../../shared/resources/feeds';
import { at, ref } from './columns';
import { goods } from './goods';
import { goodsSettings } from './goods-setting';
import { marketplaceAccounts } from './marketplace-account';
import { merchantKeys, merchantListIndex } from './merchant';

/**
 * A batch sent to a marketplace (/feeds-list): new products, or a price or stock change, for one
 * listing setting's marketplace and site. A job works through its items (modules/feeds).
 */
export const feeds = pgTable(
  'feeds',
  {
    ...merchantKeys(),
    batchNo: text('batch_no').notNull(),
    kind: text('kind', { enum: FEED_KINDS }).notNull().default('product'),
    settingId: ref('setting_id').references(() => goodsSettings.id, { onDelete: 'set null' }),
    marketplace: text('marketplace', { enum: MARKETPLACES }).notNull(),
    site: text('site').notNull(),
    status: text('status', { enum: FEED_STATUSES }).notNull().default('queued'),
    total: integer('total').notNull().default(0),
    processed: integer('processed').notNull().default(0),
    succeeded: integer('succeeded').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    /** Why the marketplace refused the whole feed (an error code), when it did. */
    error: text('error').notNull().default(''),
    /** The feed whose failed items this one sends again. */
    resentFrom: ref('resent_from'),
    /** The seller account it goes through (its setting's or its listing's); none: the sandbox. */
    accountId: ref('account_id').references(() => marketplaceAccounts.id, { onDelete: 'set null' }),
    productType: text('product_type').notNull().default(''),
    /** The marketplace's id of the document being processed now (Amazon's feedId). */
    remoteFeedId: text('remote_feed_id').notNull().default(''),
    createdAt: at('created_at').notNull().defaultNow(),
    finishedAt: at('finished_at'),
  },
  (t) => [
    merchantListIndex('feeds_list_created_idx', t, t.createdAt),
    merchantListIndex('feeds_list_status_idx', t, t.status, t.createdAt),
  ],
);

/** One variant in a feed, as sent (price in the listing's currency), and the marketplace's answer. */
export const feedItems = pgTable(
  'feed_items',
  {
    ...merchantKeys(),
    feedId: ref('feed_id')
      .notNull()
      .references(() => feeds.id, { onDelete: 'cascade' }),
    goodsId: ref('goods_id').references(() => goods.id, { onDelete: 'set null' }),
    sellerSku: text('seller_sku').notNull(),
    title: text('title').notNull().default(''),
    upc: text('upc').notNull().default(''),
    images: text('images').array().notNull().default(sql`'{}'::text[]`),
    bulletPoints: text('bullet_points').array().notNull().default(sql`'{}'::text[]`),
    price: numeric('price', { precision: 14, scale: 2 }),
    currency: text('currency').notNull().default('USD'),
    stock: integer('stock'),
    status: text('status', { enum: FEED_ITEM_STATUSES }).notNull().default('queued'),
    /** The marketplace's reason for a rejection (an error code). */
    error: text('error').notNull().default(''),
    /** The marketplace's own words about it (Amazon's issues: code and message). */
    detail: text('detail').notNull().default(''),
    brand: text('brand').notNull().default(''),
    /** The goods' description as plain text. */
    description: text('description').notNull().default(''),
    /** A variation family: the parent's seller SKU (a child's), or '' (a parent or a single). */
    parentSku: text('parent_sku').notNull().default(''),
    /** The family's variation theme (SizeColor), on the parent and its children. */
    variationTheme: text('variation_theme').notNull().default(''),
    /** A child's values of the theme's attributes ({ Size: 'M', Color: 'Red' }). */
    variation: jsonb('variation').$type<Record<string, string>>().notNull().default({}),
  },
  (t) => [index('feed_items_feed_idx').on(t.feedId, t.status, t.id)],
);
