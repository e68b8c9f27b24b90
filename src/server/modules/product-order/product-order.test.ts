import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { productOrder } from '../../../shared/resources/product-order';
import { paymentSandboxRefunds, paymentSandboxTrades } from '../../db/schema/payment-sandbox';
import { printJobs } from '../../db/schema/printer';
import { products } from '../../db/schema/product';
import { productOrders } from '../../db/schema/product-order';
import { readContract } from '../../kit/resource-contract';
import {
  createAccount,
  createOtherMerchant,
  createTestApp,
  type TestApp,
} from '../../test-support';
import { storefrontOrder } from './test-orders';

/**
 * Orders are placed by customers through the storefront (the n-th customer's, picked up and paid
 * at the counter); the counter moves them. `deliver` moves only an order to be delivered (not the
 * picked-up ones made here): 'delivers where the settings allow…' below covers it.
 */
readContract(productOrder, async (made, n) => (await storefrontOrder(made, n)).id, {
  env: { JOBS: 'off', PAYMENT_SANDBOX_CHAOS: '0' },
  guarded: ['deliver'],
});

let t: TestApp;
let token: string;
beforeEach(async () => {
  // The worker stays off: each test runs the queue's due jobs itself.
  t = await createTestApp({ JOBS: 'off', PAYMENT_SANDBOX_CHAOS: '0' });
  token = await t.login();
});
afterEach(() => t.close());

const customer = 'c'.repeat(40);
const call = async (url: string, body: unknown = {}, as = token) =>
  (await t.post(url, body, as)).json();
const ok = async (url: string, body: unknown = {}, as = token) => {
  const res = await call(url, body, as);
  expect(res.code, `${url}: ${res.msg}`).toBe(200);
  return res.data;
};
const shop = async (path: string, body?: unknown, merchantId = 1) => {
  const res = await t.app.inject({
    method: body === undefined ? 'GET' : 'POST',
    url: `/open/shop/${merchantId}/${path}`,
    ...(body === undefined ? {} : { payload: body as object }),
  });
  return res.json();
};

