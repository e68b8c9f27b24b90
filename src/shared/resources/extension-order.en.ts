import type { DictionaryOf } from '../resource';
import type { extensionOrder } from './extension-order';

export default {
  title: 'Promotion orders',
  noun: 'Order',
  new: '',
  edit: '',
  fields: {
    orderNo: 'Order no.',
    itemsSummary: 'Items',
    totalAmount: 'Paid (¥)',
    extensionName: 'Campaign',
    discountAmount: 'Discount (¥)',
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
    status: {
      unpaid: 'Unpaid',
      paid: 'New',
      accepted: 'Preparing',
      ready: 'Ready',
      delivering: 'Delivering',
      completed: 'Completed',
      cancelled: 'Cancelled',
      refunded: 'Refunded',
    },
  },
  keywordPlaceholder: 'Order no., campaign, partner',
} satisfies DictionaryOf<typeof extensionOrder>;
