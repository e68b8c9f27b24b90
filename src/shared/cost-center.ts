import Big from 'big.js';
import { z } from 'zod';
import { messageKey as m } from './messages';
import type { LEDGER_TYPES } from './resources/cost-center';

/**
 * The cost centre's rules (DOMAIN.md "Cost centre"): a balance in yuan that moves only through
 * ledger entries; recharges paid online within limits; charges by other areas.
 */

export type LedgerType = (typeof LEDGER_TYPES)[number];

/** The smallest and largest recharge, in yuan. */
export const RECHARGE_MIN = '1.00';
export const RECHARGE_MAX = '50000.00';
/** The amounts offered as buttons on /recharge. */
export const RECHARGE_PRESETS = ['100.00', '500.00', '1000.00', '5000.00'] as const;
/** How long a recharge's trade may be paid. */
export const RECHARGE_TTL_MINUTES = 15;

export const PAY_METHODS = ['alipay', 'wechat'] as const;
export type PayMethod = (typeof PAY_METHODS)[number];

export const RECHARGE_STATUSES = ['created', 'paid', 'expired', 'closed'] as const;
export type RechargeStatus = (typeof RECHARGE_STATUSES)[number];

/** Yuan as two decimals: "12.5" → "12.50" (exact, through big.js). */
export const toYuan = (amount: string | number) => new Big(amount).toFixed(2);

/**
 * A positive amount in yuan with at most two decimals, as a decimal string; one below zero is
 * said to be so (not that it is badly written).
 */
export const yuanAmount = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .refine((v) => /^-?\d{1,12}(\.\d{1,2})?$/.test(v), m('validation.money'))
  .transform(toYuan)
  .refine((v) => new Big(v).gt(0), m('money.positive'));

export const rechargeBody = z.object({
  amount: yuanAmount
    .refine((v) => new Big(v).gte(RECHARGE_MIN), {
      message: m('money.atLeast'),
      params: { min: RECHARGE_MIN },
    })
    .refine((v) => new Big(v).lte(RECHARGE_MAX), {
      message: m('money.atMost'),
      params: { max: RECHARGE_MAX },
    }),
  method: z.enum(PAY_METHODS),
});
export type RechargeBody = z.input<typeof rechargeBody>;

export const rechargeOrder = z.object({
  id: z.number(),
  orderNo: z.string(),
  amount: z.string(),
  method: z.enum(PAY_METHODS),
  status: z.enum(RECHARGE_STATUSES),
  /** The gateway's trade number. */
  tradeNo: z.string(),
  /** What the QR code holds: the gateway's pay page (a path on this server for the sandbox). */
  qrCode: z.string(),
  expiresAt: z.string(),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
});
export type RechargeOrder = z.infer<typeof rechargeOrder>;

export const rechargeRef = z.object({ orderNo: z.string().trim().min(1).max(40) });

export const rechargeListResult = z.object({ items: z.array(rechargeOrder) });

/** One month's figures of the ledger (yuan; charges as a positive sum). */
export const monthlyTotal = z.object({
  month: z.string(),
  recharge: z.string(),
  charge: z.string(),
  refund: z.string(),
  adjustment: z.string(),
  net: z.string(),
  entries: z.number(),
});
export type MonthlyTotal = z.infer<typeof monthlyTotal>;
export const monthlyParams = z.object({
  /** Minutes east of UTC are negative (Date#getTimezoneOffset), as the exports take them. */
  tz: z.number().int().min(-840).max(840).default(0),
  months: z.number().int().min(1).max(36).default(12),
});
export const monthlyResult = z.object({ items: z.array(monthlyTotal) });

/** A recharge's ledger line as the server writes it: the gateway's name, then its trade number. */
const RECHARGE_REMARK = /^(sandbox|alipay|wechat) (\S+)$/;

/**
 * The gateway and trade number of a recharge's ledger line ("sandbox SBX…"), which the ledger and
 * its export read in the UI's language (沙箱充值 · 流水号 SBX…); null for any other line.
 */
export function rechargeRemark(
  remark: string,
): { gateway: 'sandbox' | 'alipay' | 'wechat'; tradeNo: string } | null {
  const found = RECHARGE_REMARK.exec(remark);
  if (!found) return null;
  return { gateway: found[1] as 'sandbox' | 'alipay' | 'wechat', tradeNo: found[2]! };
}
