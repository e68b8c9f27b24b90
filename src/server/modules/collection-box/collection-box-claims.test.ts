import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { collectionBox as collectionBoxTable } from '../../db/schema/collection-box';
import { goods } from '../../db/schema/goods';
import { operationLogs } from '../../db/schema/operation-log';
import { createOtherMerchant } from '../../test-support';
import {
  collect,
  detail,
  origin,
  t,
  token,
  UPLOAD,
  withCollectionBoxApp,
} from './test-collection-box';

withCollectionBoxApp();

describe('claiming', () => {
  it('makes a goods draft of an item, in bulk, and ignores others', async () => {
    const results = await collect({
      urls: [`${origin}/ld`, `${origin}/graph`, `${origin}/og`].join('\n'),
    });
    const [shoe, mug, shirt] = results.map((r) => r.id!);
    const claimed = (
      await t.post('/admin/collection-box/claim', { ids: [shoe, mug] }, token)
    ).json();
    expect(claimed.data).toEqual({ changed: 2 });
    const item = (await detail(shoe!)).data;
    expect(item.status).toBe('claimed');
    const [draft] = await t.db.select().from(goods).where(eq(goods.id, item.goodsId));
    expect(draft).toMatchObject({
      merchantId: 1,
      title: 'Trail Running Shoe',
      brand: 'Peakfoot',
      status: 'draft',
      images: item.images,
      description: '<p>Light &amp; grippy.</p>',
    });
    expect(draft!.images).toEqual([UPLOAD, UPLOAD]);
    const mugGoods = (await detail(mug!)).data.goodsId;
    expect(mugGoods).toBeGreaterThan(0);
    expect(mugGoods).not.toBe(item.goodsId);
    const goodsList = (await t.post('/admin/goods/list', {}, token)).json().data;
    expect(goodsList.total).toBe(2);

    expect(
      (await t.post('/admin/collection-box/ignore', { ids: [shirt] }, token)).json().data,
    ).toEqual({ changed: 1 });
    // A claimed or ignored item is not claimed again.
    const again = (
      await t.post('/admin/collection-box/claim', { ids: [shoe, shirt] }, token)
    ).json();
    expect(again.code).toBe(40900);
    expect((await t.post('/admin/goods/list', {}, token)).json().data.total).toBe(2);
    const actions = (await t.db.select().from(operationLogs)).map((row) => row.action);
    expect(actions).toEqual(
      expect.arrayContaining(['collection-box.claim', 'collection-box.ignore']),
    );
    const filtered = (
      await t.post('/admin/collection-box/list', { status: 'claimed' }, token)
    ).json().data;
    expect(filtered.total).toBe(2);
  });

  it('carries the price to the draft, keeps list items apart, brings back an ignored item, and reads words as one line', async () => {
    const results = await collect({
      urls: [`${origin}/list`, `${origin}/article`, 'not a url'].join('\n'),
    });
    // "not a url" is one wrong line, not three addresses; an article is no product at 0.00.
    expect(results.map((r) => [r.url, r.outcome])).toEqual([
      [`${origin}/list`, 'collected'],
      [`${origin}/article`, 'failed'],
      ['not a url', 'failed'],
    ]);
    expect(results[1]!.reason).toMatch(/^这个网页不是商品页/);
    const tee = results[0]!.id!;
    expect((await detail(tee)).data.description).toBe('100% cotton, pre-shrunk\nMachine wash');
    expect(
      (await t.post('/admin/collection-box/ignore', { ids: [tee] }, token)).json().data,
    ).toEqual({ changed: 1 });
    expect(
      (await t.post('/admin/collection-box/restore', { ids: [tee] }, token)).json().data,
    ).toEqual({ changed: 1 });
    expect((await detail(tee)).data.status).toBe('new');
    await t.post('/admin/collection-box/claim', { ids: [tee] }, token);
    const goodsId = (await detail(tee)).data.goodsId;
    const [draft] = await t.db.select().from(goods).where(eq(goods.id, goodsId));
    expect(draft).toMatchObject({
      description: '<p>100% cotton, pre-shrunk</p><p>Machine wash</p>',
      variantCount: 1,
      priceMin: '12.00',
    });
    const variants = (await t.post('/admin/goods/variants', { goodsId }, token)).json().data;
    expect(variants.variants).toMatchObject([
      { options: {}, sellerSku: `CB-${tee}`, price: '12.00', upc: '' },
    ]);
  });

  it("keeps merchants apart: another merchant neither sees nor claims the box's items", async () => {
    const [item] = await collect({ urls: `${origin}/ld` });
    const other = await createOtherMerchant(t);
    const list = (await t.post('/admin/collection-box/list', {}, other.token)).json().data;
    expect(list.total).toBe(0);
    expect((await detail(item!.id!, other.token)).code).toBe(40400);
    const claim = (
      await t.post('/admin/collection-box/claim', { ids: [item!.id] }, other.token)
    ).json();
    expect(claim.code).toBe(40400);
    expect((await detail(item!.id!)).data.status).toBe('new');
    // The same page is the other merchant's own to collect.
    const [theirs] = await collect({ urls: `${origin}/ld` }, other.token);
    expect(theirs!.outcome).toBe('collected');
  });
});

