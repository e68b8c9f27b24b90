import { asc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { feedItems } from '../../db/schema/feeds';
import { goods, goodsVariants } from '../../db/schema/goods';
import { goodsSettings } from '../../db/schema/goods-setting';
import { createTestApp, type TestApp } from '../../test-support';

describe("a variant's own image", () => {
  let t: TestApp;
  let token: string;
  beforeEach(async () => {
    // Feeds stay queued: what they would send is read from their items.
    t = await createTestApp({ JOBS: 'off' });
    token = await t.login();
  });
  afterEach(() => t.close());
  const call = async (url: string, body: Record<string, unknown>) =>
    (await t.post(url, body, token)).json();
  const variant = (colour: string, sellerSku: string, image?: string) => ({
    options: { 颜色: colour },
    sellerSku,
    upc: '',
    cost: '10.00',
    price: '20.00',
    stock: 1,
    weight: 100,
    ...(image === undefined ? {} : { image }),
  });
  const colours = [{ name: '颜色', values: ['红', '蓝'] }];

  it('is saved with the grid, read back, kept by a copy, and checked like every image field', async () => {
    const id = (await call('/admin/goods/create', { title: '炒锅' })).data.id;
    const saved = await call('/admin/goods/variants/save', {
      goodsId: id,
      attributes: colours,
      variants: [variant('红', 'IMG-R', 'https://img.example.com/red.jpg'), variant('蓝', 'IMG-B')],
    });
    expect(saved.code, saved.msg).toBe(200);
    const read = (await call('/admin/goods/variants', { goodsId: id })).data.variants;
    expect(read.map((v: { image: string }) => v.image)).toEqual([
      'https://img.example.com/red.jpg',
      '',
    ]);

    const bad = await call('/admin/goods/variants/save', {
      goodsId: id,
      attributes: colours,
      variants: [variant('红', 'IMG-R', 'javascript:alert(1)'), variant('蓝', 'IMG-B')],
    });
    expect(bad.code).toBe(40000);
    expect(bad.data.fields).toEqual([
      expect.objectContaining({
        field: 'variants.0.image',
        message: expect.stringContaining('图片'),
      }),
    ]);

    const copy = await call('/admin/goods/copy', { id });
    expect(copy.code, copy.msg).toBe(200);
    const copied = (await call('/admin/goods/variants', { goodsId: copy.data.id })).data.variants;
    expect(copied.map((v: { image: string }) => v.image)).toEqual([
      'https://img.example.com/red.jpg',
      '',
    ]);
  });

  it("goes to the marketplace as its row's main image, the goods' images after it", async () => {
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
    const [row] = await t.db
      .insert(goods)
      .values({
        merchantId: 1,
        title: 'Steel pan',
        status: 'ready',
        attributes: colours,
        images: ['https://img.example.com/a.jpg', 'https://img.example.com/red.jpg'],
        bulletPoints: ['Sturdy'],
        variantCount: 2,
      })
      .returning();
    await t.db.insert(goodsVariants).values(
      [
        ['红', 'PAN-R', '036000291452', 'https://img.example.com/red.jpg'],
        ['蓝', 'PAN-B', '4006381333931', ''],
      ].map(([colour, sellerSku, upc, image], i) => ({
        merchantId: 1,
        goodsId: row!.id,
        options: { 颜色: colour! },
        sellerSku: sellerSku!,
        upc: upc!,
        cost: '10.00',
        price: '99.00',
        stock: 3,
        image: image!,
        sortOrder: i,
      })),
    );
    const sent = await call('/admin/feeds/send', { settingId: setting!.id, goodsIds: [row!.id] });
    expect(sent.code, sent.msg).toBe(200);
    const items = await t.db
      .select({ sku: feedItems.sellerSku, images: feedItems.images })
      .from(feedItems)
      .where(eq(feedItems.feedId, sent.data.id))
      .orderBy(asc(feedItems.id));
    const imagesOf = (sku: string) => items.find((i) => i.sku === sku)?.images;
    expect(imagesOf('PAN-R')).toEqual([
      'https://img.example.com/red.jpg',
      'https://img.example.com/a.jpg',
    ]);
    expect(imagesOf('PAN-B')).toEqual([
      'https://img.example.com/a.jpg',
      'https://img.example.com/red.jpg',
    ]);
  });

  it('comes in from a goods file in its own column (规格图片), checked there too', async () => {
    const file = async (image: string) => {
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet('商品');
      sheet.addRow(['商品标题', '规格', '卖家 SKU', '售价（元）', '规格图片']);
      sheet.addRow(['Mug', '颜色:红', 'MUG-R', '9.9', image]);
      sheet.addRow(['Mug', '颜色:蓝', 'MUG-B', '9.9', '']);
      return Buffer.from(await workbook.xlsx.writeBuffer());
    };
    const bad = await (
      await t.importFile('validate', await file('not an address'), { kind: 'goods' }, token)
    ).json();
    expect(bad.data.errors[0]).toMatchObject({ row: 2, column: '规格图片' });
    // One of the merchant's uploads, kept as it is (an http(s) address is fetched and kept as an
    // upload: goods/import.test.ts).
    const upload = `/uploads/1/2026-01/${'a'.repeat(32)}.png`;
    const done = await (
      await t.importFile('commit', await file(upload), { kind: 'goods' }, token)
    ).json();
    expect(done.code, done.msg).toBe(200);
    const rows = await t.db
      .select({ sku: goodsVariants.sellerSku, image: goodsVariants.image })
      .from(goodsVariants)
      .orderBy(asc(goodsVariants.sortOrder));
    expect(rows).toEqual([
      { sku: 'MUG-R', image: upload },
      { sku: 'MUG-B', image: '' },
    ]);
  });
});
