import { MARKETPLACES, SITES } from '../marketplace';
import {
  datetime,
  decimal,
  defineResource,
  enumOf,
  integer,
  money,
  phone,
  tags,
  text,
} from '../resource';

/**
 * Marketplace orders (DOMAIN.md "Goods and marketplace"): what buyers bought on the merchant's
 * live listings. The marketplace sends each order; the merchant ships it with a carrier and a
 * tracking number, the marketplace delivers it. pending (the buyer's payment is being checked) →
 * unshipped → shipped → delivered; cancelled before shipping; refunded (in part or in full) after.
 */
export const MARKETPLACE_ORDER_STATUSES = [
  'pending',
  'unshipped',
  'shipped',
  'delivered',
  'cancelled',
  'refunded',
] as const;
/** The carriers a shipment names (the marketplaces' own lists hold these). */
export const CARRIERS = [
  'UPS',
  'USPS',
  'FedEx',
  'DHL',
  'Yanwen',
  'YunExpress',
  '4PX',
  'Other',
] as const;

/**
 * /orders-list: what buyers bought on the merchant's live listings, as the marketplace sent it:
 * amounts in the order's currency and in yuan at the order day's rate, the marketplace's fee, and
 * the way pending → unshipped → shipped → delivered (cancelled, refunded). Shipping (one order,
 * many, or a file), cancelling, refunding and the sandbox buyer are the area's own calls
 * (server/modules/marketplace-order); lines and timeline are in shared/marketplace-order.ts.
 */
export const marketplaceOrder = defineResource({
  name: 'marketplace-order',
  route: 'orders-list',
  titles: {
    zh: {
      title: '平台订单',
      permissions: { ship: '发货', refund: '取消与退款', phone: '查看收件人完整电话' },
    },
    en: {
      title: 'Marketplace orders',
      permissions: {
        ship: 'ship',
        refund: 'cancel and refund',
        phone: 'see the full recipient phone',
      },
    },
  },
  table: 'marketplace_orders',
  menu: { group: '/orders', icon: 'ProfileOutlined', order: 0 },
  fields: {
    orderNo: text({ readOnly: true, list: 180 }),
    marketplace: enumOf(MARKETPLACES, { readOnly: true, list: 80, filter: 'select' }),
    site: enumOf(SITES, { readOnly: true, list: 70, filter: 'select' }),
    buyer: text({ readOnly: true, max: 64, list: 120, filter: 'exact' }),
    itemsSummary: text({ readOnly: true, list: true }),
    skus: tags({ readOnly: true, filter: 'tag', itemMax: 64, detail: false }),
    units: integer({ readOnly: true, list: 60 }),
    currency: text({ readOnly: true }),
    goodsAmount: decimal({ readOnly: true, scale: 2 }),
    shippingAmount: decimal({ readOnly: true, scale: 2 }),
    totalAmount: decimal({ readOnly: true, scale: 2, list: 110 }),
    exchangeRate: decimal({ readOnly: true, scale: 4 }),
    totalCny: money({ readOnly: true, list: 100, sortable: true }),
    feesCny: money({ readOnly: true }),
    refundAmount: decimal({ readOnly: true, scale: 2 }),
    refundCny: money({ readOnly: true }),
    status: enumOf(MARKETPLACE_ORDER_STATUSES, { readOnly: true, list: 90, filter: 'select' }),
    carrier: enumOf(CARRIERS, { readOnly: true, nullable: true }),
    trackingNo: text({ readOnly: true }),
    shipBy: datetime({ readOnly: true }),
    orderedAt: datetime({ readOnly: true, list: 160, sortable: true, filter: 'range' }),
    shippedAt: datetime({ readOnly: true }),
    deliveredAt: datetime({ readOnly: true }),
    /** The ship-to address (empty where the marketplace withholds it: Amazon's restricted data). */
    shipName: text({ readOnly: true }),
    /** Masked like customers' phones without orders-list.phone. */
    shipPhone: phone({ readOnly: true, masked: 'orders-list.phone' }),
    shipAddress1: text({ readOnly: true, detail: false }),
    shipAddress2: text({ readOnly: true, detail: false }),
    shipCity: text({ readOnly: true, detail: false }),
    shipState: text({ readOnly: true, detail: false }),
    shipPostalCode: text({ readOnly: true, detail: false }),
    shipCountry: text({ readOnly: true, detail: false }),
    /** The shipping label bought for it: its carrier and tracking number. */
    labelCarrier: text({ readOnly: true }),
    labelTrackingNo: text({ readOnly: true }),
    labelAt: datetime({ readOnly: true }),
  },
  titleField: 'orderNo',
  keyword: ['orderNo'],
  actions: ['list', 'detail', 'export'],
  defaultSort: 'orderedAt',
  permissions: ['orders-list.ship', 'orders-list.refund', 'orders-list.phone'],
});

export default marketplaceOrder;
