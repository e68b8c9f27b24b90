import { count } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support';
import { seedDemoData } from './demo-data';
import { articles, customers } from './schema';

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
  });
});
