import { asc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { feedItems, feeds } from '../../db/schema/feeds';
import { listings } from '../../db/schema/listing';
import { operationLogs } from '../../db/schema/operation-log';
import { SandboxMarketplace } from '../../marketplace/sandbox';
import { createTestApp, type TestApp } from '../../test-support';
import { processFeed } from '../feeds/service';

/**
 * A goods' stock follows to its listings (库存同步): the variant grid's save and the goods import
 * send each live listing of a SKU whose stock changed its new stock, one stock feed per
 * marketplace and site. The queue's worker stays off: the sandbox works each feed by hand.
 */
let t: TestApp;
let token: string;
beforeEach(async () => {
  t = await createTestApp({ JOBS: 'off' });
  token = await t.login();
});
afterEach(() => t.close());

const call = async (url: string, body: Record<string, unknown> = {}) =>
  (await t.post(url, body, token)).json();

const sizes = [{ name: '尺码', values: ['M', 'L'] }];
const grid = (stockM: number, stockL: number) =>
  [
    ['M', 'POT-M', stockM],
    ['L', 'POT-L', stockL],
  ].map(([size, sellerSku, stock]) => ({
    options: { 尺码: size },
    sellerSku,
    upc: '',
    cost: '10.00',
    price: '30.00',
    stock,
    weight: 500,
  }));

/** A goods with two variants (M 5, L 8) and listings of them: `[sku, site, stock, status]`. */
async function goodsListed(rows: [string, string, number, 'active' | 'inactive' | 'suppressed'][]) {
  const made = await call('/admin/goods/create', { title: 'Stock pot' });
  const goodsId = made.data.id as number;
  const saved = await call('/admin/goods/variants/save', {
    goodsId,
    attributes: sizes,
    variants: grid(5, 8),
  });
  expect(saved.code, saved.msg).toBe(200);
  // No listing yet: the first save sends nothing.
  expect(await t.db.select().from(feeds)).toEqual([]);
  await t.db.insert(listings).values(
    rows.map(([sellerSku, site, stock, status]) => ({
      merchantId: 1,
      goodsId,
      marketplace: 'amazon' as const,
      site,
      sellerSku,
      listingId: `B-${sellerSku}-${site}`,
      title: `Stock pot ${sellerSku}`,
      price: '9.99',
      currency: site === 'DE' ? 'EUR' : 'USD',
      stock,
      status,
    })),
  );
  return goodsId;
}

const state = async () =>
  (await t.db.select().from(listings).orderBy(asc(listings.site), asc(listings.sellerSku))).map(
    (l) => [l.sellerSku, l.site, l.stock, l.status],
  );
const allFeeds = () => t.db.select().from(feeds).orderBy(feeds.id);
const itemsOf = async (feedId: number) =>
  (
    await t.db.select().from(feedItems).where(eq(feedItems.feedId, feedId)).orderBy(feedItems.id)
  ).map((i) => [i.sellerSku, i.stock, i.price]);
const sandbox = () => new SandboxMarketplace({ chaos: 0, batchMs: 0, random: () => 0 });

describe('goods stock → listings', () => {
  it('a grid save sends the new stock to the live listings, one feed per site', async () => {
    const goodsId = await goodsListed([
      ['POT-M', 'US', 5, 'active'],
      ['POT-L', 'US', 8, 'active'],
      ['POT-M', 'DE', 5, 'suppressed'],
      // Taken off sale by hand: stays off sale.
      ['POT-L', 'DE', 0, 'inactive'],
    ]);
    const saved = await call('/admin/goods/variants/save', {
      goodsId,
      attributes: sizes,
      variants: grid(2, 20),
    });
    expect(saved.code, saved.msg).toBe(200);
    expect(await state()).toEqual([
      ['POT-L', 'DE', 0, 'inactive'],
      ['POT-M', 'DE', 2, 'suppressed'],
      ['POT-L', 'US', 20, 'active'],
      ['POT-M', 'US', 2, 'active'],
    ]);
    const sent = await allFeeds();
    expect(sent.map((f) => [f.kind, f.site, f.total])).toEqual([
      ['inventory', 'US', 2],
      ['inventory', 'DE', 1],
    ]);
    expect(await itemsOf(sent[0]!.id)).toEqual([
      ['POT-M', 2, null],
      ['POT-L', 20, null],
    ]);
    expect(await itemsOf(sent[1]!.id)).toEqual([['POT-M', 2, null]]);
    const [log] = await t.db
      .select()
      .from(operationLogs)
      .where(eq(operationLogs.action, 'goods.variants'))
      .orderBy(operationLogs.id)
      .offset(1);
    expect(log!.detail).toMatchObject({ listings: 3, feeds: sent.map((f) => f.batchNo) });

    // The marketplace takes them: the refused one is live again.
    for (const feed of sent) await processFeed(t.db, sandbox(), feed.id);
    expect((await state()).map(([sku, site, , status]) => `${sku}@${site}:${status}`)).toEqual([
      'POT-L@DE:inactive',
      'POT-M@DE:active',
      'POT-L@US:active',
      'POT-M@US:active',
    ]);

    // Stock run out: 0 goes out, the listing stays on sale (and sells again once stock is back).
    await call('/admin/goods/variants/save', { goodsId, attributes: sizes, variants: grid(0, 20) });
    const [, , out] = await allFeeds();
    expect(await itemsOf(out!.id)).toEqual([['POT-M', 0, null]]);
    await call('/admin/goods/variants/save', { goodsId, attributes: sizes, variants: grid(0, 20) });
    // Nothing changed: no feed.
    expect(await allFeeds()).toHaveLength(4);
  });

  it('an import that updates stock sends it to the live listings', async () => {
    await goodsListed([
      ['POT-M', 'US', 5, 'active'],
      ['POT-L', 'US', 8, 'active'],
    ]);
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('商品');
    sheet.addRow(['商品标题', '卖家 SKU', '库存']);
    sheet.addRow(['Stock pot', 'POT-M', 7]);
    sheet.addRow(['Stock pot', 'POT-L', 8]);
    const file = Buffer.from(await workbook.xlsx.writeBuffer());
    const done = (
      await t.importFile('commit', file, { kind: 'goods', existing: 'update' }, token)
    ).json();
    expect(done.data, done.msg).toMatchObject({ updated: 2 });
    expect(await state()).toEqual([
      ['POT-L', 'US', 8, 'active'],
      ['POT-M', 'US', 7, 'active'],
    ]);
    const [feed, more] = await allFeeds();
    expect(more).toBeUndefined();
    expect(await itemsOf(feed!.id)).toEqual([['POT-M', 7, null]]);
  });

  it('a marketplace order takes its units from the goods’ stock too; a cancel gives them back', async () => {
    const goodsId = await goodsListed([['POT-M', 'US', 5, 'active']]);
    const [listing] = await t.db.select().from(listings);
    const bought = await call('/admin/marketplace-order/sandbox/buy', {
      listingId: listing!.id,
      quantity: 2,
      buyer: 'Alice',
    });
    expect(bought.code, bought.msg).toBe(200);
    const stockOf = async () =>
      (await call('/admin/goods/variants', { goodsId })).data.variants.map(
        (v: { sellerSku: string; stock: number }) => [v.sellerSku, v.stock],
      );
    expect(await stockOf()).toEqual([
      ['POT-M', 3],
      ['POT-L', 8],
    ]);
    expect((await call('/admin/goods/detail', { id: goodsId })).data.stockTotal).toBe(11);
    expect(await state()).toEqual([['POT-M', 'US', 3, 'active']]);

    const cancelled = await call('/admin/marketplace-order/cancel', {
      id: bought.data.id,
      reason: 'buyer asked',
    });
    expect(cancelled.code, cancelled.msg).toBe(200);
    expect(await stockOf()).toEqual([
      ['POT-M', 5],
      ['POT-L', 8],
    ]);
    expect((await call('/admin/goods/detail', { id: goodsId })).data.stockTotal).toBe(13);
  });

  it('a unit sold on one site leaves the same SKU’s listings on the others at once, and comes back to them on a cancel', async () => {
    await goodsListed([
      ['POT-M', 'US', 5, 'active'],
      ['POT-M', 'DE', 5, 'active'],
      ['POT-M', 'UK', 5, 'inactive'],
    ]);
    const us = (await t.db.select().from(listings)).find((l) => l.site === 'US')!;
    const bought = await call('/admin/marketplace-order/sandbox/buy', {
      listingId: us.id,
      quantity: 2,
      buyer: 'Alice',
    });
    expect(bought.code, bought.msg).toBe(200);
    // The German listing follows the goods (5 → 3) by a stock feed; the one off sale stays.
    expect(await state()).toEqual([
      ['POT-M', 'DE', 3, 'active'],
      ['POT-M', 'UK', 5, 'inactive'],
      ['POT-M', 'US', 3, 'active'],
    ]);
    const [feed] = await allFeeds();
    expect(feed).toMatchObject({ site: 'DE', kind: 'inventory' });
    expect(await itemsOf(feed!.id)).toEqual([['POT-M', 3, null]]);

    expect(
      (await call('/admin/marketplace-order/cancel', { id: bought.data.id, reason: 'buyer asked' }))
        .code,
    ).toBe(200);
    expect(await state()).toEqual([
      ['POT-M', 'DE', 5, 'active'],
      ['POT-M', 'UK', 5, 'inactive'],
      ['POT-M', 'US', 5, 'active'],
    ]);
  });
});
