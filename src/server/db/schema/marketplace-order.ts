import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { MARKETPLACES } from '../../../shared/marketplace';
import { SETTLEMENT_STATUSES } from '../../../shared/marketplace-order';
import { MARKETPLACE_ORDER_STATUSES } from '../../../shared/resources/marketplace-order';
import { at, id, ref } from './columns';
import { goods } from './goods';
import { listings } from './listing';
import { marketplaceAccounts } from './marketplace-account';
import { merchantKeys, merchantListIndex, merchants } from './merchant';

/**
 * What buyers bought on the merchant's listings (/orders-list), as the marketplace sent each order:
 * amounts in its currency and in yuan at the rate of its day. The figures of /transaction_overview
 * and /order-data-top are kept from it by triggers (migration 0028), never by a scan per request.
 */
export const marketplaceOrders = pgTable(
  'marketplace_orders',
  {
    ...merchantKeys(),
    /** The marketplace's number of the order (111-1234567-1234567). */
    orderNo: text('order_no').notNull(),
    marketplace: text('marketplace', { enum: MARKETPLACES }).notNull(),
    site: text('site').notNull(),
    buyer: text('buyer').notNull(),
    itemsSummary: text('items_summary').notNull().default(''),
    /** The seller SKUs of its lines (the list filters them in marketplace_order_skus). */
    skus: text('skus').array().notNull().default(sql`'{}'::text[]`),
    units: integer('units').notNull(),
    currency: text('currency').notNull(),
    goodsAmount: numeric('goods_amount', { precision: 14, scale: 2 }).notNull(),
    shippingAmount: numeric('shipping_amount', { precision: 14, scale: 2 }).notNull().default('0'),
    totalAmount: numeric('total_amount', { precision: 14, scale: 2 }).notNull(),
    /** Yuan for one unit of the currency on the order's day. */
    exchangeRate: numeric('exchange_rate', { precision: 12, scale: 4 }).notNull(),
    totalCny: numeric('total_cny', { precision: 14, scale: 2 }).notNull(),
    feesCny: numeric('fees_cny', { precision: 14, scale: 2 }).notNull(),
    /** What went back to the buyer, in the currency and in yuan. */
    refundAmount: numeric('refund_amount', { precision: 14, scale: 2 }).notNull().default('0'),
    refundCny: numeric('refund_cny', { precision: 14, scale: 2 }).notNull().default('0'),
    status: text('status', { enum: MARKETPLACE_ORDER_STATUSES }).notNull(),
    carrier: text('carrier'),
    trackingNo: text('tracking_no').notNull().default(''),
    shipBy: at('ship_by').notNull(),
    orderedAt: at('ordered_at').notNull(),
    shippedAt: at('shipped_at'),
    deliveredAt: at('delivered_at'),
    refundedAt: at('refunded_at'),
    /** The seller account it was imported from; none: the sandbox's. */
    accountId: ref('account_id').references(() => marketplaceAccounts.id, { onDelete: 'set null' }),
    /** Where it goes (the buyer's ship-to address): empty where the marketplace withholds it. */
    shipName: text('ship_name').notNull().default(''),
    shipPhone: text('ship_phone').notNull().default(''),
    shipAddress1: text('ship_address1').notNull().default(''),
    shipAddress2: text('ship_address2').notNull().default(''),
    shipCity: text('ship_city').notNull().default(''),
    shipState: text('ship_state').notNull().default(''),
    shipPostalCode: text('ship_postal_code').notNull().default(''),
    shipCountry: text('ship_country').notNull().default(''),
    /** The shipping label bought for it (the sandbox's): its carrier's tracking number. */
    labelTrackingNo: text('label_tracking_no').notNull().default(''),
    labelCarrier: text('label_carrier').notNull().default(''),
    labelAt: at('label_at'),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('marketplace_orders_no_unique').on(t.merchantId, t.marketplace, t.orderNo),
    merchantListIndex('marketplace_orders_list_ordered_idx', t, t.orderedAt),
    merchantListIndex('marketplace_orders_list_status_idx', t, t.status, t.orderedAt),
    merchantListIndex('marketplace_orders_list_site_idx', t, t.site, t.orderedAt),
    // A site with one status: the page's ids are the index's first entries, where the site's
    // index passes every newer order of another status (1,233 for a page of delivered ones).
    index('marketplace_orders_list_site_status_idx').on(
      t.merchantId,
      t.site,
      t.status,
      t.orderedAt,
      t.id,
    ),
    merchantListIndex('marketplace_orders_list_buyer_idx', t, t.buyer, t.orderedAt),
    merchantListIndex('marketplace_orders_list_total_idx', t, t.totalCny),
  ],
);

/**
 * Each seller SKU of each order with the order's time, written by a trigger (migration 0038): the
 * list's SKU filter walks (SKU, time) newest first and stops at a page, where a GIN index on the
 * order's SKUs read all of a SKU's orders and sorted them (1,500 table pages for a page of 20).
 */