describe('variants', () => {
  it('collects a ProductGroup: attributes, each variant with its price, SKU and stored image', async () => {
    const [jacket] = await collect({ urls: `${origin}/group` });
    expect(jacket).toMatchObject({ outcome: 'collected', variants: 3, imagesStored: 2 });
    const item = (await detail(jacket!.id!)).data;
    expect(item).toMatchObject({ title: 'Trail Jacket', price: '59.00', currency: 'USD' });
    expect(item.variants.attributes).toEqual([
      { name: 'Color', values: ['Red', 'Blue'] },
      { name: 'Size', values: ['M', 'L'] },
    ]);
    const [red, redL, blue] = item.variants.items;
    expect(item.variants.items).toEqual([
      { options: { Color: 'Red', Size: 'M' }, price: '59.00', sku: 'TJ-RED-M', image: UPLOAD },
      { options: { Color: 'Red', Size: 'L' }, price: '64.00', sku: 'TJ-RED-L', image: UPLOAD },
      { options: { Color: 'Blue', Size: 'M' }, price: '61.50', sku: 'TJ-BLUE-M', image: UPLOAD },
    ]);
    // One copy of the red photo for both red sizes; the group has no image of its own.
    expect(redL.image).toBe(red.image);
    expect(blue.image).not.toBe(red.image);
    expect(item.images).toEqual([red.image, blue.image]);
  });

  it("makes the claimed draft's variant grid of them, prices and images carried", async () => {
    const [jacket, tea] = await collect({ urls: `${origin}/group\n${origin}/offers` });
    const item = (await detail(jacket!.id!)).data;
    await t.post('/admin/collection-box/claim', { ids: [jacket!.id, tea!.id] }, token);
    const goodsId = (await detail(jacket!.id!)).data.goodsId;
    const grid = (await t.post('/admin/goods/variants', { goodsId }, token)).json().data;
    expect(grid.attributes).toEqual(item.variants.attributes);
    const [red, redL, blue] = item.variants.items;
    // Every combination, as the goods' grid has them: Blue / L, which the page did not sell,
    // takes the item's price.
    expect(
      grid.variants.map((v: Record<string, unknown>) => [v.options, v.sellerSku, v.price, v.image]),
    ).toEqual([
      [{ Color: 'Red', Size: 'M' }, `CB-${jacket!.id}-1`, '59.00', red.image],
      [{ Color: 'Red', Size: 'L' }, `CB-${jacket!.id}-2`, '64.00', redL.image],
      [{ Color: 'Blue', Size: 'M' }, `CB-${jacket!.id}-3`, '61.50', blue.image],
      [{ Color: 'Blue', Size: 'L' }, `CB-${jacket!.id}-4`, '59.00', ''],
    ]);
    const [draft] = await t.db.select().from(goods).where(eq(goods.id, goodsId));
    expect(draft).toMatchObject({ variantCount: 4, priceMin: '59.00', brand: 'Peakfoot' });

    // Named offers: one attribute, its values the offers' names.
    const teaGoods = (await detail(tea!.id!)).data.goodsId;
    const teaGrid = (await t.post('/admin/goods/variants', { goodsId: teaGoods }, token)).json()
      .data;
    expect(teaGrid.attributes).toEqual([{ name: 'Option', values: ['50 g', '100 g'] }]);
    expect(teaGrid.variants.map((v: Record<string, unknown>) => [v.options, v.price])).toEqual([
      [{ Option: '50 g' }, '8.00'],
      [{ Option: '100 g' }, '14.00'],
    ]);
    // The draft's grid saves as it is on its page.
    const saved = (
      await t.post(
        '/admin/goods/variants/save',
        { goodsId, attributes: grid.attributes, variants: grid.variants },
        token,
      )
    ).json();
    expect(saved.code, saved.msg).toBe(200);
  });

  it('leaves the grid to the merchant when one of its SKUs is taken already', async () => {
    const [jacket] = await collect({ urls: `${origin}/group` });
    const other = (await t.post('/admin/goods/create', { title: 'Other' }, token)).json().data;
    const saved = (
      await t.post(
        '/admin/goods/variants/save',
        {
          goodsId: other.id,
          attributes: [],
          variants: [
            {
              options: {},
              sellerSku: `CB-${jacket!.id}-3`,
              cost: '1',
              price: '2',
              stock: 0,
              weight: 0,
            },
          ],
        },
        token,
      )
    ).json();
    expect(saved.code, saved.msg).toBe(200);
    await t.post('/admin/collection-box/claim', { ids: [jacket!.id] }, token);
    const goodsId = (await detail(jacket!.id!)).data.goodsId;
    expect(goodsId).toBeGreaterThan(0);
    const grid = (await t.post('/admin/goods/variants', { goodsId }, token)).json().data;
    expect(grid.variants).toEqual([]);
    const [row] = await t.db
      .select({ status: collectionBoxTable.status })
      .from(collectionBoxTable)
      .where(and(eq(collectionBoxTable.id, jacket!.id!), eq(collectionBoxTable.merchantId, 1)));
    expect(row!.status).toBe('claimed');
  });
});
