import { eq, inArray } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { feedItems, feeds } from '../../db/schema/feeds';
import { listings } from '../../db/schema/listing';
import { operationLogs } from '../../db/schema/operation-log';
import { SandboxMarketplace } from '../../marketplace/sandbox';
import {
  createAccount,
  createOtherMerchant,
  createTestApp,
  type TestApp,
} from '../../test-support';
import { processFeed } from '../feeds/service';

/**
 * Listings changed many at once (/admin/listing/delist and bulk-edit): the queue's worker stays
 * off, so that each step is seen before the marketplace answers; the sandbox then works the feed
 * (processFeed, as the worker would) and its answer settles the listings.
 */
let t: TestApp;
let token: string;
beforeEach(async () => {
  t = await createTestApp({ JOBS: 'off' });
  token = await t.login();
});
afterEach(() => t.close());

const call = async (url: string, body: unknown = {}, as = token) =>
  (await t.post(url, body, as)).json();

/** Sandbox listings on Amazon US, `[sku, price, stock, status]` each; their ids. */
async function listed(
  rows: [string, string, number, 'active' | 'inactive' | 'suppressed'][],
  merchantId = 1,
) {
  const made = await t.db
    .insert(listings)
    .values(
      rows.map(([sellerSku, price, stock, status]) => ({
        merchantId,
        marketplace: 'amazon' as const,
        site: 'US',
        sellerSku,
        listingId: `B-${sellerSku}`,
        title: `Pan ${sellerSku}`,
        price,
        currency: 'USD',
        stock,
        status,
      })),
    )
    .returning({ id: listings.id });
  return made.map((r) => r.id);
}

/** Each listing as `[sku, price, stock, status]`, by SKU. */
async function state() {
  const rows = await t.db.select().from(listings).orderBy(listings.sellerSku);
  return rows.map((l) => [l.sellerSku, l.price, l.stock, l.status]);
}

const allFeeds = () => t.db.select().from(feeds).orderBy(feeds.id);
const itemsOf = (feedId: number) =>
  t.db.select().from(feedItems).where(eq(feedItems.feedId, feedId)).orderBy(feedItems.id);
const sandbox = (chaos = 0) => new SandboxMarketplace({ chaos, batchMs: 0, random: () => 0 });

describe('listing: 下架 (delist)', () => {
  it('sends a stock feed of 0, shows 下架中, then 已下架 once the marketplace took it', async () => {
    const [a, b, off] = await listed([
      ['PAN-A', '25.00', 10, 'active'],
      ['PAN-B', '19.99', 3, 'suppressed'],
      ['PAN-C', '12.00', 0, 'inactive'],
    ]);
    const done = await call('/admin/listing/delist', { ids: [a, b, off] });
    expect(done.code, done.msg).toBe(200);
    expect(done.data).toMatchObject({ changed: 2, skipped: 1 });
    expect(done.data.batchNos).toHaveLength(1);
    expect(await state()).toEqual([
      ['PAN-A', '25.00', 0, 'delisting'],
      ['PAN-B', '19.99', 0, 'delisting'],
      ['PAN-C', '12.00', 0, 'inactive'],
    ]);
    const [feed] = await allFeeds();
    expect(feed).toMatchObject({ kind: 'inventory', status: 'queued', total: 2, merchantId: 1 });
    expect(feed!.batchNo).toBe(done.data.batchNos[0]);
    expect((await itemsOf(feed!.id)).map((i) => [i.sellerSku, i.stock, i.price])).toEqual([
      ['PAN-A', 0, null],
      ['PAN-B', 0, null],
    ]);

    // Going off sale, it is not edited, nor taken off sale twice.
    const edit = await call('/admin/listing/update', { id: a, price: '30.00' });
    expect(edit.code).toBe(40900);
    expect(edit.msg).toContain('PAN-A');
    const again = await call('/admin/listing/delist', { ids: [a, off] });
    expect(again.code).toBe(40900);
    expect(await allFeeds()).toHaveLength(1);

    // The marketplace takes it: off sale.
    await processFeed(t.db, sandbox(), feed!.id);
    expect(await state()).toEqual([
      ['PAN-A', '25.00', 0, 'inactive'],
      ['PAN-B', '19.99', 0, 'inactive'],
      ['PAN-C', '12.00', 0, 'inactive'],
    ]);
    const [log] = await t.db
      .select()
      .from(operationLogs)
      .where(eq(operationLogs.action, 'listing.delist'));
    expect(log).toMatchObject({ targetType: 'listing', targetId: `${a},${b}` });
    expect(log!.detail).toMatchObject({ skus: ['PAN-A', 'PAN-B'], count: 2 });
  });

  it('leaves a variation family’s parent alone: it is not sold itself', async () => {
    const [child, parent] = await listed([
      ['SHIRT-M', '13.70', 5, 'active'],
      ['SHIRT-M-PARENT', '0', 0, 'active'],
    ]);
    await t.db
      .update(listings)
      .set({ variationTheme: 'Size' })
      .where(inArray(listings.id, [child!, parent!]));
    await t.db.update(listings).set({ parentSku: 'SHIRT-M-PARENT' }).where(eq(listings.id, child!));
    const chosen = await call('/admin/listing/chosen', { ids: [child, parent] });
    expect(chosen.data.items.map((l: { parent: boolean }) => l.parent)).toEqual([false, true]);
    const priced = await call('/admin/listing/bulk-edit', {
      ids: [child, parent],
      field: 'price',
      mode: 'percent',
      value: '10',
    });
    expect(priced.data).toMatchObject({ changed: 1, skipped: 1 });
    expect((await call('/admin/listing/delist', { ids: [parent] })).code, 'a parent alone').toBe(
      40900,
    );
    const delisted = await call('/admin/listing/delist', { ids: [child, parent] });
    expect(delisted.data).toMatchObject({ changed: 1, skipped: 1 });
    expect(await state()).toEqual([
      ['SHIRT-M', '15.07', 0, 'delisting'],
      ['SHIRT-M-PARENT', '0.00', 0, 'active'],
    ]);
  });

  it('says why when the marketplace refuses the whole feed, instead of 下架中 for ever', async () => {
    const [a] = await listed([['PAN-A', '25.00', 10, 'active']]);
    expect((await call('/admin/listing/delist', { ids: [a] })).code).toBe(200);
    const [feed] = await allFeeds();
    await processFeed(t.db, sandbox(1), feed!.id);
    const [row] = await t.db.select().from(listings).where(eq(listings.id, a!));
    expect([row!.status, row!.reason]).toEqual(['suppressed', 'marketplace-unavailable']);
  });
});

