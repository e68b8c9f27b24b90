import { generateKeyPairSync } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { productOrderEvents, productOrders } from '../../db/schema/product-order';
import { FakeAlipay, fakeAlipayAccount } from '../../payment/fake-alipay';
import { createListeningTestApp, createTestApp, type TestApp } from '../../test-support';
import { merchantNotifyPath } from './service';

/**
 * A storefront order paid through the merchant's own Alipay (its pay manner's app id and keys),
 * the real app listening on a port, against a fake Alipay over HTTP; the platform's own gateway
 * stays the sandbox.
 */

const APP_ID = '2021000000000777';
const account = fakeAlipayAccount(APP_ID);
const fake = account.fake;
const customer = 'a'.repeat(40);
let t: TestApp;
let token: string;
let base: string;

beforeAll(async () => {
  await fake.start();
});
afterAll(() => fake.close());

beforeEach(async () => {
  ({ t, base } = await createListeningTestApp((at) => ({
    JOBS: 'off',
    PAYMENT_SANDBOX_CHAOS: '0',
    ALIPAY_GATEWAY_URL: fake.url,
    PAYMENT_NOTIFY_BASE: at,
  })));
  token = await t.login();
});
afterEach(() => t.close());

const call = async (url: string, body: unknown = {}) => (await t.post(url, body, token)).json();
const ok = async (url: string, body: unknown = {}) => {
  const res = await call(url, body);
  expect(res.code, `${url}: ${res.msg}`).toBe(200);
  return res.data;
};
const shop = async (path: string, body: unknown) =>
  (
    await t.app.inject({ method: 'POST', url: `/open/shop/1/${path}`, payload: body as object })
  ).json();

/** The merchant's Alipay as its pay manner. */
async function alipayStore() {
  await ok('/admin/pay-manner/create', account.payManner());
  const tea = await ok('/admin/product/create', { name: '柠檬茶', price: '8.50', stock: 5 });
  await ok('/admin/product/onSale', { ids: [tea.id] });
  return tea;
}

async function checkout(productId: number, quantity = 2) {
  const placed = await shop('order', {
    token: customer,
    payManner: 'alipay',
    items: [{ productId, quantity }],
  });
  expect(placed.code, placed.msg).toBe(200);
  return placed.data as { id: number; orderNo: string; payUrl: string; totalAmount: string };
}

const stored = async (orderNo: string) =>
  (await t.db.select().from(productOrders).where(eq(productOrders.orderNo, orderNo)))[0]!;

