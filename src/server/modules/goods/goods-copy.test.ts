import { and, eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { goods, goodsVariants } from '../../db/schema/goods';
import { listings } from '../../db/schema/listing';
import { operationLogs } from '../../db/schema/operation-log';
import {
  createAccount,
  createOtherMerchant,
  createTestApp,
  type TestApp,
} from '../../test-support';
import { copySku } from './routes';

describe('copying a goods', () => {
  let t: TestApp;
  let token: string;
  beforeEach(async () => {
    t = await createTestApp();
    token = await t.login();
  });
  afterEach(() => t.close());
  const call = async (
    url: string,
    body: Record<string, unknown>,
    as = token,
    headers: Record<string, string> = {},
  ) => (await t.post(url, body, as, headers)).json();
  const codes = ['036000291452', '012345678905'];
  const images = ['/uploads/1/2026-11/a.png', '/uploads/1/2026-11/b.png'];
  const bullets = ['304 不锈钢', '电磁炉可用'];

  /** A listed goods of two colours, each with a code from the pool and stock. */
  async function original() {
    await call('/admin/goods-upc/import-codes', { codes: codes.join('\n') });
    const category = (await call('/admin/goods-category/create', { name: '锅具' })).data.id;
    const id = (
      await call('/admin/goods/create', {
        title: '不锈钢炒锅',
        categoryId: category,
        brand: 'Cookit',
        images,
        bulletPoints: bullets,
        description: '<p>耐用</p>',
      })
    ).data.id;
    const saved = await call('/admin/goods/variants/save', {
      goodsId: id,
      attributes: [{ name: '颜色', values: ['红', '蓝'] }],
      variants: ['红', '蓝'].map((c, i) => ({
        options: { 颜色: c },
        sellerSku: `PAN-${i}`,
        upc: codes[i],
        cost: '10.00',
        price: `2${i}.50`,
        stock: 7 + i,
        weight: 300,
      })),
    });
    expect(saved.code, saved.msg).toBe(200);
    await t.db.insert(listings).values({
      merchantId: 1,
      goodsId: id,
      marketplace: 'amazon',
      site: 'US',
      sellerSku: 'PAN-0',
      listingId: 'B000000001',
      title: '不锈钢炒锅',
      price: '25.00',
      stock: 7,
      status: 'active',
    });
    return { id, category };
  }

  const variantsOf = async (goodsId: number) =>
    (await call('/admin/goods/variants', { goodsId })).data.variants as {
      sellerSku: string;
      upc: string;
      stock: number;
      price: string;
      cost: string;
      weight: number;
      options: Record<string, string>;
    }[];
  const count = async () =>
    Promise.all([
      t.db.select({ n: sql<number>`count(*)::int` }).from(goods),
      t.db.select({ n: sql<number>`count(*)::int` }).from(goodsVariants),
    ]).then(([[g], [v]]) => [Number(g!.n), Number(v!.n)]);

  it('makes a draft with the same fields and grid, new SKUs, no codes, no stock, no listings', async () => {
    const { id, category } = await original();
    const before = (await call('/admin/goods/detail', { id })).data;
    const variantsBefore = await variantsOf(id);

    const copied = await call('/admin/goods/copy', { id });
    expect(copied.code, copied.msg).toBe(200);
    expect(copied.data).toMatchObject({
      title: '不锈钢炒锅（副本）',
      skus: ['PAN-0-COPY', 'PAN-1-COPY'],
    });
    const copy = (await call('/admin/goods/detail', { id: copied.data.id })).data;
    expect(copy).toMatchObject({
      title: '不锈钢炒锅（副本）',
      categoryId: category,
      brand: 'Cookit',
      images,
      bulletPoints: bullets,
      description: '<p>耐用</p>',
      status: 'draft',
      variantCount: 2,
      stockTotal: 0,
      priceMin: '20.50',
    });
    const variants = await variantsOf(copied.data.id);
    expect(variants.map((v) => [v.options, v.sellerSku, v.upc, v.stock, v.price, v.cost])).toEqual([
      [{ 颜色: '红' }, 'PAN-0-COPY', '', 0, '20.50', '10.00'],
      [{ 颜色: '蓝' }, 'PAN-1-COPY', '', 0, '21.50', '10.00'],
    ]);
    expect(
      (await call('/admin/goods/variants', { goodsId: copied.data.id })).data.attributes,
    ).toEqual([{ name: '颜色', values: ['红', '蓝'] }]);
    // No listing is the copy's, and the codes stay the original's.
    expect(
      await t.db.select().from(listings).where(eq(listings.goodsId, copied.data.id)),
    ).toHaveLength(0);
    const pool = (await call('/admin/goods-upc/list', {})).data.items.map(
      (r: { status: string }) => r.status,
    );
    expect(pool).toEqual(['assigned', 'assigned']);

    // The original is untouched.
    expect((await call('/admin/goods/detail', { id })).data).toEqual(before);
    expect(await variantsOf(id)).toEqual(variantsBefore);

    // Logged, by the copy, with where it came from.
    const [log] = await t.db
      .select()
      .from(operationLogs)
      .where(eq(operationLogs.action, 'goods.copy'));
    expect(log).toMatchObject({ targetType: 'goods', targetId: String(copied.data.id) });
    expect(log!.detail).toMatchObject({ from: id, skus: ['PAN-0-COPY', 'PAN-1-COPY'] });
  });

  it('copies twice to -COPY and -COPY2, whatever the case of a SKU taken, in the request language', async () => {
    const { id } = await original();
    const first = await call('/admin/goods/copy', { id });
    expect(first.data.skus).toEqual(['PAN-0-COPY', 'PAN-1-COPY']);
    const second = await call('/admin/goods/copy', { id }, token, { 'accept-language': 'en' });
    expect(second.data).toMatchObject({
      title: '不锈钢炒锅 (copy)',
      skus: ['PAN-0-COPY2', 'PAN-1-COPY2'],
    });
    // A SKU of another goods that the next copy would take, in another case, is skipped.
    const other = (await call('/admin/goods/create', { title: '汤锅' })).data.id;
    await call('/admin/goods/variants/save', {
      goodsId: other,
      attributes: [],
      variants: [
        { options: {}, sellerSku: 'pan-0-copy3', cost: '1', price: '2', stock: 1, weight: 1 },
      ],
    });
    const third = await call('/admin/goods/copy', { id });
    expect(third.data.skus).toEqual(['PAN-0-COPY4', 'PAN-1-COPY3']);
    expect(
      (
        await t.db
          .select()
          .from(goodsVariants)
          .where(and(eq(goodsVariants.merchantId, 1), eq(goodsVariants.goodsId, third.data.id)))
      ).map((v) => v.sellerSku),
    ).toEqual(['PAN-0-COPY4', 'PAN-1-COPY3']);
    // A SKU at the 40-character limit stays within it.
    expect(copySku('A'.repeat(40), 2)).toBe(`${'A'.repeat(34)}-COPY2`);
  });

  it("refuses another merchant's goods and an account without the goods screen, writing nothing", async () => {
    const { id } = await original();
    const [goodsBefore, variantsBefore] = await count();
    const other = await createOtherMerchant(t);
    expect((await call('/admin/goods/copy', { id }, other.token)).code).toBe(40400);
    const clerk = await createAccount(t, { name: 'clerk', permissions: ['goods-upc'] });
    expect((await call('/admin/goods/copy', { id }, clerk.token)).code).toBe(40300);
    expect((await call('/admin/goods/copy', { id: 999_999 })).code).toBe(40400);
    expect(await count()).toEqual([goodsBefore, variantsBefore]);
    expect(
      await t.db.select().from(operationLogs).where(eq(operationLogs.action, 'goods.copy')),
    ).toHaveLength(0);
    // A clerk with the goods screen may copy.
    const seller = await createAccount(t, { name: 'seller', permissions: ['goods-list'] });
    expect((await call('/admin/goods/copy', { id }, seller.token)).code).toBe(200);
  });
});
