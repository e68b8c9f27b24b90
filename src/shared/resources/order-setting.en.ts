import { type DictionaryOf, titlesOf } from '../resource';
import { orderSetting } from './order-setting';

export default {
  ...titlesOf(orderSetting, 'en'),
  noun: 'order settings',
  new: '',
  fields: {
    unpaidTimeoutMinutes: 'Cancel unpaid orders after (minutes)',
    autoCompleteDays: 'Complete orders after (days)',
    autoPraiseDays: 'Praise unrated orders after (days)',
    refundWindowDays: 'Refunds may be asked within (days)',
    autoAccept: 'Accept paid orders at once',
    newOrderSound: 'Sound for new orders',
    deliveryEnabled: 'Deliver orders',
    deliveryFee: 'Delivery fee (yuan)',
    deliveryMinimum: 'Delivery minimum (yuan)',
    updatedAt: 'Updated',
  },
  enums: {
    autoAccept: { true: 'On', false: 'Off' },
    newOrderSound: { true: 'On', false: 'Off' },
    deliveryEnabled: { true: 'On', false: 'Off' },
  },
  help: {
    unpaidTimeoutMinutes:
      'An order still unpaid this long after it was placed is cancelled and its stock returned (5–1440 minutes)',
    autoCompleteDays: 'This many days after delivery or serving, an order completes by itself',
    autoPraiseDays: 'This many days after completion without a rating, a good rating is given',
    refundWindowDays:
      'Within this many days of completion a customer may ask for a refund; 0: not after completion',
    deliveryFee: 'Added to a delivered order and paid with it',
    deliveryMinimum: 'The goods must come to this much for delivery; 0: no minimum',
  },
} satisfies DictionaryOf<typeof orderSetting>;