describe("storefront orders through the merchant's own Alipay", () => {
  it('shows the QR code of a trade at the merchant’s Alipay, paid once however often it notifies, refunded there', async () => {
    const tea = await alipayStore();
    const menu = (await t.app.inject({ method: 'GET', url: '/open/shop/1/store' })).json().data;
    expect(menu.payManners).toEqual([{ kind: 'alipay', name: '支付宝' }]);

    const order = await checkout(tea.id);
    expect(order.payUrl).toMatch(/^https:\/\/qr\.alipay\.com\//);
    const trade = fake.trades.get(order.orderNo)!;
    expect(trade).toMatchObject({
      amount: '17.00',
      notifyUrl: `${base}${merchantNotifyPath('alipay', 1)}`,
    });
    expect(fake.requests.at(-1)).toMatchObject({
      app_id: APP_ID,
      method: 'alipay.trade.precreate',
    });

    const notification = fake.pay(order.orderNo);
    expect(await fake.deliver(order.orderNo, notification)).toBe('success');
    // Sent again (Alipay did not hear the answer): acknowledged, applied once.
    expect(await fake.deliver(order.orderNo, notification)).toBe('success');
    const paid = await stored(order.orderNo);
    expect(paid).toMatchObject({ status: 'paid', tradeNo: trade.tradeNo });
    const events = await t.db
      .select()
      .from(productOrderEvents)
      .where(eq(productOrderEvents.orderId, paid.id));
    expect(events.filter((e) => e.type === 'paid')).toHaveLength(1);
    const followed = await shop('order/detail', { token: customer, orderNo: order.orderNo });
    expect(followed.data).toMatchObject({ status: 'paid', payManner: 'alipay' });

    // A partial refund goes back through the merchant's Alipay.
    const refunded = await ok('/admin/product-order/refund', {
      id: paid.id,
      amount: '5.00',
      reason: '少了一杯',
    });
    expect(refunded.refundStatus).toBe('refunded');
    expect([...trade.refunds.values()]).toEqual(['5.00']);
    expect(fake.requests.at(-1)).toMatchObject({ method: 'alipay.trade.refund' });
    expect((await stored(order.orderNo)).refundedAmount).toBe('5.00');
  });

  it('refuses a notification not signed by Alipay for the merchant’s app, or to another merchant’s path', async () => {
    const tea = await alipayStore();
    const order = await checkout(tea.id);
    const notification = fake.pay(order.orderNo);
    // Signed with another key: not Alipay's.
    const otherKey = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const forger = new FakeAlipay(APP_ID, otherKey.publicKey);
    forger.trades.set(order.orderNo, fake.trades.get(order.orderNo)!);
    expect(await fake.deliver(order.orderNo, forger.notification(order.orderNo))).toBe('fail');
    const forged = { ...notification, total_amount: '0.01' };
    expect(await fake.deliver(order.orderNo, forged)).toBe('fail');
    // Alipay's true notification, posted to a merchant with no Alipay: refused too.
    const elsewhere = await fetch(`${base}${merchantNotifyPath('alipay', 999)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(notification).toString(),
    });
    expect(elsewhere.status).toBe(400);
    // The platform's own notify path does not take the merchant's Alipay either.
    const platform = await fetch(`${base}/open/product-order/notify`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(notification).toString(),
    });
    expect(platform.status).toBe(400);
    expect((await stored(order.orderNo)).status).toBe('unpaid');
    expect(await fake.deliver(order.orderNo, notification)).toBe('success');
    expect((await stored(order.orderNo)).status).toBe('paid');
  });

  it('closes the trade there when the order is cancelled; a payer who was quicker makes it paid', async () => {
    const tea = await alipayStore();
    const cancelled = await checkout(tea.id, 1);
    fake.scan(cancelled.orderNo);
    const answer = await shop('order/cancel', { token: customer, orderNo: cancelled.orderNo });
    expect(answer.code, answer.msg).toBe(200);
    expect(answer.data.status).toBe('cancelled');
    expect(fake.trades.get(cancelled.orderNo)!.status).toBe('TRADE_CLOSED');

    const quicker = await checkout(tea.id, 1);
    fake.pay(quicker.orderNo); // its notification is lost
    const late = await shop('order/cancel', { token: customer, orderNo: quicker.orderNo });
    expect(late.code).toBe(40900);
    expect((await stored(quicker.orderNo)).status).toBe('paid');
  });

  it('gives back a payment made after the order was cancelled (a code Alipay could not close), once', async () => {
    const tea = await alipayStore();
    const order = await checkout(tea.id, 2);
    // Not scanned yet: Alipay has no trade to close, and the customer cancels.
    const cancelled = await shop('order/cancel', { token: customer, orderNo: order.orderNo });
    expect(cancelled.data.status).toBe('cancelled');
    // Then pays with the code still on the screen; Alipay says so twice.
    const notification = fake.pay(order.orderNo);
    expect(await fake.deliver(order.orderNo, notification)).toBe('success');
    expect(await fake.deliver(order.orderNo, notification)).toBe('success');
    await t.app.jobs.drain();
    const trade = fake.trades.get(order.orderNo)!;
    expect([...trade.refunds.values()]).toEqual(['17.00']);
    const after = await stored(order.orderNo);
    expect(after).toMatchObject({ status: 'cancelled', refundedAmount: '17.00' });
    const events = await t.db
      .select()
      .from(productOrderEvents)
      .where(eq(productOrderEvents.orderId, after.id));
    expect(events.filter((e) => e.type === 'latePaid')).toHaveLength(1);
    expect(events.filter((e) => e.type === 'refund')).toEqual([
      expect.objectContaining({ amount: '17.00', actor: 'system' }),
    ]);
    // Stock taken back at the cancel is not touched again.
    const product = await ok('/admin/product/detail', { id: tea.id });
    expect(product.stock).toBe(5);
  });

  it('refuses checkout with Alipay when the server has no address for its notifications', async () => {
    await t.close();
    t = await createTestApp({ JOBS: 'off', ALIPAY_GATEWAY_URL: fake.url });
    token = await t.login();
    const tea = await alipayStore();
    const refused = await shop('order', {
      token: customer,
      payManner: 'alipay',
      items: [{ productId: tea.id, quantity: 1 }],
    });
    expect(refused.code).toBe(40900);
    expect(refused.msg).toContain('PAYMENT_NOTIFY_BASE');
  });
});
