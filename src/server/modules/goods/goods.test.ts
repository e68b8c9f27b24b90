import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { goods } from '../../../shared/resources/goods';
import { listings } from '../../db/schema/listing';
import { resourceContract } from '../../kit/resource-contract';
import { createOtherMerchant, createTestApp, type TestApp } from '../../test-support';

resourceContract(
  goods,
  {
    title: '不锈钢炒锅 32cm',
    categoryId: null,
    brand: 'Cookit',
    images: [],
    bulletPoints: ['304 不锈钢'],
    description: '<p>耐用</p>',
    keywordsId: null,
  },
  { brand: 'Cookit Pro', bulletPoints: ['304 不锈钢', '电磁炉可用'] },
  { guarded: ['ready'] },
);

describe('goods with variants', () => {
  let t: TestApp;
  let token: string;
  beforeEach(async () => {
    t = await createTestApp();
    token = await t.login();
  });
  afterEach(() => t.close());
  const call = async (url: string, body: Record<string, unknown>, as = token) =>
    (await t.post(url, body, as)).json();
  const colours = [
    { name: '颜色', values: ['红', '蓝'] },
    { name: '尺码', values: ['M', 'L'] },
  ];
  const grid = (prefix: string, upcs: string[] = []) =>
    ['红/M', '红/L', '蓝/M', '蓝/L'].map((o, i) => {
      const [c, s] = o.split('/');
      return {
        options: { 颜色: c, 尺码: s },
        sellerSku: `${prefix}-${i}`,
        upc: upcs[i] ?? '',
        cost: '10.00',
        price: `${20 + i}.50`,
        stock: 5 + i,
        weight: 300,
      };
    });

  it('saves the variant grid, keeps rows by their options, and sums it on the goods', async () => {
    const made = await call('/admin/goods/create', { title: '炒锅' });
    const id = made.data.id;
    expect(made.data.status).toBe('draft');
    const saved = await call('/admin/goods/variants/save', {
      goodsId: id,
      attributes: colours,
      variants: grid('PAN'),
    });
    expect(saved.data, saved.msg).toEqual({ variants: 4 });
    const first = (await call('/admin/goods/variants', { goodsId: id })).data;
    expect(first.variants.map((v: { sellerSku: string }) => v.sellerSku)).toEqual([
      'PAN-0',
      'PAN-1',
      'PAN-2',
      'PAN-3',
    ]);
    const listed = (await call('/admin/goods/list', {})).data.items[0];
    expect(listed).toMatchObject({ variantCount: 4, stockTotal: 26, priceMin: '20.50' });

    // Swapping two SKUs and dropping a colour keeps the rows that stay, by their options.
    const next = grid('PAN').slice(0, 2);
    next[0]!.sellerSku = 'PAN-1';
    next[1]!.sellerSku = 'PAN-0';
    const again = await call('/admin/goods/variants/save', {
      goodsId: id,
      attributes: [colours[0]!, { name: '尺码', values: ['M', 'L'] }].map((a, i) =>
        i === 0 ? { ...a, values: ['红'] } : a,
      ),
      variants: next,
    });
    expect(again.code, again.msg).toBe(200);
    const second = (await call('/admin/goods/variants', { goodsId: id })).data.variants;
    expect(second.map((v: { id: number }) => v.id)).toEqual(
      first.variants.slice(0, 2).map((v: { id: number }) => v.id),
    );
    expect(second.map((v: { sellerSku: string }) => v.sellerSku)).toEqual(['PAN-1', 'PAN-0']);
  });

  it('refuses a grid that does not match, a SKU twice or of another goods, and a code not in the pool', async () => {
    const a = (await call('/admin/goods/create', { title: '甲' })).data.id;
    const b = (await call('/admin/goods/create', { title: '乙' })).data.id;
    const save = (goodsId: number, variants: unknown[]) =>
      call('/admin/goods/variants/save', { goodsId, attributes: colours, variants });
    expect((await save(a, grid('X').slice(0, 3))).data.fields[0].field).toBe('variants');
    const twice = grid('X');
    twice[2]!.sellerSku = 'X-0';
    expect((await save(a, twice)).data.fields[0].field).toBe('variants.2.sellerSku');
    expect((await save(a, grid('X'))).code).toBe(200);
    const clash = await save(b, grid('X'));
    expect(clash.data.fields[0]).toMatchObject({ field: 'variants.0.sellerSku' });
    const notOurs = await save(b, grid('Y', ['036000291452']));
    expect(notOurs.data.fields[0].field).toBe('variants.0.upc');
    const bad = await save(b, grid('Y', ['036000291453']));
    expect(bad.code).toBe(40000);
    // The grid says which way a code is wrong, as the pool does.
    expect(bad.data.fields[0]).toEqual({
      field: 'variants.0.upc',
      message: '不是有效的 UPC / EAN 编码：校验位（最后一位）不对，按前面的数字应为 2',
    });
    const short = await save(b, grid('Y', ['03600029145']));
    expect(short.data.fields[0].message).toBe(
      '不是有效的 UPC / EAN 编码：须是 12 位（UPC-A）或 13 位（EAN-13）数字，现为 11 位',
    );
    const other = await createOtherMerchant(t);
    expect((await save(a, grid('Z'))).code).toBe(200);
    expect(
      (
        await call(
          '/admin/goods/variants/save',
          { goodsId: a, attributes: colours, variants: grid('Q') },
          other.token,
        )
      ).code,
    ).toBe(40400);
  });

  it('assigns pool codes to variants, releases them, and is ready only when complete', async () => {
    const codes = ['036000291452', '012345678905', '4006381333931', '9780201379624'];
    await call('/admin/goods-upc/import-codes', { codes: codes.join('\n') });
    const category = (await call('/admin/goods-category/create', { name: '锅具' })).data.id;
    const id = (await call('/admin/goods/create', { title: '炒锅' })).data.id;
    const early = await call('/admin/goods/ready', { ids: [id] });
    expect(early.code).toBe(40900);
    expect(early.msg).toBe('还差：分类、商品图片、五点描述、规格');
    expect(early.data.missing).toEqual(['categoryId', 'images', 'bulletPoints', 'variants']);

    await call('/admin/goods/variants/save', {
      goodsId: id,
      attributes: colours,
      variants: grid('W', codes),
    });
    const pool = async () =>
      Object.fromEntries(
        (await call('/admin/goods-upc/list', {})).data.items.map(
          (r: { code: string; status: string }) => [r.code, r.status],
        ),
      );
    expect(Object.values(await pool())).toEqual(['assigned', 'assigned', 'assigned', 'assigned']);
    // A second goods cannot take a code the first holds.
    const other = (await call('/admin/goods/create', { title: '汤锅' })).data.id;
    const taken = await call('/admin/goods/variants/save', {
      goodsId: other,
      attributes: [],
      variants: [{ ...grid('V', codes)[0], options: {} }],
    });
    expect(taken.data.fields[0]).toMatchObject({ field: 'variants.0.upc' });

    const updated = await call('/admin/goods/update', {
      id,
      title: '炒锅',
      categoryId: category,
      images: ['/uploads/1/2026-11/a.png'],
      bulletPoints: ['304 不锈钢'],
    });
    expect(updated.data.labels).toEqual({ categoryId: '锅具', keywordsId: null });
    expect((await call('/admin/goods/ready', { ids: [id] })).data).toEqual({ changed: 1 });
    // The category is in use now.
    expect((await call('/admin/goods-category/delete', { ids: [category] })).code).toBe(40900);

    // Deleting the goods gives its codes back.
    expect((await call('/admin/goods/delete', { ids: [id] })).data.deleted).toBe(1);
    expect(Object.values(await pool())).toEqual(['unused', 'unused', 'unused', 'unused']);
  });

  it('keeps a listed SKU code: release and grid refused by name, delete delists and retires it', async () => {
    const codes = ['036000291452', '012345678905', '4006381333931', '9780201379624'];
    await call('/admin/goods-upc/import-codes', { codes: codes.join('\n') });
    const id = (await call('/admin/goods/create', { title: '炒锅' })).data.id;
    await call('/admin/goods/variants/save', {
      goodsId: id,
      attributes: colours,
      variants: grid('L', codes),
    });
    // L-0 is live on Amazon US, L-1 was once live and is inactive; L-2 and L-3 never listed.
    await t.db.insert(listings).values(
      [0, 1].map((n) => ({
        merchantId: 1,
        goodsId: id,
        marketplace: 'amazon' as const,
        site: 'US',
        sellerSku: `L-${n}`,
        listingId: `B00000000${n}`,
        title: '炒锅',
        price: '25.00',
        stock: 10,
        status: n === 0 ? ('active' as const) : ('inactive' as const),
      })),
    );
    const pool = async () =>
      new Map(
        (await call('/admin/goods-upc/list', { pageSize: 50 })).data.items.map(
          (r: { code: string }) => [r.code, r],
        ),
      ) as Map<
        string,
        { id: number; status: string; heldBy: string; listedOn: string; remark: string }
      >;
    const before = await pool();
    // The pool says who holds each code and where it is listed.
    expect(before.get(codes[0]!)).toMatchObject({
      status: 'assigned',
      heldBy: '炒锅 / L-0',
      listedOn: 'amazon US B000000000',
    });
    expect(before.get(codes[2]!)).toMatchObject({ heldBy: '炒锅 / L-2', listedOn: '' });

    // Releasing a listed SKU's code is refused, naming the goods, SKU and listing.
    const refused = await call('/admin/goods-upc/release', { ids: [before.get(codes[0]!)!.id] });
    expect(refused.code).toBe(40900);
    expect(refused.msg).toContain('炒锅');
    expect(refused.msg).toContain('L-0');
    expect(refused.msg).toContain('amazon US B000000000');
    // The grid cannot drop or change it either.
    const dropped = grid('L', ['', ...codes.slice(1)]);
    const grid1 = await call('/admin/goods/variants/save', {
      goodsId: id,
      attributes: colours,
      variants: dropped,
    });
    expect(grid1.data.fields[0].field).toBe('variants.0.upc');
    expect(grid1.data.fields[0].message).toContain('amazon US B000000000');

    // A code whose SKU never was listed is released off its variant: another goods may take it.
    const freed = await call('/admin/goods-upc/release', { ids: [before.get(codes[2]!)!.id] });
    expect(freed.data).toEqual({ changed: 1 });
    const variants = (await call('/admin/goods/variants', { goodsId: id })).data.variants;
    expect(variants.map((v: { upc: string }) => v.upc)).toEqual([codes[0], codes[1], '', codes[3]]);
    const other = (await call('/admin/goods/create', { title: '汤锅' })).data.id;
    const taken = await call('/admin/goods/variants/save', {
      goodsId: other,
      attributes: [],
      variants: [{ ...grid('S', [codes[2]!])[0], options: {} }],
    });
    expect(taken.code, taken.msg).toBe(200);

    // The question before the delete counts what goes with it.
    expect((await call('/admin/goods/delete-preview', { ids: [id] })).data).toEqual({
      goods: 1,
      listings: 2,
      active: 1,
      retired: 2,
      released: 1,
    });
    // Deleting the goods takes its listings off sale and retires the listed SKUs' codes.
    expect((await call('/admin/goods/delete', { ids: [id] })).data.deleted).toBe(1);
    const left = await t.db.select().from(listings).where(eq(listings.merchantId, 1));
    expect(left.map((l) => [l.sellerSku, l.status, l.stock]).sort()).toEqual([
      ['L-0', 'inactive', 0],
      ['L-1', 'inactive', 0],
    ]);
    const after = await pool();
    expect(after.get(codes[0]!)).toMatchObject({ status: 'used', heldBy: '' });
    expect(after.get(codes[0]!)!.remark).toContain('L-0');
    expect(after.get(codes[1]!)!.status).toBe('used');
    expect(after.get(codes[2]!)!.status).toBe('assigned');
    expect(after.get(codes[3]!)!.status).toBe('unused');
    // A retired code goes to no other goods.
    const again = await call('/admin/goods/variants/save', {
      goodsId: other,
      attributes: [],
      variants: [{ ...grid('S', [codes[0]!])[0], options: {} }],
    });
    expect(again.data.fields[0].field).toBe('variants.0.upc');
  });

  it('gives the grid the next unused codes of the pool, oldest first, besides those it holds', async () => {
    const codes = ['036000291452', '012345678905', '4006381333931'];
    for (const code of codes) await call('/admin/goods-upc/create', { code });
    const id = (await call('/admin/goods/create', { title: '茶壶' })).data.id;
    await call('/admin/goods/variants/save', {
      goodsId: id,
      attributes: [],
      variants: [{ ...grid('T', [codes[0]!])[0], options: {} }],
    });
    const next = await call('/admin/goods-upc/unused', { count: 1, exclude: [codes[1]] });
    expect(next.data).toEqual({ codes: [codes[2]], unused: 2 });
    const all = await call('/admin/goods-upc/unused', { count: 5 });
    expect(all.data).toEqual({ codes: [codes[1], codes[2]], unused: 2 });
    const other = await createOtherMerchant(t);
    expect((await call('/admin/goods-upc/unused', { count: 5 }, other.token)).data.codes).toEqual(
      [],
    );
  });
});
