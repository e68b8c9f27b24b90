import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { COMMISSION_STATUSES } from '../../../shared/resources/extension-order';
import { PAY_MANNER_KINDS } from '../../../shared/resources/pay-manner';
import { PRODUCT_ORDER_STATUSES, REFUND_STATUSES } from '../../../shared/resources/product-order';
import { at, id, ref, timestamps } from './columns';
import { merchantKeys, merchantListIndex } from './merchant';

/** The storefront's orders (shared/resources/product-order.ts). */
export const productOrders = pgTable(
  'product_orders',
  {
    ...merchantKeys(),
    orderNo: text('order_no').notNull(),
    status: text('status', { enum: PRODUCT_ORDER_STATUSES }).notNull().default('unpaid'),
    mode: text('mode', { enum: ['dineIn', 'pickup', 'delivery'] })
      .notNull()
      .default('dineIn'),
    tableId: ref('table_id'),
    tableName: text('table_name').notNull().default(''),
    address: text('address').notNull().default(''),
    contactPhone: text('contact_phone').notNull().default(''),
    /** A delivered order's fee, part of its total. */
    deliveryFee: numeric('delivery_fee', { precision: 14, scale: 2 }).notNull().default('0'),
    /** The products' packaging fees of a picked-up or delivered order, part of its total. */
    packagingFee: numeric('packaging_fee', { precision: 14, scale: 2 }).notNull().default('0'),
    /** SHA-256 of the storefront's customer token: who may follow, refund and rate the order. */
    customerKey: text('customer_key').notNull(),
    /** The phone the customer had verified when placing it ('' for none): campaign limits count it. */
    buyerPhone: text('buyer_phone').notNull().default(''),
    /** The address it was placed from: what one address may leave unpaid is limited. */
    clientIp: text('client_ip').notNull().default(''),
    /**
     * Whether its items were taken from stock: when it is paid (orders placed before migration
     * 0045 took them when placed, and give them back when cancelled).
     */
    stockTaken: boolean('stock_taken').notNull().default(false),
    payManner: text('pay_manner', { enum: PAY_MANNER_KINDS }).notNull(),
    itemsSummary: text('items_summary').notNull(),
    itemCount: integer('item_count').notNull(),
    totalAmount: numeric('total_amount', { precision: 14, scale: 2 }).notNull(),
    refundedAmount: numeric('refunded_amount', { precision: 14, scale: 2 }).notNull().default('0'),
    refundStatus: text('refund_status', { enum: REFUND_STATUSES }).notNull().default('none'),
    /** What the customer asked back, while a request waits; 0 otherwise. */
    refundRequested: numeric('refund_requested', { precision: 14, scale: 2 })
      .notNull()
      .default('0'),
    refundReason: text('refund_reason').notNull().default(''),
    remark: text('remark').notNull().default(''),
    /** 取餐号: A + its place among the store's paid orders of the China day (A001), given when paid. */
    pickupNo: text('pickup_no').notNull().default(''),
    /** 就餐人数 of a dine-in order (1–99), when the customer gave it. */
    diners: integer('diners'),
    tradeNo: text('trade_no').notNull().default(''),
    payUrl: text('pay_url'),
    expiresAt: at('expires_at').notNull(),
    /** When the gateway says the customer paid. */
    paidAt: at('paid_at'),
    /**
     * When this server recorded the payment: the open list's live feed follows it, since the
     * gateway's notices may come late and out of order.
     */
    paidRecordedAt: at('paid_recorded_at'),
    acceptedAt: at('accepted_at'),
    completedAt: at('completed_at'),
    cancelledAt: at('cancelled_at'),
    evaluated: boolean('evaluated').notNull().default(false),
    /** The campaign checkout applied (its name as it was), and what it took off the goods. */
    extensionId: ref('extension_id'),
    extensionName: text('extension_name').notNull().default(''),
    discountAmount: numeric('discount_amount', { precision: 14, scale: 2 }).notNull().default('0'),
    /** The customer's coupon checkout used (its name as it was), and what it took off the goods. */
    couponId: ref('coupon_id'),
    couponName: text('coupon_name').notNull().default(''),
    couponDiscount: numeric('coupon_discount', { precision: 14, scale: 2 }).notNull().default('0'),
    /**
     * The selling partner whose invite brought the order (its name and rate as they were); the
     * commission now due (less after a refund) and what of it was paid out in settlements.
     */
    partnerId: ref('partner_id'),
    partnerName: text('partner_name').notNull().default(''),
    commissionRate: numeric('commission_rate', { precision: 5, scale: 2 }).notNull().default('0'),
    commission: numeric('commission', { precision: 14, scale: 2 }).notNull().default('0'),
    commissionSettled: numeric('commission_settled', { precision: 14, scale: 2 })
      .notNull()
      .default('0'),
    commissionStatus: text('commission_status', { enum: COMMISSION_STATUSES })
      .notNull()
      .default('none'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('product_orders_order_no_key').on(t.orderNo),
    merchantListIndex('product_orders_list_created_idx', t, t.createdAt),
    merchantListIndex('product_orders_list_status_idx', t, t.status, t.createdAt),
    merchantListIndex('product_orders_list_total_idx', t, t.totalAmount),
    index('product_orders_paid_idx').on(t.merchantId, t.paidAt),
    index('product_orders_paid_recorded_idx').on(t.merchantId, t.paidRecordedAt),
    index('product_orders_extension_idx').on(t.extensionId, t.customerKey),
    index('product_orders_extension_buyer_idx').on(t.extensionId, t.buyerPhone),
    // A storefront's unpaid orders, by customer, by phone and by address (the unpaid limits).
    index('product_orders_unpaid_customer_idx')
      .on(t.merchantId, t.customerKey)
      .where(sql`${t.status} = 'unpaid'`),
    index('product_orders_unpaid_buyer_idx')
      .on(t.merchantId, t.buyerPhone)
      .where(sql`${t.status} = 'unpaid'`),
    index('product_orders_unpaid_ip_idx')
      .on(t.merchantId, t.clientIp)
      .where(sql`${t.status} = 'unpaid'`),
    index('product_orders_partner_idx').on(t.partnerId, t.paidAt),
  ],
);

/** What an order sold, as it was sold (name, specs and price then). */
export const productOrderItems = pgTable(
  'product_order_items',
  {
    id: id(),
    orderId: ref('order_id')
      .notNull()
      .references(() => productOrders.id),
    productId: ref('product_id').notNull(),
    name: text('name').notNull(),
    image: text('image').notNull().default(''),
    specs: jsonb('specs').notNull().default(sql`'{}'::jsonb`),
    specsLabel: text('specs_label').notNull().default(''),
    /** The add-ons chosen, with their prices then (in the unit price): [{ name, price }]. */
    addons: jsonb('addons').notNull().default(sql`'[]'::jsonb`),
    /** The SKU code of the combination sold ('' when it has none). */
    skuCode: text('sku_code').notNull().default(''),
    unitPrice: numeric('unit_price', { precision: 14, scale: 2 }).notNull(),
    quantity: integer('quantity').notNull(),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    /** What refunds gave back to stock of the line: no longer counted as sold. */
    refundedQuantity: integer('refunded_quantity').notNull().default(0),
  },
  (t) => [index('product_order_items_order_idx').on(t.orderId)],
);

/** An order's timeline: each change, who made it and when. */
export const productOrderEvents = pgTable(
  'product_order_events',
  {
    id: id(),
    orderId: ref('order_id')
      .notNull()
      .references(() => productOrders.id),
    type: text('type').notNull(),
    /** customer, merchant (the account's name), gateway or system. */
    actor: text('actor').notNull(),
    amount: numeric('amount', { precision: 14, scale: 2 }),
    note: text('note').notNull().default(''),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('product_order_events_order_idx').on(t.orderId, t.id)],
);
