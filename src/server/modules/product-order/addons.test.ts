import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { printJobs } from '../../db/schema/printer';
import { productOrderItems, productOrders } from '../../db/schema/product-order';
import { customerToken, partnerCode } from './test-orders';
import { call, counterPayment, ok, owner, shop, t, withStoreApp } from './test-store';

withStoreApp();

/** 牛肉面 20 元 (大份 +5; 大份 / 特辣 is its own SKU at 30), 加蛋 2 / 加牛肉 8 / 香菜 0, 打包费 1.50. */
async function noodles(extra: Record<string, unknown> = {}) {
  await counterPayment();
  const product = await ok('/admin/product/create', {
    name: '牛肉面',
    price: '20',
    stock: 50,
    specs: [
      { name: '份量', options: [{ name: '小份' }, { name: '大份', priceDelta: '5' }] },
      { name: '辣度', options: [{ name: '微辣' }, { name: '特辣' }] },
    ],
    skus: [{ options: ['大份', '特辣'], price: '30', code: 'NM-L-HOT' }],
    addons: [
      { name: '加蛋', price: '2' },
      { name: '加牛肉', price: '8' },
      { name: '香菜', price: '0' },
    ],
    addonsMax: 2,
    packagingFee: '1.5',
    ...extra,
  });
  await ok('/admin/product/onSale', { ids: [product.id] });
  return product;
}

const order = (n: number, items: unknown[], extra: Record<string, unknown> = {}) =>
  shop('order', { token: customerToken(n), payManner: 'counter', items, ...extra });
const rowOf = async (orderNo: string) =>
  (await t.db.select().from(productOrders).where(eq(productOrders.orderNo, orderNo)))[0]!;

