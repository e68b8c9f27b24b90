import { type DictionaryOf, titlesOf } from '../resource';
import { extensionOrder } from './extension-order';
import orders from './product-order.en';

export default {
  ...titlesOf(extensionOrder, 'en'),
  noun: 'Order',
  new: '',
  fields: {
    orderNo: 'Order no.',
    itemsSummary: 'Items',
    totalAmount: 'Paid (¥)',
    extensionName: 'Campaign',
    discountAmount: 'Discount (¥)',
    couponName: 'Coupon',
    couponDiscount: 'Coupon discount (¥)',
    partnerName: 'Partner',
    commissionRate: 'Commission rate (%)',
    commission: 'Commission (¥)',
    commissionSettled: 'Commission settled (¥)',
    commissionStatus: 'Commission',
    status: 'Order status',
    refundedAmount: 'Refunded (¥)',
    createdAt: 'Placed',
    paidAt: 'Paid',
  },
  enums: {
    commissionStatus: {
      none: '—',
      pending: 'To settle',
      settled: 'Settled',
      reversed: 'Taken back',
    },
    // The order's own statuses, as the order list says them.
    status: orders.enums.status,
  },
  keywordPlaceholder: 'Order no., campaign, partner',
} satisfies DictionaryOf<typeof extensionOrder>;
