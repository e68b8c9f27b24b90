import { datetime, defineResource, enumOf, integer, money, text } from '../resource';
import { PAY_MANNER_KINDS } from './pay-manner';

/**
 * A storefront order's way: unpaid → paid → accepted → ready (to pick up or served at the table)
 * or delivering (on its way to the customer) → completed; cancelled before it is
 * paid (by the customer, the merchant or the unpaid time-out) or after, with its money back;
 * refunded when every yuan went back.
 */
export const PRODUCT_ORDER_STATUSES = [
  'unpaid',
  'paid',
  'accepted',
  'ready',
  'delivering',
  'completed',
  'cancelled',
  'refunded',
] as const;
/** A refund's way beside the order's: asked → refunded (in part or in full) or refused. */
export const REFUND_STATUSES = ['none', 'requested', 'refunded', 'rejected'] as const;
/** How the customer gets the order: at their table, at the counter, or brought to them. */
export const ORDER_MODES = ['dineIn', 'pickup', 'delivery'] as const;

/**
 * /product-order: the storefront's orders, as the counter works them all day: each paid order
 * appears without a reload (with a sound) and is accepted, made ready and completed; the money
 * goes back through the gateway, in part or in full. Lines and timeline are in shared/product-order.ts.
 */
export const productOrder = defineResource({
  name: 'product-order',
  route: 'product-order',
  titles: {
    zh: { title: '商品订单', permissions: { refund: '退款与拒绝退款' } },
    en: { title: 'Product orders', permissions: { refund: 'refund and refuse refunds' } },
  },
  table: 'product_orders',
  menu: { group: '/order', icon: 'ContainerOutlined', order: 0 },
  fields: {
    orderNo: text({ readOnly: true, list: 190 }),
    itemsSummary: text({ readOnly: true, list: true }),
    itemCount: integer({ readOnly: true, detail: false }),
    totalAmount: money({ readOnly: true, list: 100, sortable: true }),
    status: enumOf(PRODUCT_ORDER_STATUSES, { readOnly: true, list: 90, filter: 'select' }),
    refundStatus: enumOf(REFUND_STATUSES, { readOnly: true, list: 90, filter: 'select' }),
    refundedAmount: money({ readOnly: true }),
    refundRequested: money({ readOnly: true }),
    refundReason: text({ readOnly: true }),
    mode: enumOf(ORDER_MODES, { readOnly: true, list: 80, filter: 'select' }),
    pickupNo: text({ readOnly: true, list: 80 }),
    tableName: text({ readOnly: true, list: 90 }),
    diners: integer({ readOnly: true, nullable: true }),
    address: text({ readOnly: true }),
    contactPhone: text({ readOnly: true }),
    buyerPhone: text({ readOnly: true }),
    deliveryFee: money({ readOnly: true }),
    packagingFee: money({ readOnly: true }),
    extensionName: text({ readOnly: true }),
    discountAmount: money({ readOnly: true }),
    couponName: text({ readOnly: true }),
    couponDiscount: money({ readOnly: true }),
    payManner: enumOf(PAY_MANNER_KINDS, {
      readOnly: true,
      list: 90,
      filter: 'select',
    }),
    remark: text({ readOnly: true }),
    tradeNo: text({ readOnly: true }),
    createdAt: datetime({ readOnly: true, list: 160, sortable: true, filter: 'range' }),
    paidAt: datetime({ readOnly: true }),
    completedAt: datetime({ readOnly: true }),
  },
  titleField: 'orderNo',
  // A phone is found by all its digits or its last four (the keyword is matched anywhere).
  keyword: ['orderNo', 'pickupNo', 'itemsSummary', 'contactPhone', 'buyerPhone'],
  actions: ['list', 'detail', 'export'],
  defaultSort: 'createdAt',
  transitions: {
    confirmPaid: { from: ['unpaid'], to: 'paid' },
    accept: { from: ['paid'], to: 'accepted' },
    ready: { from: ['accepted'], to: 'ready' },
    deliver: { from: ['accepted'], to: 'delivering' },
    complete: { from: ['ready', 'delivering'], to: 'completed' },
  },
  // Giving money back (a refund, or refusing one asked for) is its own permission, as the
  // marketplace orders' is: an account that works the orders at the counter does not refund.
  permissions: ['product-order.refund'],
});

export default productOrder;
