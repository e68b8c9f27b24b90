import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOtherMerchant, createTestApp, type TestApp } from '../../test-support';

describe('the SKUs another goods holds (生成 SKU says them before saving)', () => {
  let t: TestApp;
  let token: string;
  beforeEach(async () => {
    t = await createTestApp();
    token = await t.login();
  });
  afterEach(() => t.close());
  const call = async (url: string, body: Record<string, unknown>, as = token) =>
    (await t.post(url, body, as)).json();
  const variant = (size: string, sellerSku: string) => ({
    options: { 尺码: size },
    sellerSku,
    upc: '',
    cost: '1.00',
    price: '2.00',
    stock: 1,
    weight: 100,
  });

  it("names the merchant's SKUs held by another goods, in any case, not the goods' own", async () => {
    const first = (await call('/admin/goods/create', { title: '炒锅' })).data.id;
    const second = (await call('/admin/goods/create', { title: '汤锅' })).data.id;
    const saved = await call('/admin/goods/variants/save', {
      goodsId: first,
      attributes: [{ name: '尺码', values: ['M', 'L'] }],
      variants: [variant('M', 'WOK-M'), variant('L', 'WOK-L')],
    });
    expect(saved.code, saved.msg).toBe(200);

    const asked = await call('/admin/goods/variants/skus-taken', {
      goodsId: second,
      skus: ['wok-m', 'POT-M', ''],
    });
    expect(asked.data).toEqual({ taken: ['wok-m'] });
    // The goods' own SKUs are its to keep.
    expect(
      (await call('/admin/goods/variants/skus-taken', { goodsId: first, skus: ['WOK-M'] })).data,
    ).toEqual({ taken: [] });
    // Another merchant's SKUs are not this one's concern.
    const other = await createOtherMerchant(t);
    const theirs = (await call('/admin/goods/create', { title: '锅' }, other.token)).data.id;
    expect(
      (
        await call(
          '/admin/goods/variants/skus-taken',
          { goodsId: theirs, skus: ['WOK-M'] },
          other.token,
        )
      ).data,
    ).toEqual({ taken: [] });
  });
});
