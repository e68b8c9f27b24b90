import { index, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, id, ref } from './columns';

/**
 * The sandbox payment gateway's own books (payment/sandbox): what a real gateway keeps on its
 * side. Trades by app and out_trade_no, and each app's signing key.
 */
export const paymentSandboxTrades = pgTable(
  'payment_sandbox_trades',
  {
    id: id(),
    tradeNo: text('trade_no').notNull(),
    appId: text('app_id').notNull(),
    outTradeNo: text('out_trade_no').notNull(),
    /** The product's merchant the trade is for (shown on the pay page). */
    merchantId: ref('merchant_id').notNull(),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    subject: text('subject').notNull(),
    method: text('method').notNull(),
    notifyUrl: text('notify_url').notNull(),
    status: text('status', { enum: ['WAIT_BUYER_PAY', 'TRADE_SUCCESS', 'TRADE_CLOSED'] })
      .notNull()
      .default('WAIT_BUYER_PAY'),
    /** Why it closed: declined by the payer, expired, or closed by the product. */
    closeReason: text('close_reason'),
    expiresAt: at('expires_at').notNull(),
    paidAt: at('paid_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_sandbox_trades_trade_no_key').on(t.tradeNo),
    uniqueIndex('payment_sandbox_trades_out_trade_no_key').on(t.appId, t.outTradeNo),
  ],
);

export const paymentSandboxKeys = pgTable('payment_sandbox_keys', {
  appId: text('app_id').primaryKey(),
  secret: text('secret').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
});

export const paymentSandboxRefunds = pgTable(
  'payment_sandbox_refunds',
  {
    id: id(),
    appId: text('app_id').notNull(),
    tradeNo: text('trade_no').notNull(),
    outRefundNo: text('out_refund_no').notNull(),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    reason: text('reason').notNull().default(''),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_sandbox_refunds_out_refund_no_key').on(t.appId, t.outRefundNo),
    index('payment_sandbox_refunds_trade_idx').on(t.tradeNo),
  ],
);
