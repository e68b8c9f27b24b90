import { boolean, index, integer, numeric, pgTable, text } from 'drizzle-orm/pg-core';
import { CUSTOMER_COUPON_SOURCES } from '../../../shared/coupon';
import {
  COUPON_KINDS,
  COUPON_SCOPES,
  COUPON_STATUSES,
  COUPON_VALIDITIES,
} from '../../../shared/resources/coupon';
import { at, ref, refs, timestamps } from './columns';
import { merchantKeys } from './merchant';

/**
 * Coupon templates (/coupon-list): an offer issued to customers or claimed by them, up to a total
 * and a per-customer limit (`issued_count` moves under the row's lock).
 */
export const coupons = pgTable(
  'coupons',
  {
    ...merchantKeys(),
    name: text('name').notNull(),
    kind: text('kind', { enum: COUPON_KINDS }).notNull().default('amountOff'),
    threshold: numeric('threshold', { precision: 14, scale: 2 }).notNull().default('0'),
    value: numeric('value', { precision: 14, scale: 2 }).notNull().default('0'),
    scope: text('scope', { enum: COUPON_SCOPES }).notNull().default('all'),
    categoryIds: refs('category_ids'),
    productIds: refs('product_ids'),
    validity: text('validity', { enum: COUPON_VALIDITIES }).notNull().default('fixed'),
    startAt: at('start_at'),
    endAt: at('end_at'),
    validDays: integer('valid_days').notNull().default(0),
    totalQuantity: integer('total_quantity').notNull().default(1),
    perCustomerLimit: integer('per_customer_limit').notNull().default(1),
    stackable: boolean('stackable').notNull().default(false),
    claimable: boolean('claimable').notNull().default(true),
    status: text('status', { enum: COUPON_STATUSES }).notNull().default('draft'),
    issuedCount: integer('issued_count').notNull().default(0),
    ...timestamps(),
  },
  (t) => [index('coupons_list_created_idx').on(t.merchantId, t.createdAt, t.id)],
);

/**
 * A coupon a customer holds: given by the merchant (to a customer of /client-list) or claimed in
 * the storefront (by the customer's token, kept as its key); unused, or used by one order.
 * Expired is derived from `valid_until`.
 */
export const customerCoupons = pgTable(
  'customer_coupons',
  {
    ...merchantKeys(),
    couponId: ref('coupon_id')
      .notNull()
      .references(() => coupons.id),
    /** The /client-list customer it was given to (no key: a deleted customer leaves its name). */
    customerId: ref('customer_id'),
    /** SHA-256 of the storefront customer's token (product_orders.customer_key); null until known. */
    customerKey: text('customer_key'),
    customerName: text('customer_name').notNull().default(''),
    /**
     * An issued coupon's redeem code: the merchant sends it to the customer, who enters it in the
     * storefront to hold the coupon there (it then gets the customer's key). Empty when claimed.
     */
    code: text('code').notNull().default(''),
    source: text('source', { enum: CUSTOMER_COUPON_SOURCES }).notNull(),
    status: text('status', { enum: ['unused', 'used'] })
      .notNull()
      .default('unused'),
    validFrom: at('valid_from').notNull(),
    validUntil: at('valid_until').notNull(),
    orderId: ref('order_id'),
    orderNo: text('order_no').notNull().default(''),
    usedAt: at('used_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('customer_coupons_coupon_idx').on(t.couponId, t.createdAt),
    index('customer_coupons_customer_key_idx').on(t.merchantId, t.customerKey),
    index('customer_coupons_customer_idx').on(t.couponId, t.customerId),
    index('customer_coupons_code_idx').on(t.merchantId, t.code),
  ],
);
