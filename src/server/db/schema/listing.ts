import { integer, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { MARKETPLACES } from '../../../shared/marketplace';
import { LISTING_STATUSES } from '../../../shared/resources/listing';
import { at, ref, timestamps } from './columns';
import { goods } from './goods';
import { marketplaceAccounts } from './marketplace-account';
import { merchantKeys, merchantListIndex } from './merchant';

/** A product live on a marketplace (/listing): one per seller SKU, marketplace and site. */
export const listings = pgTable(
  'listings',
  {
    ...merchantKeys(),
    goodsId: ref('goods_id').references(() => goods.id, { onDelete: 'set null' }),
    marketplace: text('marketplace', { enum: MARKETPLACES }).notNull(),
    site: text('site').notNull(),
    sellerSku: text('seller_sku').notNull(),
    /** The marketplace's id of the listing (an ASIN, an item id). */
    listingId: text('listing_id').notNull(),
    title: text('title').notNull().default(''),
    price: numeric('price', { precision: 14, scale: 2 }).notNull().default('0'),
    currency: text('currency').notNull().default('USD'),
    stock: integer('stock').notNull().default(0),
    status: text('status', { enum: LISTING_STATUSES }).notNull().default('active'),
    /** Why the marketplace suppressed it (an error code). */
    reason: text('reason').notNull().default(''),
    /** The marketplace's own words about it (Amazon's issues). */
    reasonDetail: text('reason_detail').notNull().default(''),
    /** The seller account it is listed through; none: the sandbox. */
    accountId: ref('account_id').references(() => marketplaceAccounts.id, { onDelete: 'set null' }),
    productType: text('product_type').notNull().default(''),
    /** A variation family: the parent's seller SKU (a child's), or '' (a parent or a single). */
    parentSku: text('parent_sku').notNull().default(''),
    /** The family's variation theme (SizeColor); '' for a single listing. */
    variationTheme: text('variation_theme').notNull().default(''),
    lastSyncAt: at('last_sync_at'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('listings_sku_unique').on(t.merchantId, t.marketplace, t.site, t.sellerSku),
    merchantListIndex('listings_list_updated_idx', t, t.updatedAt),
    merchantListIndex('listings_list_status_idx', t, t.status, t.updatedAt),
  ],
);