describe('add-ons and the packaging fee', () => {
  it('are checked when the product is written', async () => {
    const product = await noodles();
    expect(product.addons).toEqual([
      { name: '加蛋', price: '2.00' },
      { name: '加牛肉', price: '8.00' },
      { name: '香菜', price: '0.00' },
    ]);
    expect(product).toMatchObject({ addonsMax: 2, packagingFee: '1.50' });

    const twice = await call('/admin/product/update', {
      id: product.id,
      addons: [
        { name: '加蛋', price: '2' },
        { name: '加蛋', price: '3' },
      ],
    });
    expect(twice.code).toBe(40000);
    expect(twice.data.fields[0].field).toMatch(/^addons/);
    expect(twice.msg).toContain('加料“加蛋”重复');

    const negative = await call('/admin/product/update', {
      id: product.id,
      addons: [{ name: '加蛋', price: '-1' }],
    });
    expect(negative.code).toBe(40000);
    expect(negative.data.fields[0].field).toMatch(/^addons/);
    expect(negative.msg).toContain('加料价格');

    const many = Array.from({ length: 21 }, (_, i) => ({ name: `加料${i}`, price: '1' }));
    const tooMany = await call('/admin/product/update', { id: product.id, addons: many });
    expect(tooMany.code).toBe(40000);
    expect(tooMany.msg).toContain('加料最多 20 项');

    const fee = await call('/admin/product/update', { id: product.id, packagingFee: '-1' });
    expect(fee.code).toBe(40000);
    expect(fee.data.fields[0].field).toBe('packagingFee');

    // The storefront offers them.
    const shown = (await shop('store')).data.products[0];
    expect(shown).toMatchObject({
      addons: [
        { name: '加蛋', price: '2.00' },
        { name: '加牛肉', price: '8.00' },
        { name: '香菜', price: '0.00' },
      ],
      addonsMax: 2,
      packagingFee: '1.50',
    });
  });

  it('price a line by the server (combination + add-ons), keep its SKU code, and add the packaging fee to a pickup order', async () => {
    const product = await noodles();
    const placed = await order(1, [
      {
        productId: product.id,
        quantity: 2,
        specs: { 份量: '大份', 辣度: '特辣' },
        addons: ['加蛋', '加牛肉'],
        // What the phone says a line costs is not read.
        unitPrice: '0.01',
      },
      // The same dish with other add-ons is a line of its own.
      {
        productId: product.id,
        quantity: 1,
        specs: { 份量: '小份', 辣度: '微辣' },
        addons: ['加蛋'],
      },
    ]);
    expect(placed.code, placed.msg).toBe(200);
    // (30 + 2 + 8) × 2 + (20 + 2) × 1 = 102; packaging 1.50 × 3 = 4.50.
    expect(placed.data).toMatchObject({
      mode: 'pickup',
      packagingFee: '4.50',
      totalAmount: '106.50',
    });
    expect(placed.data.items).toMatchObject([
      {
        unitPrice: '40.00',
        amount: '80.00',
        skuCode: 'NM-L-HOT',
        addons: [
          { name: '加蛋', price: '2.00' },
          { name: '加牛肉', price: '8.00' },
        ],
        specsLabel: '大份 / 特辣 +加蛋 ¥2.00 +加牛肉 ¥8.00',
      },
      { unitPrice: '22.00', amount: '22.00', skuCode: '', specsLabel: '小份 / 微辣 +加蛋 ¥2.00' },
    ]);
    const lines = await t.db.select().from(productOrderItems).orderBy(productOrderItems.id);
    expect(lines.map((l) => [l.skuCode, l.addons])).toEqual([
      [
        'NM-L-HOT',
        [
          { name: '加蛋', price: '2.00' },
          { name: '加牛肉', price: '8.00' },
        ],
      ],
      ['', [{ name: '加蛋', price: '2.00' }]],
    ]);

    // The admin's detail and lines say the same.
    const row = await rowOf(placed.data.orderNo);
    expect((await ok('/admin/product-order/detail', { id: row.id })).packagingFee).toBe('4.50');
    const parts = await ok('/admin/product-order/parts', { id: row.id });
    expect(parts.items[0].specsLabel).toBe('大份 / 特辣 +加蛋 ¥2.00 +加牛肉 ¥8.00');
    expect(parts.items[0].skuCode).toBe('NM-L-HOT');
  });

  it('refuse an add-on the product does not offer, one named twice, and more than its most', async () => {
    const product = await noodles();
    const line = (addons: string[]) => ({
      productId: product.id,
      quantity: 1,
      specs: { 份量: '小份', 辣度: '微辣' },
      addons,
    });
    const unknown = await order(1, [line(['加蛋', '金箔'])]);
    expect(unknown.code).toBe(40000);
    expect(unknown.data.fields[0].field).toBe('items.0.addons');
    expect(unknown.msg).toContain('没有加料“金箔”');
    const twice = await order(2, [line(['加蛋', '加蛋'])]);
    expect(twice.code).toBe(40000);
    const tooMany = await order(3, [line(['加蛋', '加牛肉', '香菜'])]);
    expect(tooMany.code).toBe(40000);
    expect(tooMany.msg).toContain('最多选 2 项加料');
    expect(await t.db.select().from(productOrders)).toHaveLength(0);
    // Any number when the product sets none.
    await ok('/admin/product/update', { id: product.id, addonsMax: 0 });
    const any = await order(4, [line(['加蛋', '加牛肉', '香菜'])]);
    expect(any.code, any.msg).toBe(200);
    expect(any.data.totalAmount).toBe('31.50');
  });

  it('charge no packaging fee at a table, and keep it out of a campaign’s threshold', async () => {
    const product = await noodles();
    const table = await ok('/admin/table-number/create', { area: '大厅', name: 'A1', seats: 4 });
    const item = { productId: product.id, quantity: 1, specs: { 份量: '小份', 辣度: '微辣' } };
    const dineIn = await order(1, [{ ...item, addons: ['加蛋'] }], { tableId: table.id });
    expect(dineIn.code, dineIn.msg).toBe(200);
    expect(dineIn.data).toMatchObject({
      mode: 'dineIn',
      packagingFee: '0.00',
      totalAmount: '22.00',
    });

    // 满 23 减 5: 22 of goods and 1.50 of packaging do not reach it.
    const campaign = await ok('/admin/extension/create', {
      name: '满23减5',
      kind: 'amountOff',
      threshold: '23',
      value: '5',
      startAt: new Date(Date.now() - 60_000).toISOString(),
      endAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    await ok('/admin/extension/publish', { ids: [campaign.id] });
    const below = await order(2, [{ ...item, addons: ['加蛋'] }]);
    expect(below.code, below.msg).toBe(200);
    expect(below.data).toMatchObject({ discountAmount: '0.00', totalAmount: '23.50' });
    // 28 of goods reach it; the packaging fee is paid in full.
    const above = await order(3, [{ ...item, addons: ['加牛肉'] }]);
    expect(above.data).toMatchObject({ discountAmount: '5.00', totalAmount: '24.50' });
  });

  it('print the add-ons under their line and the packaging fee; a partial refund of a line counts right', async () => {
    const product = await noodles();
    const front = await ok('/admin/printer/create', {
      name: '前台',
      brand: 'sandbox',
      serial: 'SB-FRONT',
      copies: 1,
      paper: '58',
      autoPrint: true,
      categoryIds: [],
    });
    const placed = await order(1, [
      {
        productId: product.id,
        quantity: 2,
        specs: { 份量: '小份', 辣度: '微辣' },
        addons: ['加蛋'],
      },
    ]);
    expect(placed.code, placed.msg).toBe(200);
    expect(placed.data.totalAmount).toBe('47.00');
    const row = await rowOf(placed.data.orderNo);
    await ok('/admin/product-order/confirmPaid', { ids: [row.id] });
    const [receipt] = await t.db.select().from(printJobs).where(eq(printJobs.printerId, front.id));
    expect(receipt!.content).toContain('牛肉面(小份 / 微辣) ×2');
    expect(receipt!.content).toContain('+加蛋 ¥2.00');
    expect(receipt!.content).toMatch(/打包费\s+3\.00/);
    expect(receipt!.content).toContain('47.00');

    // One of the two back: its unit price (with the add-on) and its stock.
    const parts = await ok('/admin/product-order/parts', { id: row.id });
    const refunded = await ok('/admin/product-order/refund', {
      id: row.id,
      amount: parts.items[0].unitPrice,
      lines: [{ itemId: parts.items[0].id, quantity: 1 }],
    });
    expect(refunded.refundStatus).toBe('refunded');
    const detail = await ok('/admin/product-order/detail', { id: row.id });
    expect(detail.refundedAmount).toBe('22.00');
    const after = await ok('/admin/product-order/parts', { id: row.id });
    expect(after.items[0].refundedQuantity).toBe(1);
  });

  it('leave the packaging fee out of a selling partner’s commission, before and after a refund', async () => {
    const product = await noodles();
    const ref = await partnerCode(owner());
    const placed = await order(
      1,
      [
        {
          productId: product.id,
          quantity: 1,
          specs: { 份量: '小份', 辣度: '微辣' },
          addons: ['加蛋'],
        },
      ],
      { ref },
    );
    expect(placed.code, placed.msg).toBe(200);
    expect(placed.data.totalAmount).toBe('23.50');
    const row = await rowOf(placed.data.orderNo);
    await ok('/admin/product-order/confirmPaid', { ids: [row.id] });
    // 10 % of the goods (22.00), not of the packaging fee.
    expect((await rowOf(placed.data.orderNo)).commission).toBe('2.20');
    // Half of the goods back: 10 % of the 11.00 still paid for.
    await ok('/admin/product-order/refund', { id: row.id, amount: '11.00', reason: '少加蛋' });
    expect((await rowOf(placed.data.orderNo)).commission).toBe('1.10');
  });
});
