import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { evaluations } from '../../db/schema/evaluate';
import { productOrders } from '../../db/schema/product-order';
import { createOtherMerchant, createTestApp, type TestApp } from '../../test-support';
import { completed } from '../product-order/test-orders';

let t: TestApp;
let token: string;
beforeEach(async () => {
  t = await createTestApp({ JOBS: 'off', PAYMENT_SANDBOX_CHAOS: '0' });
  token = await t.login();
});
afterEach(() => t.close());

const ok = async (url: string, body: unknown = {}, as = token) => {
  const res = (await t.post(url, body, as)).json();
  expect(res.code, `${url}: ${res.msg}`).toBe(200);
  return res.data;
};
const shop = async (path: string, body?: unknown, merchant = 1) =>
  (
    await t.app.inject({
      method: body === undefined ? 'GET' : 'POST',
      url: `/open/shop/${merchant}/${path}`,
      ...(body === undefined ? {} : { payload: body as object }),
    })
  ).json();

/** A product on sale. */
async function dish(values: Record<string, unknown>) {
  const made = await ok('/admin/product/create', { stock: 99, ...values });
  await ok('/admin/product/onSale', { ids: [made.id] });
  return made.id as number;
}

let customers = 0;
/** A customer's order of these products, completed and rated. */
async function rated(productIds: number[], rating: number, content: string) {
  customers += 1;
  const customer = `page-customer-${customers}-`.padEnd(40, 'x');
  const placed = await shop('order', {
    token: customer,
    payManner: 'counter',
    items: productIds.map((productId) => ({ productId, quantity: 1 })),
  });
  expect(placed.code, placed.msg).toBe(200);
  const [order] = await t.db
    .select({ id: productOrders.id })
    .from(productOrders)
    .where(eq(productOrders.orderNo, placed.data.orderNo));
  await completed({ t, token }, order!.id);
  const answer = await shop('order/evaluate', {
    token: customer,
    orderNo: placed.data.orderNo,
    rating,
    content,
  });
  expect(answer.code, answer.msg).toBe(200);
  return order!.id;
}

describe('the storefront’s product page', () => {
  beforeEach(async () => {
    await ok('/admin/pay-manner/create', { kind: 'counter', name: '到店付款', enabled: true });
  });

  it('shows the product with every image, its description as plain text and its choices', async () => {
    const id = await dish({
      name: '红烧牛肉面',
      price: '28',
      originalPrice: '32',
      images: ['/uploads/a.png', '/uploads/b.png', '/uploads/c.png'],
      description:
        '<p>手工拉面 &amp; 慢炖牛腱</p><p>第二段<br>第三行 <b>加粗</b></p><script>alert(1)</script><img src="/uploads/d.png">',
      specs: [
        {
          name: '份量',
          options: [
            { name: '小份', priceDelta: '0', stock: null },
            { name: '大份', priceDelta: '5', stock: null },
          ],
        },
      ],
      addons: [{ name: '加蛋', price: '2' }],
    });
    const page = await shop(`product/${id}`);
    expect(page.code, page.msg).toBe(200);
    expect(page.data.product).toMatchObject({
      id,
      name: '红烧牛肉面',
      price: '28.00',
      originalPrice: '32.00',
      images: ['/uploads/a.png', '/uploads/b.png', '/uploads/c.png'],
      description: '手工拉面 & 慢炖牛腱\n第二段\n第三行 加粗',
      addons: [{ name: '加蛋', price: '2.00' }],
    });
    expect(page.data.product.specs[0].options.map((o: { name: string }) => o.name)).toEqual([
      '小份',
      '大份',
    ]);
    expect(page.data).toMatchObject({
      score: { average: '0.0', count: 0 },
      reviews: [],
      more: false,
    });
  });

  it('shows the reviews of the orders that had the product, newest first, a page at a time', async () => {
    const noodles = await dish({ name: '牛肉面', price: '20' });
    const tea = await dish({ name: '柠檬茶', price: '8' });
    await rated([tea], 1, '只点了茶'); // not the noodles' review
    await rated([noodles, tea], 5, '面很筋道');
    const hidden = await rated([noodles], 2, '太咸了');
    await rated([noodles], 4, ''); // a rating without words: counted, not listed
    for (const n of [1, 2, 3, 4, 5]) await rated([noodles], 3, `第 ${n} 条`);
    await ok('/admin/evaluate/update', {
      id: (await t.db.select().from(evaluations).where(eq(evaluations.orderId, hidden)))[0]!.id,
      visible: false,
    });
    // A reply and photos come with the review.
    const [chewy] = await t.db
      .select()
      .from(evaluations)
      .where(eq(evaluations.content, '面很筋道'));
    await ok('/admin/evaluate/update', { id: chewy!.id, reply: '谢谢惠顾' });
    await t.db
      .update(evaluations)
      .set({ images: ['/uploads/review.png'] })
      .where(eq(evaluations.id, chewy!.id));

    const page = (await shop(`product/${noodles}`)).data;
    // Every rating of its orders, shown or not: (5 + 2 + 4 + 3 × 5) / 8.
    expect(page.score).toEqual({ average: '3.3', count: 8 });
    expect(page.reviews.map((r: { content: string }) => r.content)).toEqual([
      '第 5 条',
      '第 4 条',
      '第 3 条',
      '第 2 条',
      '第 1 条',
    ]);
    expect(page.more).toBe(true);
    const older = (await shop(`product/${noodles}/reviews?page=2`)).data;
    expect(older).toEqual({
      reviews: [
        {
          rating: 5,
          content: '面很筋道',
          images: ['/uploads/review.png'],
          reply: '谢谢惠顾',
          createdAt: expect.any(String),
        },
      ],
      more: false,
    });
    expect(
      (await shop(`product/${tea}`)).data.reviews.map((r: { content: string }) => r.content),
    ).toEqual(['面很筋道', '只点了茶']);
  });

  it('answers a product off sale, or another store’s, as gone', async () => {
    const id = await dish({ name: '季节限定', price: '18' });
    await ok('/admin/product/offSale', { ids: [id] });
    const gone = await shop(`product/${id}`);
    expect(gone.code).toBe(40400);
    expect(gone.msg).toBe('该商品已下架');
    expect((await shop(`product/${id}/reviews`)).code).toBe(40400);
    // Another merchant's product, asked for under this store: not found; under its own: found.
    const other = await createOtherMerchant(t);
    const theirs = await ok(
      '/admin/product/create',
      { name: '别家的面', price: '9', stock: 5 },
      other.token,
    );
    await ok('/admin/product/onSale', { ids: [theirs.id] }, other.token);
    expect((await shop(`product/${theirs.id}`)).code).toBe(40400);
    expect(
      (await shop(`product/${theirs.id}`, undefined, other.merchant.id)).data.product.name,
    ).toBe('别家的面');
    expect((await shop('product/999999')).code).toBe(40400);
  });
});
