import { datetime, decimal, defineResource, enumOf, money, text } from '../resource';
import { PRODUCT_ORDER_STATUSES } from './product-order';

/**
 * What an order owes its selling partner: nothing without one; pending until settled; settled
 * when what was paid out equals what is due; reversed when a refund took all of it back before
 * any was paid out.
 */
export const COMMISSION_STATUSES = ['none', 'pending', 'settled', 'reversed'] as const;

/**
 * /extension-order: the storefront's orders that a campaign discounted or a selling partner
 * brought (the same rows as /product-order, seen for promotion): the discount, the commission
 * and whether it was settled.
 */
export const extensionOrder = defineResource({
  name: 'extension-order',
  route: 'extension-order',
  titles: {
    zh: { title: '推广订单' },
    en: { title: 'Promotion orders' },
  },
  table: 'product_orders',
  menu: { group: '/extension', icon: 'AuditOutlined', order: 2 },
  fields: {
    orderNo: text({ readOnly: true, list: 190 }),
    itemsSummary: text({ readOnly: true, list: true }),
    totalAmount: money({ readOnly: true, list: 100, sortable: true }),
    extensionName: text({ readOnly: true, list: 130 }),
    discountAmount: money({ readOnly: true, list: 90 }),
    couponName: text({ readOnly: true, list: 110 }),
    couponDiscount: money({ readOnly: true, list: 90 }),
    partnerName: text({ readOnly: true, list: 100 }),
    commissionRate: decimal({ readOnly: true, scale: 2 }),
    commission: money({ readOnly: true, list: 90 }),
    commissionSettled: money({ readOnly: true }),
    commissionStatus: enumOf(COMMISSION_STATUSES, { readOnly: true, list: 90, filter: 'select' }),
    status: enumOf(PRODUCT_ORDER_STATUSES, { readOnly: true, list: 90, filter: 'select' }),
    refundedAmount: money({ readOnly: true }),
    createdAt: datetime({ readOnly: true, list: 160, sortable: true, filter: 'range' }),
    paidAt: datetime({ readOnly: true }),
  },
  titleField: 'orderNo',
  keyword: ['orderNo', 'extensionName', 'partnerName'],
  actions: ['list', 'detail', 'export'],
  defaultSort: 'createdAt',
  viewOf: 'product-order',
});

export default extensionOrder;
