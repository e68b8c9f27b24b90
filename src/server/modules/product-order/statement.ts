import Big from 'big.js';
import { and, eq, gte, isNotNull, lt, sql } from 'drizzle-orm';
import type { StatementResult } from '../../../shared/product-order';
import type { Executor } from '../../db/client';
import { productOrderEvents, productOrders } from '../../db/schema/product-order';

/** A China day's first instant (China keeps +08:00 all year). */
const dayStart = (day: string) => new Date(`${day}T00:00:00+08:00`);
const nextDay = (day: string) => new Date(dayStart(day).getTime() + 86_400_000);
/** An instant's China day, in SQL. */
const chinaDay = (column: unknown) =>
  sql<string>`to_char((${column} at time zone 'UTC') + interval '8 hours', 'YYYY-MM-DD')`;

/**
 * 营业统计: the store's takings by China day and pay manner, from `from` to `to`: the orders paid
 * that day and what they came to, the refunds given that day (of whatever day's orders), and what
 * the store keeps (takings less refunds).
 */
export async function statementOf(
  ex: Executor,
  merchantId: number,
  from: string,
  to: string,
): Promise<StatementResult> {
  const start = dayStart(from);
  const end = nextDay(to);
  const paidDay = chinaDay(productOrders.paidAt);
  const paid = await ex
    .select({
      day: paidDay,
      payManner: productOrders.payManner,
      orders: sql<number>`count(*)::int`,
      takings: sql<string>`coalesce(sum(${productOrders.totalAmount}), 0)::text`,
    })
    .from(productOrders)
    .where(
      and(
        eq(productOrders.merchantId, merchantId),
        isNotNull(productOrders.paidAt),
        gte(productOrders.paidAt, start),
        lt(productOrders.paidAt, end),
      ),
    )
    .groupBy(paidDay, productOrders.payManner);
  const refundDay = chinaDay(productOrderEvents.createdAt);
  const refunded = await ex
    .select({
      day: refundDay,
      payManner: productOrders.payManner,
      refunds: sql<string>`coalesce(sum(${productOrderEvents.amount}), 0)::text`,
    })
    .from(productOrderEvents)
    .innerJoin(productOrders, eq(productOrders.id, productOrderEvents.orderId))
    .where(
      and(
        eq(productOrders.merchantId, merchantId),
        eq(productOrderEvents.type, 'refund'),
        // A payment that came after its order was cancelled went back: neither taken nor refunded.
        isNotNull(productOrders.paidAt),
        gte(productOrderEvents.createdAt, start),
        lt(productOrderEvents.createdAt, end),
      ),
    )
    .groupBy(refundDay, productOrders.payManner);
  const rows = new Map<
    string,
    { day: string; payManner: string; orders: number; takings: Big; refunds: Big }
  >();
  const rowOf = (day: string, payManner: string) => {
    const key = `${day} ${payManner}`;
    let row = rows.get(key);
    if (!row) {
      row = { day, payManner, orders: 0, takings: new Big(0), refunds: new Big(0) };
      rows.set(key, row);
    }
    return row;
  };
  for (const p of paid) {
    const row = rowOf(p.day, p.payManner);
    row.orders = Number(p.orders);
    row.takings = new Big(p.takings);
  }
  for (const r of refunded) rowOf(r.day, r.payManner).refunds = new Big(r.refunds);
  const sorted = [...rows.values()].sort(
    (a, b) => a.day.localeCompare(b.day) || a.payManner.localeCompare(b.payManner),
  );
  const sum = (pick: (r: (typeof sorted)[number]) => Big) =>
    sorted.reduce((total, r) => total.plus(pick(r)), new Big(0));
  const takings = sum((r) => r.takings);
  const refunds = sum((r) => r.refunds);
  return {
    rows: sorted.map((r) => ({
      day: r.day,
      payManner: r.payManner,
      orders: r.orders,
      takings: r.takings.toFixed(2),
      refunds: r.refunds.toFixed(2),
      net: r.takings.minus(r.refunds).toFixed(2),
    })),
    total: {
      orders: sorted.reduce((n, r) => n + r.orders, 0),
      takings: takings.toFixed(2),
      refunds: refunds.toFixed(2),
      net: takings.minus(refunds).toFixed(2),
    },
  };
}
