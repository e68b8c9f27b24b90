import { sql } from 'drizzle-orm';
import { check, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { PAY_METHODS, RECHARGE_STATUSES } from '../../../shared/cost-center';
import { LEDGER_TYPES } from '../../../shared/resources/cost-center';
import { at, ref, timestamps } from './columns';
import { merchantKeys, merchantListIndex } from './merchant';

/**
 * The cost centre's ledger: every move of a merchant's balance, written in the same transaction
 * as the balance (merchants.balance = Σ amount, checked by `npm run money:check`). Amounts are
 * signed yuan: a charge is negative. A reference is used once per type (a recharge credits its
 * order once, a charge of the same reference is the same charge).
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    ...merchantKeys(),
    type: text('type', { enum: LEDGER_TYPES }).notNull(),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    balanceAfter: numeric('balance_after', { precision: 14, scale: 2 }).notNull(),
    /** What it is for: a recharge's order number, a purchase's reference. */
    reference: text('reference').notNull(),
    /** Why, in words (the charge's reason). */
    remark: text('remark').notNull().default(''),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_entries_reference_key').on(t.merchantId, t.type, t.reference),
    merchantListIndex('ledger_entries_list_created_idx', t, t.createdAt),
    merchantListIndex('ledger_entries_type_idx', t, t.type, t.createdAt),
    check('ledger_entries_balance_after_check', sql`${t.balanceAfter} >= 0`),
  ],
);

/** Recharges: created → paid / expired / closed, paid through the payment gateway. */
export const rechargeOrders = pgTable(
  'recharge_orders',
  {
    ...merchantKeys(),
    /** Our number for it: the gateway's out_trade_no. */
    orderNo: text('order_no').notNull(),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    method: text('method', { enum: PAY_METHODS }).notNull(),
    status: text('status', { enum: RECHARGE_STATUSES }).notNull().default('created'),
    gateway: text('gateway').notNull(),
    /** The gateway's number for the trade. */
    tradeNo: text('trade_no').notNull().default(''),
    qrCode: text('qr_code').notNull().default(''),
    expiresAt: at('expires_at').notNull(),
    paidAt: at('paid_at'),
    closedAt: at('closed_at'),
    adminId: ref('admin_id'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('recharge_orders_order_no_key').on(t.orderNo),
    merchantListIndex('recharge_orders_merchant_idx', t, t.createdAt),
  ],
);
