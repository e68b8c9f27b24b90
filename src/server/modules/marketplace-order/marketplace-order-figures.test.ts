import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../../shared/marketplace-order';
import { marketplaceOrders, marketplaceSettlements } from '../../db/schema/marketplace-order';
import { BUYERS_JOB } from './sandbox-buyers';
import { compare } from './settlement';
import { buy, call, listing, M, ok, restartApp, t, today, withMarketplaceApp } from './test-orders';

withMarketplaceApp();

describe('marketplace orders: periods, settlements and figures', () => {
  it('refuses a period backwards, over 400 days, or of days no calendar has', async () => {
    expect((await call(`${M}/overview`, { from: today, to: addDays(today, -1) })).code).toBe(40000);
    expect((await call(`${M}/overview`, { from: addDays(today, -400), to: today })).code).toBe(
      40000,
    );
    // Year 0 is no day to PostgreSQL, nor is 30 February to anyone.
    for (const from of ['0000-01-01', '2026-02-30', '1899-12-31']) {
      const body = { from, to: from, by: 'goods', sort: 'sales' };
      expect((await call(`${M}/ranking`, body)).code, from).toBe(40000);
      expect((await call(`${M}/overview`, { from, to: from })).code, from).toBe(40000);
    }
  });

  it('downloads a settlement and lists the orders it pays differently', async () => {
    const live = await listing();
    const a = await buy(live.id, 2);
    await buy(live.id, 1, 'Bob');
    const { id } = await ok(`${M}/settle`, {
      marketplace: 'amazon',
      site: 'US',
      from: today,
      to: today,
    });
    await t.app.jobs.drain();
    const [first] = await ok(`${M}/settlements`);
    expect(first).toMatchObject({
      id,
      status: 'matched',
      orders: 2,
      currency: 'USD',
      differences: [],
    });
    // 50.00 - 7.50 fee, and 25.00 - 3.75.
    expect(first.expected).toBe('63.75');

    // A refund the report does not know of yet.
    await ok(`${M}/ship`, { shipments: [{ id: a.id, carrier: 'UPS', trackingNo: 'Z9' }] });
    await t.db
      .update(marketplaceOrders)
      .set({ refundAmount: '5.00' })
      .where(eq(marketplaceOrders.id, a.id));
    await ok(`${M}/settle`, { marketplace: 'amazon', site: 'US', from: today, to: today });
    await t.app.jobs.drain();
    const [second] = (await ok(`${M}/settlements`)) as { id: number; status: string }[];
    expect(second.status).toBe('matched');
    const [stored] = await t.db
      .select()
      .from(marketplaceSettlements)
      .where(eq(marketplaceSettlements.id, second.id));
    expect(stored!.expected).toBe('58.75');
  });

  it('has the sandbox’s own buyers order on live listings at the rate set', async () => {
    await restartApp({ MARKETPLACE_SANDBOX_ORDERS_PER_HOUR: '3600' });
    await listing();
    await listing({ sellerSku: 'SOLD-OUT', stock: 0 });
    await t.app.jobs.enqueue(BUYERS_JOB, {});
    await t.app.jobs.drain();
    const rows = (await ok(`${M}/list`, { page: 1, pageSize: 20 })).items;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ skus: ['PAN-28'], status: 'unshipped' });
    // It queued its next run, a second on.
    const [queued] = (
      (await t.db.execute(
        sql`select count(*)::int as n from jobs where name = ${BUYERS_JOB} and state = 'queued'`,
      )) as { rows: { n: number }[] }
    ).rows;
    expect(queued!.n).toBe(1);
  });

  it('compares a report with the orders line by line', () => {
    expect(
      compare(
        [
          { orderNo: 'A', payout: '10.00' },
          { orderNo: 'B', payout: '5.00' },
          { orderNo: 'C', payout: '1.00' },
        ],
        [
          { orderNo: 'A', payout: '10' },
          { orderNo: 'B', payout: '4.99' },
          { orderNo: 'D', payout: '2.00' },
        ],
      ),
    ).toEqual([
      { orderNo: 'B', reported: '4.99', expected: '5.00' },
      { orderNo: 'C', reported: null, expected: '1.00' },
      { orderNo: 'D', reported: '2.00', expected: null },
    ]);
  });

  it('keeps the daily figures equal to a count of the orders', async () => {
    const live = await listing({ stock: 100 });
    const ids: number[] = [];
    for (const [i, buyer] of ['A', 'B', 'C', 'A'].entries())
      ids.push((await buy(live.id, i + 1, buyer)).id);
    await ok(`${M}/cancel`, { id: ids[1] });
    const [counted] = (
      (await t.db.execute(sql`
        select count(*)::int as orders, sum(units)::int as units, sum(total_cny)::text as sales
        from marketplace_orders where merchant_id = 1 and status <> 'cancelled'`)) as {
        rows: unknown[];
      }
    ).rows as { orders: number; units: number; sales: string }[];
    const overview = await ok(`${M}/overview`, { from: today, to: today });
    expect(overview.total).toMatchObject({ orders: counted!.orders, units: counted!.units });
    expect(Number(overview.total.sales)).toBe(Number(counted!.sales));
    const buyers = await ok(`${M}/ranking`, {
      from: today,
      to: today,
      by: 'buyers',
      sort: 'units',
    });
    expect(buyers.rows.map((r: { key: string; units: number }) => [r.key, r.units])).toEqual([
      ['A', 5],
      ['C', 3],
    ]);
  });
});
