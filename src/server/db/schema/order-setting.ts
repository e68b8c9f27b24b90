import { boolean, integer, numeric, pgTable, uniqueIndex } from 'drizzle-orm/pg-core';
import { at } from './columns';
import { merchantKeys } from './merchant';

/** The storefront's order rules (/order-setting): one row per merchant, enforced by jobs. */
export const orderSettings = pgTable(
  'order_settings',
  {
    ...merchantKeys(),
    unpaidTimeoutMinutes: integer('unpaid_timeout_minutes').notNull().default(15),
    autoCompleteDays: integer('auto_complete_days').notNull().default(7),
    autoPraiseDays: integer('auto_praise_days').notNull().default(7),
    refundWindowDays: integer('refund_window_days').notNull().default(7),
    autoAccept: boolean('auto_accept').notNull().default(false),
    newOrderSound: boolean('new_order_sound').notNull().default(true),
    deliveryEnabled: boolean('delivery_enabled').notNull().default(false),
    deliveryFee: numeric('delivery_fee', { precision: 14, scale: 2 }).notNull().default('0'),
    deliveryMinimum: numeric('delivery_minimum', { precision: 14, scale: 2 })
      .notNull()
      .default('0'),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('order_settings_merchant_key').on(t.merchantId)],
);
