import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { goods, goodsVariants } from '../../db/schema/goods';
import { goodsSettings } from '../../db/schema/goods-setting';
import { createTestApp, type TestApp } from '../../test-support';

/**
 * Under the list's default sort a variation family comes together, as Seller Central shows it:
 * the parent, then its children, whatever was changed in between; a sort the user picks is flat.
 * Paging by cursor and by number walks the same order.
 */
let t: TestApp;
let token: string;
beforeEach(async () => {
  t = await createTestApp({
    JOB_POLL_MS: '20',
    MARKETPLACE_SANDBOX_CHAOS: '0',
    MARKETPLACE_SANDBOX_BATCH_MS: '0',
  });
  token = await t.login();
});
afterEach(() => t.close());

const call = async (url: string, body: unknown = {}) => {
  const res = (await t.post(url, body, token)).json();
  expect(res.code, JSON.stringify(res)).toBe(200);
  return res.data;
};

async function readyGoods(title: string, variants: [string, string, Record<string, string>][]) {
  const [row] = await t.db
    .insert(goods)
    .values({
      merchantId: 1,
      title,
      status: 'ready',
      images: ['https://img.example.com/a.jpg'],
      bulletPoints: ['Sturdy'],
      variantCount: variants.length,
      attributes:
        variants.length > 1
          ? [
              { name: '颜色', values: ['红', '蓝'] },
              { name: '尺码', values: ['M', 'L'] },
            ]
          : [],
    })
    .returning();
  await t.db.insert(goodsVariants).values(
    variants.map(([sellerSku, upc, options], i) => ({
      merchantId: 1,
      goodsId: row!.id,
      sellerSku,
      upc,
      options,
      cost: '72.00',
      price: '99.00',
      stock: 5,
      sortOrder: i,
    })),
  );
  return row!;
}

/** Sends goods to Amazon US and waits until the marketplace answered. */
async function send(settingId: number, goodsId: number) {
  const sent = await call('/admin/feeds/send', { settingId, goodsIds: [goodsId] });
  await settled(sent.id);
}

async function settled(id: number) {
  for (let i = 0; i < 300; i++) {
    const feed = await call('/admin/feeds/detail', { id });
    if (!['queued', 'processing'].includes(feed.status)) return feed;
    await sleep(20);
  }
  throw new Error(`feed ${id} did not settle`);
}

const skus = (items: { sellerSku: string }[]) => items.map((i) => i.sellerSku);

describe('listing: a variation family under the default sort', () => {
  it('lists the parent with its children right after it; a picked sort is flat; pages walk the same order', async () => {
    const [setting] = await t.db
      .insert(goodsSettings)
      .values({
        merchantId: 1,
        name: 'Amazon US',
        marketplace: 'amazon',
        site: 'US',
        currency: 'USD',
        exchangeRate: '7.2000',
        markupPercent: '30',
        fixedFee: '5',
        defaultStock: 20,
      })
      .returning();
    const shirt = await readyGoods('Linen shirt', [
      ['SHIRT-RED-M', '036000291452', { 颜色: '红', 尺码: 'M' }],
      ['SHIRT-BLUE-L', '4006381333931', { 颜色: '蓝', 尺码: 'L' }],
    ]);
    await send(setting!.id, shirt.id);
    // An unrelated listing made after the family, then a child changed after it: by time alone
    // the single would sit between the family's rows.
    const mug = await readyGoods('Mug', [['MUG', '012345678905', {}]]);
    await send(setting!.id, mug.id);
    const all = await call('/admin/listing/list', { pageSize: 20 });
    expect(skus(all.items).sort()).toEqual([
      'MUG',
      'SHIRT-BLUE-L',
      'SHIRT-RED-M',
      'SHIRT-RED-M-PARENT',
    ]);
    const blue = all.items.find((i: { sellerSku: string }) => i.sellerSku === 'SHIRT-BLUE-L');
    await call('/admin/listing/update', { id: blue.id, stock: 9 });
    const [stockFeed] = (await call('/admin/feeds/list', { kind: 'inventory' })).items;
    await settled(stockFeed.id);

    // Flat by time (what the default sort was): the changed child first, the single next.
    const byTime = await call('/admin/listing/list', { sort: 'lastSyncAt', pageSize: 20 });
    expect(skus(byTime.items)[0]).toBe('SHIRT-BLUE-L');

    const grouped = [
      'MUG',
      'SHIRT-RED-M-PARENT',
      // The children by the default sort (last changed first).
      'SHIRT-BLUE-L',
      'SHIRT-RED-M',
    ];
    expect(skus((await call('/admin/listing/list', { pageSize: 20 })).items)).toEqual(grouped);
    // Going up, still the parent first.
    expect(skus((await call('/admin/listing/list', { pageSize: 20, order: 'asc' })).items)).toEqual(
      ['MUG', 'SHIRT-RED-M-PARENT', 'SHIRT-RED-M', 'SHIRT-BLUE-L'],
    );
    // A filter keeps the grouping: the family's rows, the parent first.
    expect(
      skus((await call('/admin/listing/list', { keyword: 'SHIRT', pageSize: 20 })).items),
    ).toEqual(grouped.slice(1));

    // Paging on by cursor, a row a page, and by page number, two a page: the same order.
    const walked: string[] = [];
    let cursor: string | undefined;
    for (let i = 0; i < 10; i++) {
      const page = await call('/admin/listing/list', { pageSize: 1, cursor });
      walked.push(...skus(page.items));
      cursor = page.nextCursor ?? undefined;
      if (!cursor) break;
    }
    expect(walked).toEqual(grouped);
    const second = await call('/admin/listing/list', { page: 2, pageSize: 2 });
    expect(skus(second.items)).toEqual(grouped.slice(2));

    // A column's sort is flat: by SKU, the family's rows apart.
    expect(
      skus((await call('/admin/listing/list', { sort: 'sellerSku', order: 'asc' })).items),
    ).toEqual(['MUG', 'SHIRT-BLUE-L', 'SHIRT-RED-M', 'SHIRT-RED-M-PARENT']);
    // A cursor of a flat sort is not one of the grouped order.
    const flat = await call('/admin/listing/list', { sort: 'sellerSku', pageSize: 1 });
    const refused = await t.post(
      '/admin/listing/list',
      { pageSize: 1, cursor: flat.nextCursor },
      token,
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().data.fields[0].field).toBe('cursor');
  });
});
