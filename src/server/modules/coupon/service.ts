import { randomInt } from 'node:crypto';
import Big from 'big.js';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import {
  type CouponTerms,
  couponCovers,
  couponDiscountOf,
  stateOf,
  validityOf,
} from '../../../shared/coupon';
import { ResultCode } from '../../../shared/envelope';
import { type CartLine, INVITE_ALPHABET } from '../../../shared/extension';
import { message } from '../../../shared/messages';
import { offerTermsOf } from '../../../shared/promotion-terms';
import type { Executor } from '../../db/client';
import { coupons, customerCoupons } from '../../db/schema/coupon';
import { AppError, notFound } from '../../errors';

type Coupon = typeof coupons.$inferSelect;
type CustomerCoupon = typeof customerCoupons.$inferSelect;

/** A coupon's refusal (409), in the coupon dictionary's words. */
export const couponConflict = (key: string, params?: Record<string, string | number>) =>
  new AppError(ResultCode.CONFLICT, message(`coupon:errors.${key}` as never, params), 409);

/** A coupon's terms: its offer (as a campaign's) and its validity. */
export const termsOf = (row: Coupon): CouponTerms => ({
  ...offerTermsOf(row),
  validity: row.validity,
  startAt: row.startAt,
  endAt: row.endAt,
  validDays: row.validDays,
});

/** The merchant's coupon, locked until the transaction ends (issuing and claiming count under it). */
export async function lockCoupon(tx: Executor, merchantId: number, id: number) {
  const [row] = await tx
    .select()
    .from(coupons)
    .where(and(eq(coupons.id, id), eq(coupons.merchantId, merchantId)))
    .for('update');
  if (!row) throw notFound(message('coupon:noun' as never));
  return row;
}

/** A redeem code: 8 characters without the ones read alike, as invite codes. */
export const redeemCode = () =>
  Array.from({ length: 8 }, () => INVITE_ALPHABET[randomInt(INVITE_ALPHABET.length)]).join('');

/** Whether a coupon may be handed out now: active, and its fixed validity not over. */
function assertIssuable(row: Coupon, now: Date) {
  if (row.status !== 'active') throw couponConflict('notActive');
  if (row.validity === 'fixed' && row.endAt && row.endAt.getTime() <= now.getTime())
    throw couponConflict('ended');
}

export interface Holder {
  customerId?: number | null;
  customerKey?: string | null;
  customerName?: string;
}

/**
 * Hands one coupon (locked by the caller) to each holder, within its total and each holder's
 * limit: all of them, or none (the call is refused with why).
 */
export async function handOut(
  tx: Executor,
  row: Coupon,
  holders: readonly Holder[],
  source: 'issued' | 'claimed',
  now = new Date(),
) {
  assertIssuable(row, now);
  if (row.issuedCount + holders.length > row.totalQuantity) throw couponConflict('soldOut');
  // One holder: the same key (a phone, a device), or the same customer of /client-list (issued
  // to them by code, or by their verified phone too).
  const same = (a: Holder, b: Holder) =>
    (!!a.customerKey && a.customerKey === b.customerKey) ||
    (!!a.customerId && a.customerId === b.customerId);
  for (const holder of holders) {
    const who =
      holder.customerKey || holder.customerId
        ? or(
            holder.customerKey ? eq(customerCoupons.customerKey, holder.customerKey) : undefined,
            holder.customerId ? eq(customerCoupons.customerId, holder.customerId) : undefined,
          )
        : eq(customerCoupons.customerId, 0);
    const [held] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(customerCoupons)
      .where(and(eq(customerCoupons.couponId, row.id), who));
    const also = holders.filter((h) => same(h, holder)).length;
    if (Number(held?.n ?? 0) + also > row.perCustomerLimit)
      throw couponConflict('limit', { limit: row.perCustomerLimit });
  }
  const { from, until } = validityOf(termsOf(row), now);
  const inserted = await tx
    .insert(customerCoupons)
    .values(
      holders.map((holder) => ({
        merchantId: row.merchantId,
        couponId: row.id,
        customerId: holder.customerId ?? null,
        customerKey: holder.customerKey ?? null,
        customerName: holder.customerName ?? '',
        code: source === 'issued' ? redeemCode() : '',
        source,
        validFrom: from,
        validUntil: until,
      })),
    )
    .returning();
  await tx
    .update(coupons)
    .set({ issuedCount: row.issuedCount + holders.length, updatedAt: now })
    .where(eq(coupons.id, row.id));
  return inserted;
}

/**
 * The customer's coupon checkout uses (in the order's transaction), locked so that two checkouts
 * at once never both use it: the customer's own (held under one of `holders`: the device's key,
 * the verified phone's), unused, valid now, the cart reaching its threshold with goods in its scope. Its discount is what it takes off alone; the caller weighs it
 * against the campaign (combineDiscounts).
 */
export async function takeCoupon(
  tx: Executor,
  merchantId: number,
  holders: readonly string[],
  id: number,
  lines: readonly CartLine[],
  now = new Date(),
) {
  const [held] = await tx
    .select()
    .from(customerCoupons)
    .where(
      and(
        eq(customerCoupons.id, id),
        eq(customerCoupons.merchantId, merchantId),
        inArray(customerCoupons.customerKey, [...holders]),
      ),
    )
    .for('update');
  if (!held) throw couponConflict('notFound');
  if (held.status === 'used') throw couponConflict('used');
  if (held.validFrom.getTime() > now.getTime() || stateOf(held, now) === 'expired')
    throw couponConflict('expired');
  const [row] = await tx.select().from(coupons).where(eq(coupons.id, held.couponId));
  if (!row) throw couponConflict('notFound');
  const terms = termsOf(row);
  if (!couponCovers(terms, lines)) throw couponConflict('scope');
  const discount = couponDiscountOf(terms, lines);
  if (new Big(discount).lte(0))
    throw couponConflict('threshold', { threshold: new Big(row.threshold).toFixed(2) });
  return { held, coupon: row, discount };
}

/** Marks the customer's coupon used by the order. */
export async function markUsed(
  tx: Executor,
  held: CustomerCoupon,
  order: { id: number; orderNo: string },
) {
  await tx
    .update(customerCoupons)
    .set({ status: 'used', orderId: order.id, orderNo: order.orderNo, usedAt: new Date() })
    .where(eq(customerCoupons.id, held.id));
}

/**
 * Gives an order's coupon back to its customer (the order cancelled unpaid, or refunded in full):
 * unused again, as long as it is still valid; an expired one stays with the order.
 */
export async function giveBack(tx: Executor, order: { id: number; couponId: number | null }) {
  if (!order.couponId) return;
  await tx
    .update(customerCoupons)
    .set({ status: 'unused', orderId: null, orderNo: '', usedAt: null })
    .where(
      and(
        eq(customerCoupons.id, order.couponId),
        eq(customerCoupons.orderId, order.id),
        sql`${customerCoupons.validUntil} > now()`,
      ),
    );
}

/** Used counts of coupons, by coupon id. */
export async function usedCounts(ex: Executor, ids: number[]) {
  if (ids.length === 0) return new Map<number, number>();
  const rows = await ex
    .select({ id: customerCoupons.couponId, n: sql<number>`count(*)::int` })
    .from(customerCoupons)
    .where(and(inArray(customerCoupons.couponId, ids), eq(customerCoupons.status, 'used')))
    .groupBy(customerCoupons.couponId);
  return new Map(rows.map((r) => [Number(r.id), Number(r.n)]));
}