describe('listing: 批量改价 / 批量改库存', () => {
  it('moves prices by a percentage, sets them, and sends one price feed each time', async () => {
    const [a, b, off] = await listed([
      ['PAN-A', '25.00', 10, 'active'],
      ['PAN-B', '19.99', 3, 'active'],
      ['PAN-C', '12.05', 0, 'inactive'],
    ]);
    const up = await call('/admin/listing/bulk-edit', {
      ids: [a, b, off],
      field: 'price',
      mode: 'percent',
      value: '10',
    });
    expect(up.code, up.msg).toBe(200);
    expect(up.data).toMatchObject({ changed: 3, skipped: 0 });
    // 25.00 × 1.1 = 27.50; 19.99 × 1.1 = 21.989 → 21.99; 12.05 × 1.1 = 13.255 → 13.26 (half up).
    expect(await state()).toEqual([
      ['PAN-A', '27.50', 10, 'active'],
      ['PAN-B', '21.99', 3, 'active'],
      ['PAN-C', '13.26', 0, 'inactive'],
    ]);
    const [feed] = await allFeeds();
    expect(feed).toMatchObject({ kind: 'price', total: 3, batchNo: up.data.batchNos[0] });
    expect((await itemsOf(feed!.id)).map((i) => [i.sellerSku, i.price, i.stock])).toEqual([
      ['PAN-A', '27.50', null],
      ['PAN-B', '21.99', null],
      ['PAN-C', '13.26', null],
    ]);
    // Taken: the listings on sale stay on sale; the one off sale stays off sale.
    await processFeed(t.db, sandbox(), feed!.id);
    expect((await state()).map((row) => row[3])).toEqual(['active', 'active', 'inactive']);

    const fixed = await call('/admin/listing/bulk-edit', {
      ids: [a, b],
      field: 'price',
      mode: 'set',
      value: '9.9',
    });
    expect(fixed.data).toMatchObject({ changed: 2 });
    const down = await call('/admin/listing/bulk-edit', {
      ids: [a],
      field: 'price',
      mode: 'add',
      value: '-1.5',
    });
    expect(down.data).toMatchObject({ changed: 1 });
    expect((await state()).map((row) => row[1])).toEqual(['8.40', '9.90', '13.26']);
    expect(await allFeeds()).toHaveLength(3);

    const log = await t.db
      .select()
      .from(operationLogs)
      .where(eq(operationLogs.action, 'listing.bulkPrice'))
      .orderBy(operationLogs.id);
    expect(log).toHaveLength(3);
    expect(log[0]!.detail).toMatchObject({
      field: 'price',
      mode: 'percent',
      value: '10',
      count: 3,
      changes: { 'PAN-A': ['25.00', '27.50'], 'PAN-B': ['19.99', '21.99'] },
    });
  });

  it('changes stock by an amount and sends one stock feed', async () => {
    const [a, b] = await listed([
      ['PAN-A', '25.00', 10, 'active'],
      ['PAN-B', '19.99', 3, 'active'],
    ]);
    const less = await call('/admin/listing/bulk-edit', {
      ids: [a, b],
      field: 'stock',
      mode: 'add',
      value: '-3',
    });
    expect(less.code, less.msg).toBe(200);
    expect((await state()).map((row) => row[2])).toEqual([7, 0]);
    const [feed] = await allFeeds();
    expect(feed).toMatchObject({ kind: 'inventory', total: 2 });
    expect((await itemsOf(feed!.id)).map((i) => [i.sellerSku, i.stock, i.price])).toEqual([
      ['PAN-A', 7, null],
      ['PAN-B', 0, null],
    ]);
    const [log] = await t.db
      .select()
      .from(operationLogs)
      .where(eq(operationLogs.action, 'listing.bulkStock'));
    expect(log!.detail).toMatchObject({ count: 2, changes: { 'PAN-A': [10, 7], 'PAN-B': [3, 0] } });
  });

  it('refuses a price of 0, a stock below 0 and another merchant’s listings, changing nothing', async () => {
    const [a, b] = await listed([
      ['PAN-A', '25.00', 10, 'active'],
      ['PAN-B', '1.00', 3, 'active'],
    ]);
    const other = await createOtherMerchant(t);
    const [theirs] = await listed([['THEIRS', '50.00', 5, 'active']], other.merchant.id);
    const before = await state();
    const refused = async (body: Record<string, unknown>, code = 40000) => {
      const res = await call('/admin/listing/bulk-edit', { ids: [a, b], ...body });
      expect(res.code, JSON.stringify(body)).toBe(code);
      return res;
    };
    for (const body of [
      { field: 'price', mode: 'set', value: '0' },
      { field: 'price', mode: 'set', value: '0.00' },
      { field: 'price', mode: 'set', value: '-5' },
      { field: 'price', mode: 'percent', value: '-100' },
      { field: 'price', mode: 'set', value: '1000000' },
      { field: 'price', mode: 'set', value: '1.234' },
      { field: 'price', mode: 'add', value: '0' },
      { field: 'stock', mode: 'set', value: '-1' },
      { field: 'stock', mode: 'set', value: '1.5' },
      { field: 'price', mode: 'half', value: '5' },
    ])
      expect((await refused(body)).data.fields.map((f: { field: string }) => f.field)).toEqual([
        body.mode === 'half' ? 'mode' : 'value',
      ]);
    // Within bounds alone, out of them for one listing: 1.00 − 1.00 is 0, refused by its SKU.
    const zero = await refused({ field: 'price', mode: 'add', value: '-1' });
    expect(zero.msg).toContain('PAN-B');
    expect(zero.msg).not.toContain('PAN-A');
    const below = await refused({ field: 'stock', mode: 'add', value: '-4' });
    expect(below.msg).toContain('PAN-B');
    // Too many at once.
    const many = await call('/admin/listing/bulk-edit', {
      ids: Array.from({ length: 101 }, (_, i) => i + 1),
      field: 'price',
      mode: 'set',
      value: '5',
    });
    expect(many.code).toBe(40000);

    // Another merchant's listing among the chosen: not found, nothing changed, on either side.
    const mixed = await call('/admin/listing/bulk-edit', {
      ids: [a, theirs],
      field: 'price',
      mode: 'set',
      value: '5',
    });
    expect(mixed.code).toBe(40400);
    expect((await call('/admin/listing/delist', { ids: [a, theirs] })).code).toBe(40400);
    expect((await call('/admin/listing/delist', { ids: [a] }, other.token)).code).toBe(40400);
    const peek = await call('/admin/listing/chosen', { ids: [a, theirs] }, other.token);
    expect(peek.data.items.map((l: { sellerSku: string }) => l.sellerSku)).toEqual(['THEIRS']);

    // An account without the listings screen may do neither.
    const clerk = await createAccount(t, { name: 'clerk', permissions: ['feeds-list'] });
    expect((await call('/admin/listing/delist', { ids: [a] }, clerk.token)).code).toBe(40300);
    expect(
      (
        await call(
          '/admin/listing/bulk-edit',
          { ids: [a], field: 'price', mode: 'set', value: '5' },
          clerk.token,
        )
      ).code,
    ).toBe(40300);

    expect(await state()).toEqual(before);
    expect(await allFeeds()).toEqual([]);
    const logged = await t.db
      .select()
      .from(operationLogs)
      .where(inArray(operationLogs.action, ['listing.bulkPrice', 'listing.delist']));
    expect(logged).toEqual([]);
  });
});
