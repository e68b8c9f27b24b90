import { boolean, datetime, defineResource, integer, money } from '../resource';

/**
 * /order-setting: the storefront's order rules, one set per merchant: how long an order waits for
 * its payment, when a delivered order completes and an unrated one is praised, how long a refund
 * may be asked for; whether paid orders are accepted at once and announced with a sound; whether
 * orders are delivered, for what fee and from what amount.
 */
export const orderSetting = defineResource({
  name: 'order-setting',
  route: 'order-setting',
  titles: {
    zh: { title: '订单设置', edit: '订单设置' },
    en: { title: 'Order settings', edit: 'Order settings' },
  },
  table: 'order_settings',
  menu: { group: '/order', icon: 'ProfileOutlined', order: 2 },
  fields: {
    unpaidTimeoutMinutes: integer({ required: true, min: 5, max: 1440, default: 15 }),
    autoCompleteDays: integer({ required: true, min: 1, max: 30, default: 7 }),
    autoPraiseDays: integer({ required: true, min: 1, max: 30, default: 7 }),
    refundWindowDays: integer({ required: true, min: 0, max: 30, default: 7 }),
    autoAccept: boolean({ default: false }),
    newOrderSound: boolean({ default: true }),
    deliveryEnabled: boolean({ default: false }),
    deliveryFee: money({ default: '0' }),
    deliveryMinimum: money({ default: '0' }),
    updatedAt: datetime({ readOnly: true }),
  },
  titleField: 'updatedAt',
  actions: ['detail', 'update'],
  defaultSort: 'updatedAt',
  single: true,
});

export default orderSetting;
