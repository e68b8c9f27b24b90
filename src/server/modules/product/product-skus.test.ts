import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { products } from '../../db/schema/product';
import { call, counterPayment, ok, shop, t, withStoreApp } from '../product-order/test-store';

withStoreApp();

const specs = [
  { name: '份量', options: [{ name: '小份' }, { name: '大份', priceDelta: '5' }] },
  { name: '辣度', options: [{ name: '微辣' }, { name: '特辣' }] },
];

describe('spec combinations', () => {
  it('price, stock and SKU code per combination: shown in the storefront, charged and taken at payment', async () => {
    await counterPayment();
    const noodles = await ok('/admin/product/create', {
      name: '牛肉面',
      price: '20',
      stock: 10,
      specs,
      skus: [{ options: ['大份', '特辣'], price: '30', stock: 1, code: 'NM-L-HOT' }],
    });
    expect(noodles.skus).toEqual([
      { options: ['大份', '特辣'], price: '30.00', stock: 1, code: 'NM-L-HOT' },
    ]);
    await ok('/admin/product/onSale', { ids: [noodles.id] });

    // A combination the specs do not have is refused, on its field.
    const wrong = await call('/admin/product/update', {
      id: noodles.id,
      skus: [{ options: ['超大份', '特辣'], price: '40' }],
    });
    expect(wrong.code).toBe(40000);
    expect(wrong.data.fields[0].field).toBe('skus');
    expect(wrong.msg).toContain('超大份 / 特辣');

    const product = (await shop('store')).data.products[0];
    expect(product.skus).toEqual([{ options: ['大份', '特辣'], price: '30.00', soldOut: false }]);

    const order = async (choice: Record<string, string>, n: number) =>
      shop('order', {
        token: `customer-${n}-`.padEnd(40, 'x'),
        payManner: 'counter',
        items: [{ productId: noodles.id, quantity: 1, specs: choice }],
      });
    // Its own price; the other combinations keep the price with the options' changes.
    const hot = await order({ 份量: '大份', 辣度: '特辣' }, 1);
    expect(hot.code, hot.msg).toBe(200);
    expect(hot.data.totalAmount).toBe('30.00');
    const mild = await order({ 份量: '大份', 辣度: '微辣' }, 2);
    expect(mild.data.totalAmount).toBe('25.00');

    // Paid: the combination's stock is taken (1 → 0) and the storefront says it is sold out.
    const [row] = await t.db.select().from(products).where(eq(products.id, noodles.id));
    expect((row!.skus as { stock: number }[])[0]!.stock).toBe(1);
    const list = await ok('/admin/product-order/list', {});
    const hotId = list.items.find((o: { orderNo: string }) => o.orderNo === hot.data.orderNo).id;
    await ok('/admin/product-order/confirmPaid', { ids: [hotId] });
    const [paid] = await t.db.select().from(products).where(eq(products.id, noodles.id));
    expect((paid!.skus as { stock: number }[])[0]!.stock).toBe(0);
    expect(paid!.stock).toBe(9);
    expect((await shop('store')).data.products[0].skus[0].soldOut).toBe(true);

    // No more of it: refused, naming the combination.
    const more = await order({ 份量: '大份', 辣度: '特辣' }, 3);
    expect(more.code).toBe(40000);
    expect(more.msg).toContain('大份 / 特辣');
  });

  it('lets go of combinations a change of the specs leaves behind', async () => {
    const noodles = await ok('/admin/product/create', {
      name: '牛肉面',
      price: '20',
      specs,
      skus: [
        { options: ['大份', '特辣'], price: '30' },
        { options: ['小份', '微辣'], code: 'NM-S' },
      ],
    });
    const fewer = await ok('/admin/product/update', {
      id: noodles.id,
      specs: [specs[0], { name: '辣度', options: [{ name: '微辣' }] }],
    });
    expect(fewer.skus).toEqual([
      { options: ['小份', '微辣'], price: null, stock: null, code: 'NM-S' },
    ]);
  });
});
