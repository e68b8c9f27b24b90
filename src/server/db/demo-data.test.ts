import { count } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addDays, beijingDay } from '../../shared/marketplace-order';
import { createTestApp, type TestApp } from '../test-support';
import { seedDemoData } from './demo-data';
import { articles } from './schema/article';
import { customers } from './schema/customer';
import { marketplaceOrderEvents, marketplaceOrders } from './schema/marketplace-order';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

describe('demo data', () => {
  it('fills the first merchant once, and the screens read it', async () => {
    const first = await seedDemoData(t.db);
    expect(first).toMatchObject({ seeded: true, customers: 120 });
    expect((await seedDemoData(t.db)).seeded).toBe(false);
    const [n] = await t.db.select({ n: count() }).from(customers);
    expect(n?.n).toBe(120);
    const token = await t.login();
    const list = (await t.post('/admin/customer/list', { sort: 'totalSpent' }, token)).json();
    expect(list.data.total).toBe(120);
    expect((await t.post('/admin/article/list', { articleType: 1 }, token)).json().data.total).toBe(
      4,
    );
  });

  it('obeys the rules entered data obeys: nothing happens before it began or after now', async () => {
    await seedDemoData(t.db);
    const now = Date.now();
    for (const c of await t.db.select().from(customers)) {
      expect(c.registeredAt.getTime()).toBeLessThanOrEqual(now);
      if (c.lastActiveAt) {
        expect(c.lastActiveAt.getTime()).toBeGreaterThanOrEqual(c.registeredAt.getTime());
        expect(c.lastActiveAt.getTime()).toBeLessThanOrEqual(now);
      }
    }
    for (const a of await t.db.select().from(articles)) {
      expect(a.createdAt.getTime()).toBeLessThanOrEqual(now);
      if (a.publishedAt)
        expect(a.publishedAt.getTime()).toBeGreaterThanOrEqual(a.createdAt.getTime());
    }
    // Marketplace orders: shipped after they were placed, delivered after shipping, all by now.
    const orders = await t.db.select().from(marketplaceOrders);
    expect(orders.length).toBeGreaterThan(200);
    for (const o of orders) {
      expect(o.orderedAt.getTime()).toBeLessThanOrEqual(now);
      if (o.shippedAt) expect(o.shippedAt.getTime()).toBeGreaterThan(o.orderedAt.getTime());
      if (o.deliveredAt) expect(o.deliveredAt.getTime()).toBeGreaterThan(o.shippedAt!.getTime());
    }
    for (const e of await t.db.select().from(marketplaceOrderEvents))
      expect(e.createdAt.getTime()).toBeLessThanOrEqual(now);
  });

  it('adds up the marketplace orders on the overview as a count of them does', async () => {
    await seedDemoData(t.db);
    const token = await t.login();
    const today = beijingDay();
    const overview = (
      await t.post(
        '/admin/marketplace-order/overview',
        { from: addDays(today, -89), to: today },
        token,
      )
    ).json().data;
    const live = (await t.db.select().from(marketplaceOrders)).filter(
      (o) => o.status !== 'cancelled',
    );
    expect(overview.total.orders).toBe(live.length);
    expect(overview.total.units).toBe(live.reduce((sum, o) => sum + o.units, 0));
  });
});