export const marketplaceOrderSkus = pgTable(
  'marketplace_order_skus',
  {
    merchantId: ref('merchant_id').notNull(),
    sellerSku: text('seller_sku').notNull(),
    orderedAt: at('ordered_at').notNull(),
    orderId: ref('order_id')
      .notNull()
      .references(() => marketplaceOrders.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.sellerSku, t.orderedAt, t.orderId] })],
);

/** An order's lines: the listing and goods each came from, as they were sold. */
export const marketplaceOrderItems = pgTable(
  'marketplace_order_items',
  {
    id: id(),
    orderId: ref('order_id')
      .notNull()
      .references(() => marketplaceOrders.id, { onDelete: 'cascade' }),
    merchantId: ref('merchant_id')
      .notNull()
      .references(() => merchants.id),
    listingId: ref('listing_id').references(() => listings.id, { onDelete: 'set null' }),
    goodsId: ref('goods_id').references(() => goods.id, { onDelete: 'set null' }),
    sellerSku: text('seller_sku').notNull(),
    title: text('title').notNull(),
    quantity: integer('quantity').notNull(),
    unitPrice: numeric('unit_price', { precision: 14, scale: 2 }).notNull(),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    amountCny: numeric('amount_cny', { precision: 14, scale: 2 }).notNull(),
    /** The marketplace's id of the line (Amazon's OrderItemId), which a shipment names. */
    remoteItemId: text('remote_item_id').notNull().default(''),
  },
  (t) => [index('marketplace_order_items_order_idx').on(t.orderId, t.id)],
);

/** An order's timeline: placed, paid, shipped (with its tracking), delivered, cancelled, refunded. */
export const marketplaceOrderEvents = pgTable(
  'marketplace_order_events',
  {
    id: id(),
    orderId: ref('order_id')
      .notNull()
      .references(() => marketplaceOrders.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    /** marketplace, or the merchant's account name. */
    actor: text('actor').notNull(),
    note: text('note').notNull().default(''),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('marketplace_order_events_order_idx').on(t.orderId, t.id)],
);

/**
 * Each day's figures per marketplace and site (Beijing days), kept by the orders' trigger: an
 * order counts on the day it was placed unless cancelled; a refund on the day it was given.
 */
export const marketplaceOrderDays = pgTable(
  'marketplace_order_days',
  {
    merchantId: ref('merchant_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    marketplace: text('marketplace').notNull(),
    site: text('site').notNull(),
    orders: integer('orders').notNull().default(0),
    units: integer('units').notNull().default(0),
    sales: numeric('sales', { precision: 16, scale: 2 }).notNull().default('0'),
    fees: numeric('fees', { precision: 16, scale: 2 }).notNull().default('0'),
    refunds: numeric('refunds', { precision: 16, scale: 2 }).notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.day, t.marketplace, t.site] })],
);

/** Each day's units and sales per seller SKU (the ranking of goods), kept by triggers. */
export const marketplaceSkuDays = pgTable(
  'marketplace_sku_days',
  {
    merchantId: ref('merchant_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    sellerSku: text('seller_sku').notNull(),
    orders: integer('orders').notNull().default(0),
    units: integer('units').notNull().default(0),
    sales: numeric('sales', { precision: 16, scale: 2 }).notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.day, t.sellerSku] })],
);

/** Each day's orders, units and sales per buyer (the ranking of buyers), kept by the trigger. */
export const marketplaceBuyerDays = pgTable(
  'marketplace_buyer_days',
  {
    merchantId: ref('merchant_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    buyer: text('buyer').notNull(),
    orders: integer('orders').notNull().default(0),
    units: integer('units').notNull().default(0),
    sales: numeric('sales', { precision: 16, scale: 2 }).notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.day, t.buyer] })],
);

/**
 * A marketplace's settlement report for a period, downloaded by a job and compared order by
 * order with what the orders say it should pay out; the differences are kept with it.
 */
export const marketplaceSettlements = pgTable(
  'marketplace_settlements',
  {
    ...merchantKeys(),
    marketplace: text('marketplace', { enum: MARKETPLACES }).notNull(),
    site: text('site').notNull(),
    periodFrom: date('period_from', { mode: 'string' }).notNull(),
    periodTo: date('period_to', { mode: 'string' }).notNull(),
    status: text('status', { enum: SETTLEMENT_STATUSES }).notNull().default('downloading'),
    orders: integer('orders').notNull().default(0),
    reported: numeric('reported', { precision: 16, scale: 2 }).notNull().default('0'),
    expected: numeric('expected', { precision: 16, scale: 2 }).notNull().default('0'),
    differences: jsonb('differences').notNull().default([]),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('marketplace_settlements_merchant_idx').on(t.merchantId, t.createdAt, t.id)],
);
