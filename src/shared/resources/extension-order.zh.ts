import { type DictionaryOf, titlesOf } from '../resource';
import { extensionOrder } from './extension-order';
import orders from './product-order.zh';

export default {
  ...titlesOf(extensionOrder, 'zh'),
  noun: '订单',
  new: '',
  fields: {
    orderNo: '订单号',
    itemsSummary: '商品',
    totalAmount: '实付（元）',
    extensionName: '活动',
    discountAmount: '优惠（元）',
    couponName: '优惠券',
    couponDiscount: '券抵扣（元）',
    partnerName: '分销员',
    commissionRate: '佣金比例（%）',
    commission: '佣金（元）',
    commissionSettled: '已结算佣金（元）',
    commissionStatus: '佣金状态',
    status: '订单状态',
    refundedAmount: '已退款（元）',
    createdAt: '下单时间',
    paidAt: '付款时间',
  },
  enums: {
    commissionStatus: { none: '—', pending: '待结算', settled: '已结算', reversed: '已退回' },
    // The order's own statuses, as the order list says them.
    status: orders.enums.status,
  },
  keywordPlaceholder: '订单号、活动、分销员',
} satisfies DictionaryOf<typeof extensionOrder>;
