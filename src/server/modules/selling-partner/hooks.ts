import { randomInt } from 'node:crypto';
import Big from 'big.js';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { ResultCode } from '../../../shared/envelope';
import { INVITE_ALPHABET } from '../../../shared/extension';
import { message } from '../../../shared/messages';
import { PAID_STATUSES } from '../../../shared/product-order';
import type { Executor } from '../../db/client';
import { productOrders } from '../../db/schema/product-order';
import { sellingPartners } from '../../db/schema/selling-partner';
import { AppError, fieldError } from '../../errors';
import type { ResourceHooks } from '../../kit/resource-routes';
import { keepWhenOrdered } from '../extension/in-use';

/** A new invite code no partner of the merchant has (8 characters of 31: a clash is rare). */
export async function freshCode(tx: Executor, merchantId: number) {
  for (;;) {
    const code = Array.from(
      { length: 8 },
      () => INVITE_ALPHABET[randomInt(INVITE_ALPHABET.length)],
    ).join('');
    const [taken] = await tx
      .select({ id: sellingPartners.id })
      .from(sellingPartners)
      .where(and(eq(sellingPartners.merchantId, merchantId), eq(sellingPartners.inviteCode, code)));
    if (!taken) return code;
  }
}

/**
 * A partner gets its invite code when added; its rate is at most 50 %, and an applicant at 0 % is
 * not approved by the plain transition. Its figures are read from
 * the orders its link brought: customers, paid orders, commission earned (what is due now, less
 * after refunds) and paid out. One with orders is disabled, not deleted.
 */
export default {
  async beforeWrite(values, { request, tx, before }) {
    if ('commissionRate' in values && new Big((values.commissionRate as string) || 0).gt(50))
      throw fieldError('commissionRate', message('validation.max', { max: 50 }));
    // An applicant comes at 0 %: approved only with a rate (the list's 通过 asks for it, and says
    // when it is 0 on purpose: approve-rate).
    if (
      before?.status === 'pending' &&
      values.status === 'approved' &&
      new Big((before.commissionRate as string) || 0).eq(0)
    )
      throw new AppError(
        ResultCode.CONFLICT,
        message('selling-partner:zeroRateApprove' as never, { name: before.name as string }),
      );
    if (before) return values;
    return { ...values, inviteCode: await freshCode(tx, request.auth!.merchantId) };
  },
  async decorate(rows, { ex }) {
    if (rows.length === 0) return;
    const figures = await ex
      .select({
        id: productOrders.partnerId,
        customers: sql<number>`count(distinct ${productOrders.customerKey})::int`,
        orders: sql<number>`count(*) filter (where ${inArray(productOrders.status, [...PAID_STATUSES])})::int`,
        earned: sql<string>`coalesce(sum(${productOrders.commission}), 0)::text`,
        settled: sql<string>`coalesce(sum(${productOrders.commissionSettled}), 0)::text`,
      })
      .from(productOrders)
      .where(
        and(
          inArray(
            productOrders.partnerId,
            rows.map((row) => row.id as number),
          ),
          ne(productOrders.commissionStatus, 'none'),
        ),
      )
      .groupBy(productOrders.partnerId);
    const byId = new Map(figures.map((f) => [Number(f.id), f]));
    for (const row of rows) {
      const f = byId.get(row.id as number);
      row.customerCount = Number(f?.customers ?? 0);
      row.orderCount = Number(f?.orders ?? 0);
      row.commissionEarned = new Big(f?.earned ?? 0).toFixed(2);
      row.commissionSettled = new Big(f?.settled ?? 0).toFixed(2);
    }
  },
  beforeDelete: (rows, { tx }) =>
    keepWhenOrdered(tx, rows, productOrders.partnerId, 'selling-partner:rules.inUse'),
} satisfies ResourceHooks;