/** A store with a table, the sandbox and the counter as pay manners, and two dishes with specs. */
async function store() {
  await ok('/admin/pay-manner/create', { kind: 'sandbox', name: '在线支付', enabled: true });
  await ok('/admin/pay-manner/create', { kind: 'counter', name: '到店付款', enabled: true });
  const table = await ok('/admin/table-number/create', { area: '大厅', name: 'A1', seats: 4 });
  const printer = await ok('/admin/printer/create', {
    name: '前台',
    brand: 'sandbox',
    serial: 'SB-1',
    copies: 1,
    paper: '58',
    autoPrint: true,
  });
  const noodles = await ok('/admin/product/create', {
    name: '牛肉面',
    price: '20',
    stock: 10,
    specs: [
      { name: '份量', options: [{ name: '小份' }, { name: '大份', priceDelta: '5', stock: 1 }] },
      { name: '辣度', options: [{ name: '不辣' }, { name: '微辣' }] },
    ],
  });
  const tea = await ok('/admin/product/create', { name: '柠檬茶', price: '8.50', stock: 5 });
  await ok('/admin/product/onSale', { ids: [noodles.id, tea.id] });
  return { table, printer, noodles, tea };
}

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** The customer's photo for an order's evaluation, as the storefront's form sends it. */
async function photo(orderNo: string, token: string, content = PNG) {
  const boundary = '----photo-boundary';
  const field = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const payload = Buffer.concat([
    Buffer.from(field('token', token) + field('orderNo', orderNo)),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="dish.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/open/shop/1/order/photo',
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  return res.json();
}

async function pay(payUrl: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: payUrl,
    payload: 'action=pay',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(res.statusCode).toBe(303);
  await t.app.jobs.drain(); // the notification, then the receipt
}

describe('storefront orders', () => {
  it('are priced by the server, paid through the gateway, printed, moved and rated', async () => {
    const { table, printer, noodles, tea } = await store();
    const menu = (await shop(`store?table=${table.id}`)).data;
    expect(menu.table.name).toBe('大厅 A1');
    expect(menu.payManners.map((m: { kind: string }) => m.kind)).toEqual(['sandbox', 'counter']);
    expect(menu.products.map((p: { name: string }) => p.name).sort()).toEqual(['柠檬茶', '牛肉面']);

    const placed = await shop('order', {
      token: customer,
      tableId: table.id,
      payManner: 'sandbox',
      items: [
        { productId: noodles.id, quantity: 1, specs: { 份量: '大份', 辣度: '微辣' } },
        { productId: tea.id, quantity: 2 },
      ],
    });
    expect(placed.code, placed.msg).toBe(200);
    const order = placed.data;
    // 20 + 5 for the large one, and two teas at 8.50.
    expect(order).toMatchObject({ status: 'unpaid', totalAmount: '42.00', tableName: '大厅 A1' });
    expect(order.items.map((i: { specsLabel: string }) => i.specsLabel)).toEqual([
      '大份 / 微辣',
      '',
    ]);
    // Unpaid, it holds no stock: the large size still has its one.
    const largeLeft = async () => {
      const [row] = await t.db.select().from(products).where(eq(products.id, noodles.id));
      return [
        row!.stock,
        (row!.specs as { options: { stock: number | null }[] }[])[0]!.options[1]!.stock,
      ];
    };
    expect(await largeLeft()).toEqual([10, 1]);

    // The open list's feed hears of the payment.
    const waiting = call('/admin/product-order/wait', { since: new Date().toISOString() });
    await pay(order.payUrl);
    const heard = await waiting;
    expect(heard.data.orders.map((o: { orderNo: string }) => o.orderNo)).toEqual([order.orderNo]);
    // Paid: the large size had one left, now none, and the product's stock is one less.
    expect(await largeLeft()).toEqual([9, 0]);
    const soldOut = await shop('order', {
      token: customer,
      payManner: 'sandbox',
      items: [{ productId: noodles.id, quantity: 1, specs: { 份量: '大份', 辣度: '不辣' } }],
    });
    expect(soldOut.code).toBe(40000);

    const paid = await ok('/admin/product-order/detail', { id: heard.data.orders[0].id });
    expect(paid).toMatchObject({ status: 'paid', totalAmount: '42.00' });
    const [receipt] = await t.db
      .select()
      .from(printJobs)
      .where(eq(printJobs.printerId, printer.id));
    expect(receipt!.status).toBe('printed');
    expect(receipt!.content).toContain('牛肉面(大份 / 微辣) ×1');

    for (const step of ['accept', 'ready', 'complete'])
      await ok(`/admin/product-order/${step}`, { ids: [paid.id] });
    const parts = await ok('/admin/product-order/parts', { id: paid.id });
    expect(parts.events.map((e: { type: string }) => e.type)).toEqual([
      'created',
      'paid',
      'printed',
      'accept',
      'ready',
      'complete',
    ]);
    const [{ salesCount }] = (await t.db
      .select({ salesCount: products.salesCount })
      .from(products)
      .where(eq(products.id, tea.id))) as [{ salesCount: number }];
    expect(salesCount).toBe(2);

    // Another customer's token does not reach it.
    const stranger = await shop('order/evaluate', {
      token: 'x'.repeat(40),
      orderNo: order.orderNo,
      rating: 1,
    });
    expect(stranger.code).toBe(40400);
    // A photo for the evaluation: only the order's customer uploads it, and only an image.
    expect((await photo(order.orderNo, 'x'.repeat(40))).code).toBe(40400);
    expect((await photo(order.orderNo, customer, Buffer.from('not an image'))).code).toBe(40000);
    const uploaded = await photo(order.orderNo, customer);
    expect(uploaded.code, uploaded.msg).toBe(200);
    const url = uploaded.data.url as string;
    expect(url).toMatch(/^\/uploads\/1\/\d{4}-\d{2}\/[a-f0-9]{32}\.png$/);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    // Another store's image is not one to show under this order.
    const foreign = await shop('order/evaluate', {
      token: customer,
      orderNo: order.orderNo,
      rating: 4,
      images: ['/uploads/2/2026-01/0123456789abcdef0123456789abcdef.png'],
    });
    expect(foreign.data.fields[0].field).toBe('images');
    const rated = await shop('order/evaluate', {
      token: customer,
      orderNo: order.orderNo,
      rating: 4,
      content: '面很筋道',
      images: [url],
    });
    expect(rated.data.evaluated).toBe(true);
    // Rated: no more photos.
    expect((await photo(order.orderNo, customer)).code).toBe(40900);
    expect(
      (await shop('order/evaluate', { token: customer, orderNo: order.orderNo, rating: 5 })).code,
    ).toBe(40900);
    const review = (await ok('/admin/evaluate/list', {})).items[0];
    expect(review).toMatchObject({ rating: 4, content: '面很筋道', auto: false, images: [url] });
    const replied = await ok('/admin/evaluate/update', { id: review.id, reply: '谢谢光临' });
    expect(replied.repliedAt).not.toBeNull();
    expect((await shop('store')).data.reviews[0]).toMatchObject({
      reply: '谢谢光临',
      images: [url],
    });
  });

  it('names the store, not the merchant’s account, on the pay page and the receipt', async () => {
    const { printer, tea } = await store();
    const details = await ok('/admin/store/get');
    await ok('/admin/store/update', { id: details.id, name: '川味小馆' });
    const placed = await shop('order', {
      token: customer,
      payManner: 'sandbox',
      items: [{ productId: tea.id, quantity: 1 }],
    });
    expect(placed.code, placed.msg).toBe(200);
    const page = await t.app.inject({ method: 'GET', url: placed.data.payUrl });
    expect(page.body).toContain('柠檬茶×1 · 川味小馆');
    expect(page.body).not.toContain('我的店铺');
    await pay(placed.data.payUrl);
    const [receipt] = await t.db
      .select()
      .from(printJobs)
      .where(eq(printJobs.printerId, printer.id));
    expect(receipt!.content).toContain('川味小馆');
    expect(receipt!.content).not.toContain('我的店铺');
  });

  it('holds the open list’s long poll over HTTP until an order is paid', async () => {
    const { tea } = await store();
    const order = (
      await shop('order', {
        token: customer,
        payManner: 'sandbox',
        items: [{ productId: tea.id, quantity: 1 }],
      })
    ).data;
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const started = Date.now();
    const waiting = fetch(`${address}/admin/product-order/wait`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ since: new Date().toISOString() }),
    }).then((res) => res.json());
    await new Promise((resolve) => setTimeout(resolve, 1200));
    await pay(order.payUrl);
    const heard = await waiting;
    // Answered by the payment, not at once with nothing.
    expect(heard.data.orders.map((o: { orderNo: string }) => o.orderNo)).toEqual([order.orderNo]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1200);
  });

  it('tells the open list of each payment once, also of a late or out-of-order one', async () => {
    const { tea } = await store();
    let n = 0;
    // Four customers' orders (one customer keeps at most three unpaid).
    const place = async () =>
      (
        await shop('order', {
          token: `${n++}`.padEnd(40, 'c'),
          payManner: 'sandbox',
          items: [{ productId: tea.id, quantity: 1 }],
        })
      ).data as { orderNo: string; payUrl: string };
    const [a, b, c, d] = [await place(), await place(), await place(), await place()];
    const told = (answer: { data: { orders: { orderNo: string }[] } }) =>
      answer.data.orders.map((o) => o.orderNo);
    const row = async (order: { orderNo: string }) =>
      (await t.db.select().from(productOrders).where(eq(productOrders.orderNo, order.orderNo)))[0]!;
    const paidAt = async (order: { orderNo: string }) => (await row(order)).paidAt!;

    let waiting = call('/admin/product-order/wait', { since: new Date().toISOString() });
    await pay(b.payUrl);
    let heard = await waiting;
    expect(told(heard)).toEqual([b.orderNo]);

    // A was paid a minute before B, but the gateway's notice of it comes after B's.
    waiting = call('/admin/product-order/wait', { since: heard.data.now, seen: heard.data.seen });
    const res = await t.app.inject({
      method: 'POST',
      url: a.payUrl,
      payload: 'action=pay',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(303);
    await t.db
      .update(paymentSandboxTrades)
      .set({ paidAt: new Date((await paidAt(b)).getTime() - 60_000) })
      .where(eq(paymentSandboxTrades.outTradeNo, a.orderNo));
    await t.app.jobs.drain();
    expect((await paidAt(a)) < (await paidAt(b))).toBe(true);
    heard = await waiting;
    expect(told(heard)).toEqual([a.orderNo]);

    // C's payment was recorded before the last one told, and committed after it.
    await pay(c.payUrl);
    await t.db
      .update(productOrders)
      .set({ paidRecordedAt: new Date(new Date(heard.data.now).getTime() - 10_000) })
      .where(eq(productOrders.orderNo, c.orderNo));
    heard = await call('/admin/product-order/wait', {
      since: heard.data.now,
      seen: heard.data.seen,
    });
    // Told of C, and not again of A or B.
    expect(told(heard)).toEqual([c.orderNo]);
    const ids = await Promise.all([a, b, c].map(async (order) => (await row(order)).id));
    expect(heard.data.seen.sort()).toEqual(ids.sort());

    // A list opened now is not told of what it has just read, only of what is paid after.
    waiting = call('/admin/product-order/wait', {});
    await new Promise((resolve) => setTimeout(resolve, 200));
    await pay(d.payUrl);
    expect(told(await waiting)).toEqual([d.orderNo]);
  });

  it('refunds part, then the rest, through the gateway, never more than was paid', async () => {
    const { tea } = await store();
    const order = (
      await shop('order', {
        token: customer,
        payManner: 'sandbox',
        items: [{ productId: tea.id, quantity: 2 }],
      })
    ).data;
    await pay(order.payUrl);
    const [row] = await t.db
      .select()
      .from(productOrders)
      .where(eq(productOrders.orderNo, order.orderNo));
    const asked = await shop('order/refund', {
      token: customer,
      orderNo: order.orderNo,
      amount: '8.50',
      reason: '少了一杯',
    });
    expect(asked.data.refundStatus).toBe('requested');
    const part = await ok('/admin/product-order/refund', { id: row!.id });
    expect(part).toMatchObject({ status: 'paid', refundStatus: 'refunded' });
    const tooMuch = await call('/admin/product-order/refund', { id: row!.id, amount: '9.00' });
    expect(tooMuch.code).toBe(40900);
    expect(tooMuch.msg).toContain('8.50');
    const rest = await ok('/admin/product-order/refund', { id: row!.id, reason: '整单退' });
    expect(rest.status).toBe('refunded');
    const refunds = await t.db.select().from(paymentSandboxRefunds);
    expect(refunds.map((r) => r.amount)).toEqual(['8.50', '8.50']);
    // Nothing is left to give back.
    expect((await call('/admin/product-order/refund', { id: row!.id })).code).toBe(40900);
  });

  it('refunds and refuses refunds only for accounts with the refund permission', async () => {
    const { tea } = await store();
    const order = (
      await shop('order', {
        token: customer,
        payManner: 'sandbox',
        items: [{ productId: tea.id, quantity: 2 }],
      })
    ).data;
    await pay(order.payUrl);
    const [row] = await t.db
      .select()
      .from(productOrders)
      .where(eq(productOrders.orderNo, order.orderNo));
    await shop('order/refund', {
      token: customer,
      orderNo: order.orderNo,
      amount: '8.50',
      reason: '少了一杯',
    });
    // The counter works the orders, and sees the refund asked, but gives no money back.
    const { token: counter } = await createAccount(t, {
      name: 'counter',
      permissions: ['product-order'],
    });
    expect((await ok('/admin/product-order/detail', { id: row!.id }, counter)).refundStatus).toBe(
      'requested',
    );
    for (const url of ['/admin/product-order/refund', '/admin/product-order/reject-refund'])
      expect((await call(url, { id: row!.id }, counter)).code, url).toBe(40300);
    expect(await t.db.select().from(paymentSandboxRefunds)).toEqual([]);

    const { token: cashier } = await createAccount(t, {
      name: 'cashier',
      permissions: ['product-order', 'product-order.refund'],
    });
    expect(await ok('/admin/product-order/refund', { id: row!.id }, cashier)).toMatchObject({
      refundStatus: 'refunded',
    });
    expect((await t.db.select().from(paymentSandboxRefunds)).map((r) => r.amount)).toEqual([
      '8.50',
    ]);
  });

  it('cancels an unpaid order at its time-out (it held no stock); counter orders are marked paid, which takes their stock', async () => {
    const { tea } = await store();
    const settings = await ok('/admin/order-setting/get');
    await ok('/admin/order-setting/update', { id: settings.id, unpaidTimeoutMinutes: 5 });
    const order = (
      await shop('order', {
        token: customer,
        payManner: 'counter',
        items: [{ productId: tea.id, quantity: 3 }],
      })
    ).data;
    expect(order.payUrl).toBeNull();
    const stock = async () =>
      (await t.db.select().from(products).where(eq(products.id, tea.id)))[0]!.stock;
    // Unpaid, it holds none of the stock.
    expect(await stock()).toBe(5);
    // Five minutes later, nobody paid.
    await t.db.update(productOrders).set({ expiresAt: new Date(Date.now() - 1000) });
    await t.db.execute(
      `update jobs set run_at = now() - interval '1 second' where name = 'product-order.timeout'`,
    );
    await t.app.jobs.drain();
    const [row] = await t.db
      .select()
      .from(productOrders)
      .where(eq(productOrders.orderNo, order.orderNo));
    expect(row!.status).toBe('cancelled');
    expect(await stock()).toBe(5);

    const counter = (
      await shop('order', {
        token: customer,
        payManner: 'counter',
        items: [{ productId: tea.id, quantity: 1 }],
      })
    ).data;
    const [c] = await t.db
      .select()
      .from(productOrders)
      .where(eq(productOrders.orderNo, counter.orderNo));
    await ok('/admin/product-order/confirmPaid', { ids: [c!.id] });
    expect((await ok('/admin/product-order/detail', { id: c!.id })).status).toBe('paid');
    expect(await stock()).toBe(4);
  });

  it('delivers where the settings allow: fee added, minimum, address and phone checked; out for delivery, then completed', async () => {
    const { tea, printer } = await store();
    const order = (items = [{ productId: tea.id, quantity: 2 }], extra = {}) =>
      shop('order', {
        token: customer,
        payManner: 'counter',
        mode: 'delivery',
        address: '幸福路 8 号 3 单元 501',
        contactPhone: '13800001111',
        items,
        ...extra,
      });
    // Not offered yet.
    const off = await order();
    expect(off.code).toBe(40000);
    expect(off.data.fields[0]).toMatchObject({ field: 'mode', message: '店铺暂不提供外送' });
    const settings = await ok('/admin/order-setting/get');
    await ok('/admin/order-setting/update', {
      id: settings.id,
      deliveryEnabled: true,
      deliveryFee: '5',
      deliveryMinimum: '20',
    });
    expect((await shop('store')).data.delivery).toEqual({
      enabled: true,
      fee: '5.00',
      minimum: '20.00',
    });
    // 2 × 8.50 is under the minimum; no address; a phone that is not one.
    const small = await order();
    expect(small.data.fields[0].message).toBe('满 ¥20.00 才能外送');
    expect((await order(undefined, { address: '' })).data.fields[0].field).toBe('address');
    expect((await order(undefined, { contactPhone: '12345' })).data.fields[0].field).toBe(
      'contactPhone',
    );
    // Nothing was written by the refusals: the stock is whole.
    expect((await t.db.select().from(products).where(eq(products.id, tea.id)))[0]!.stock).toBe(5);

    const placed = await order([{ productId: tea.id, quantity: 3 }]);
    expect(placed.code, placed.msg).toBe(200);
    expect(placed.data).toMatchObject({
      mode: 'delivery',
      totalAmount: '30.50',
      deliveryFee: '5.00',
      address: '幸福路 8 号 3 单元 501',
    });
    const [row] = await t.db
      .select()
      .from(productOrders)
      .where(eq(productOrders.orderNo, placed.data.orderNo));
    await ok('/admin/product-order/confirmPaid', { ids: [row!.id] });
    await t.app.jobs.drain();
    const log = await ok('/admin/printer/print-log', { printerId: printer.id });
    expect(log.items[0].content).toContain('外送 幸福路 8 号 3 单元 501');
    expect(log.items[0].content).toContain('电话 13800001111');
    await ok('/admin/product-order/accept', { ids: [row!.id] });
    // A delivered order is not made ready at the counter: it goes out for delivery.
    const wrong = await call('/admin/product-order/ready', { ids: [row!.id] });
    expect(wrong.code).toBe(40900);
    expect(wrong.msg).toContain('外送');
    await ok('/admin/product-order/deliver', { ids: [row!.id] });
    expect(
      (await shop('order/detail', { token: customer, orderNo: row!.orderNo })).data.status,
    ).toBe('delivering');
    await ok('/admin/product-order/complete', { ids: [row!.id] });
    const done = await ok('/admin/product-order/detail', { id: row!.id });
    expect(done).toMatchObject({ status: 'completed', deliveryFee: '5.00' });

    // A table's order is eaten there: it cannot go out for delivery.
    const { table } = { table: await ok('/admin/table-number/create', { name: 'B2', seats: 2 }) };
    const dineIn = await order([{ productId: tea.id, quantity: 1 }], { tableId: table.id });
    expect(dineIn.data).toMatchObject({ mode: 'dineIn', deliveryFee: '0.00', totalAmount: '8.50' });
  });

  it('takes only what the store offers, and shows a merchant only its own orders', async () => {
    const { tea } = await store();
    const bad = [
      { payManner: 'sandbox', items: [] },
      { payManner: 'sandbox', items: [{ productId: tea.id, quantity: 0 }] },
      { payManner: 'cash', items: [{ productId: tea.id, quantity: 1 }] },
      { payManner: 'sandbox', tableId: 999, items: [{ productId: tea.id, quantity: 1 }] },
      {
        payManner: 'sandbox',
        items: [{ productId: tea.id, quantity: 1, specs: { 份量: '大份' } }],
      },
    ];
    for (const body of bad) {
      const res = await shop('order', { token: customer, ...body });
      expect(res.code, JSON.stringify(body)).toBe(40000);
    }
    // The open list's long poll takes a date a database holds, or none.
    for (const since of ['0000-01-01T00:00:00Z', '+275760-09-13T00:00:00.000Z', 'x', 5])
      expect((await call('/admin/product-order/wait', { since })).code, String(since)).toBe(40000);
    await ok('/admin/product/offSale', { ids: [tea.id] });
    expect(
      (
        await shop('order', {
          token: customer,
          payManner: 'sandbox',
          items: [{ productId: tea.id, quantity: 1 }],
        })
      ).code,
    ).toBe(40000);
    await ok('/admin/product/onSale', { ids: [tea.id] });
    await shop('order', {
      token: customer,
      payManner: 'counter',
      items: [{ productId: tea.id, quantity: 1 }],
    });
    const other = await createOtherMerchant(t);
    expect((await call('/admin/product-order/list', {}, other.token)).data.total).toBe(0);
    // Another store's product is not on this store's menu.
    const theirs = await shop(
      'order',
      { token: customer, payManner: 'counter', items: [{ productId: tea.id, quantity: 1 }] },
      other.merchant!.id,
    );
    expect(theirs.code).toBe(40000);
  });
});
