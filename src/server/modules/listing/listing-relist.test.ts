import { asc, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { feedItems, feeds } from '../../db/schema/feeds';
import { goods, goodsVariants } from '../../db/schema/goods';
import { listings } from '../../db/schema/listing';
import { operationLogs } from '../../db/schema/operation-log';
import { SandboxMarketplace } from '../../marketplace/sandbox';
import { createOtherMerchant, createTestApp, type TestApp } from '../../test-support';
import { processFeed } from '../feeds/service';

/**
 * 重新上架 (/admin/listing/relist): an off-sale listing goes back on sale with its goods' stock,
 * through `relisting` while its stock feed is on its way. The queue's worker stays off: the
 * sandbox works each feed by hand (processFeed), as the worker would.
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

/** A goods whose variants are `[sku, stock]`; its id. */
async function goodsOf(variants: [string, number][], merchantId = 1) {
  const [row] = await t.db
    .insert(goods)
    .values({ merchantId, title: 'Pan', status: 'listed' })
    .returning({ id: goods.id });
  await t.db.insert(goodsVariants).values(
    variants.map(([sellerSku, stock], i) => ({
      merchantId,
      goodsId: row!.id,
      options: { n: String(i) },
      sellerSku,
      stock,
    })),
  );
  return row!.id;
}

/** Sandbox listings on Amazon US, `[sku, stock, status]` each; their ids. */
async function listed(
  rows: [string, number, 'active' | 'inactive' | 'suppressed'][],
  merchantId = 1,
) {
  const made = await t.db
    .insert(listings)
    .values(
      rows.map(([sellerSku, stock, status]) => ({
        merchantId,
        marketplace: 'amazon' as const,
        site: 'US',
        sellerSku,
        listingId: `B-${sellerSku}`,
        title: `Pan ${sellerSku}`,
        price: '25.00',
        currency: 'USD',
        stock,
        status,
      })),
    )
    .returning({ id: listings.id });
  return made.map((r) => r.id);
}

const state = async () =>
  (await t.db.select().from(listings).orderBy(asc(listings.sellerSku))).map((l) => [
    l.sellerSku,
    l.stock,
    l.status,
  ]);
const allFeeds = () => t.db.select().from(feeds).orderBy(feeds.id);
const sandbox = () => new SandboxMarketplace({ chaos: 0, batchMs: 0, random: () => 0 });

describe('listing: 重新上架 (relist)', () => {
  it('sends the goods’ stock, shows 上架中, then 在售 once the marketplace took it', async () => {
    await goodsOf([
      ['PAN-A', 12],
      ['PAN-B', 3],
    ]);
    const [a, b, live] = await listed([
      ['PAN-A', 0, 'inactive'],
      ['PAN-B', 0, 'inactive'],
      ['PAN-C', 4, 'active'],
    ]);
    const done = await call('/admin/listing/relist', { ids: [a, b, live] });
    expect(done.code, done.msg).toBe(200);
    expect(done.data).toMatchObject({ changed: 2, skipped: 1 });
    expect(await state()).toEqual([
      ['PAN-A', 12, 'relisting'],
      ['PAN-B', 3, 'relisting'],
      ['PAN-C', 4, 'active'],
    ]);
    const [feed, more] = await allFeeds();
    expect(more).toBeUndefined();
    expect(feed).toMatchObject({ kind: 'inventory', total: 2, batchNo: done.data.batchNos[0] });
    const items = await t.db.select().from(feedItems).where(eq(feedItems.feedId, feed!.id));
    expect(items.map((i) => [i.sellerSku, i.stock, i.price])).toEqual([
      ['PAN-A', 12, null],
      ['PAN-B', 3, null],
    ]);

    // On its way back, it is not edited, nor relisted twice.
    const edit = await call('/admin/listing/update', { id: a, price: '30.00' });
    expect(edit.code).toBe(40900);
    expect(edit.msg).toContain('PAN-A');
    expect((await call('/admin/listing/relist', { ids: [a, b] })).code).toBe(40900);

    await processFeed(t.db, sandbox(), feed!.id);
    expect(await state()).toEqual([
      ['PAN-A', 12, 'active'],
      ['PAN-B', 3, 'active'],
      ['PAN-C', 4, 'active'],
    ]);
    const [log] = await t.db
      .select()
      .from(operationLogs)
      .where(eq(operationLogs.action, 'listing.relist'));
    expect(log).toMatchObject({ targetType: 'listing', targetId: `${a},${b}` });
    expect(log!.detail).toMatchObject({ skus: ['PAN-A', 'PAN-B'], count: 2 });
  });

  it('delist then relist: off sale, and back with the stock the goods has now', async () => {
    await goodsOf([['PAN-A', 9]]);
    const [a] = await listed([['PAN-A', 9, 'active']]);
    expect((await call('/admin/listing/delist', { ids: [a] })).code).toBe(200);
    await processFeed(t.db, sandbox(), (await allFeeds())[0]!.id);
    expect(await state()).toEqual([['PAN-A', 0, 'inactive']]);
    await t.db.update(goodsVariants).set({ stock: 6 }).where(eq(goodsVariants.sellerSku, 'PAN-A'));
    expect((await call('/admin/listing/relist', { ids: [a] })).code).toBe(200);
    await processFeed(t.db, sandbox(), (await allFeeds())[1]!.id);
    expect(await state()).toEqual([['PAN-A', 6, 'active']]);
  });

  it('refuses, naming the SKUs, when the goods has no stock or was deleted; all or none', async () => {
    await goodsOf([
      ['PAN-A', 5],
      ['PAN-EMPTY', 0],
    ]);
    const [a, empty, gone] = await listed([
      ['PAN-A', 0, 'inactive'],
      ['PAN-EMPTY', 0, 'inactive'],
      ['PAN-GONE', 0, 'inactive'],
    ]);
    const noStock = await call('/admin/listing/relist', { ids: [a, empty] });
    expect(noStock.code).toBe(40900);
    expect(noStock.msg).toContain('PAN-EMPTY');
    expect(noStock.msg).toContain('库存为 0');
    const deleted = await call('/admin/listing/relist', { ids: [a, gone] });
    expect(deleted.code).toBe(40900);
    expect(deleted.msg).toContain('PAN-GONE');
    expect(deleted.msg).toContain('已删除');
    expect(await allFeeds()).toEqual([]);
    expect((await state()).map((row) => row[2])).toEqual(['inactive', 'inactive', 'inactive']);
  });

  it('refuses when nothing chosen is off sale, and another merchant’s listing is not found', async () => {
    await goodsOf([['PAN-A', 5]]);
    const [a] = await listed([['PAN-A', 5, 'active']]);
    const nothing = await call('/admin/listing/relist', { ids: [a] });
    expect(nothing.code).toBe(40900);
    const other = await createOtherMerchant(t);
    const [theirs] = await listed([['THEIRS', 0, 'inactive']], other.merchant.id);
    expect((await call('/admin/listing/relist', { ids: [theirs] })).code).toBe(40400);
    expect(await allFeeds()).toEqual([]);
  });
});
