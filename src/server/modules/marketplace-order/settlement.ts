import Big from 'big.js';
import { and, desc, eq, gte, isNull, lt, ne } from 'drizzle-orm';
import { currencyOfSite } from '../../../shared/marketplace';
import {
  addDays,
  feeOf,
  type Settlement,
  type SettlementDifference,
} from '../../../shared/marketplace-order';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { marketplaceOrders, marketplaceSettlements } from '../../db/schema/marketplace-order';

export const SETTLE_JOB = 'marketplace-order.settle';

/** A Beijing day's first instant. */
const dayStart = (day: string) => new Date(`${day}T00:00:00+08:00`);

/** What each order of a period should pay out: goods and shipping less fees and refunds. */
async function expectedPayouts(ex: Executor, row: typeof marketplaceSettlements.$inferSelect) {
  const orders = await ex
    .select({
      orderNo: marketplaceOrders.orderNo,
      totalAmount: marketplaceOrders.totalAmount,
      goodsAmount: marketplaceOrders.goodsAmount,
      refundAmount: marketplaceOrders.refundAmount,
    })
    .from(marketplaceOrders)
    .where(
      and(
        eq(marketplaceOrders.merchantId, row.merchantId),
        eq(marketplaceOrders.marketplace, row.marketplace),
        eq(marketplaceOrders.site, row.site),
        gte(marketplaceOrders.orderedAt, dayStart(row.periodFrom)),
        lt(marketplaceOrders.orderedAt, dayStart(addDays(row.periodTo, 1))),
        ne(marketplaceOrders.status, 'cancelled'),
        ne(marketplaceOrders.status, 'pending'),
        // The sandbox reports its own orders: an Amazon account's are in Amazon's books.
        isNull(marketplaceOrders.accountId),
      ),
    );
  return orders.map((order) => {
    const fees = feeOf(row.marketplace, order.goodsAmount);
    return {
      orderNo: order.orderNo,
      totalAmount: order.totalAmount,
      fees,
      refundAmount: order.refundAmount,
      payout: new Big(order.totalAmount).minus(fees).minus(order.refundAmount).toFixed(2),
    };
  });
}

/** Each order the report and the orders disagree on: paid differently, or only on one side. */
export function compare(
  expected: { orderNo: string; payout: string }[],
  reported: { orderNo: string; payout: string }[],
): SettlementDifference[] {
  const theirs = new Map(reported.map((line) => [line.orderNo, line.payout]));
  const differences: SettlementDifference[] = [];
  for (const order of expected) {
    const paid = theirs.get(order.orderNo);
    theirs.delete(order.orderNo);
    if (paid === undefined || !new Big(paid).eq(order.payout))
      differences.push({ orderNo: order.orderNo, reported: paid ?? null, expected: order.payout });
  }
  for (const [orderNo, paid] of theirs)
    differences.push({ orderNo, reported: paid, expected: null });
  return differences;
}

/**
 * The settlement job: downloads the marketplace's report for the period (retried while the
 * marketplace is down; failed after the last try) and compares it with the orders.
 */
export function registerSettlement({ db, jobs, marketplace }: AppContext) {
  jobs.register<{ id: number }>(SETTLE_JOB, async (job) => {
    const [row] = await db
      .select()
      .from(marketplaceSettlements)
      .where(eq(marketplaceSettlements.id, job.payload.id));
    if (row?.status !== 'downloading') return { status: row?.status };
    const expected = await expectedPayouts(db, row);
    let reported: { orderNo: string; payout: string }[];
    try {
      reported = await marketplace.settlement(row, expected);
    } catch (error) {
      if (job.attempt >= job.maxAttempts)
        await db
          .update(marketplaceSettlements)
          .set({ status: 'failed' })
          .where(eq(marketplaceSettlements.id, row.id));
      throw error;
    }
    const differences = compare(expected, reported);
    const sum = (lines: { payout: string }[]) =>
      lines.reduce((total, line) => total.plus(line.payout), new Big(0)).toFixed(2);
    await db
      .update(marketplaceSettlements)
      .set({
        status: differences.length > 0 ? 'differences' : 'matched',
        orders: reported.length,
        reported: sum(reported),
        expected: sum(expected),
        differences,
      })
      .where(eq(marketplaceSettlements.id, row.id));
    return { differences: differences.length };
  });
}

/** The merchant's latest settlements. */
export async function settlementsOf(ex: Executor, merchantId: number): Promise<Settlement[]> {
  const rows = await ex
    .select()
    .from(marketplaceSettlements)
    .where(eq(marketplaceSettlements.merchantId, merchantId))
    .orderBy(desc(marketplaceSettlements.createdAt), desc(marketplaceSettlements.id))
    .limit(50);
  return rows.map((row) => ({
    id: row.id,
    marketplace: row.marketplace,
    site: row.site,
    periodFrom: row.periodFrom,
    periodTo: row.periodTo,
    status: row.status,
    orders: row.orders,
    currency: currencyOfSite(row.site),
    reported: new Big(row.reported).toFixed(2),
    expected: new Big(row.expected).toFixed(2),
    differences: row.differences as SettlementDifference[],
    createdAt: row.createdAt.toISOString(),
  }));
}
