import { generateKeyPairSync } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { productOrderEvents, productOrders } from '../../db/schema/product-order';
import { fakeWechatAccount } from '../../payment/fake-wechatpay';
import {
  createListeningTestApp,
  createOtherMerchant,
  createTestApp,
  type TestApp,
} from '../../test-support';
import { merchantNotifyPath } from './service';

/**
 * A storefront order paid through the merchant's own WeChat Pay (its pay manner's mchid, appid
 * and keys), the real app listening on a port, against a fake WeChat Pay over HTTP; the
 * platform's own gateway stays the sandbox.
 */

const account = fakeWechatAccount();
const fake = account.fake;
const customer = 'w'.repeat(40);
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
    WECHATPAY_BASE_URL: fake.url,
    PAYMENT_NOTIFY_BASE: at,
  })));
  token = await t.login();
});
afterEach(() => t.close());

const call = async (url: string, body: unknown = {}, as = token) =>
  (await t.post(url, body, as)).json();
const ok = async (url: string, body: unknown = {}, as = token) => {
  const res = await call(url, body, as);
  expect(res.code, `${url}: ${res.msg}`).toBe(200);
  return res.data;
};
const shop = async (path: string, body: unknown) =>
  (
    await t.app.inject({ method: 'POST', url: `/open/shop/1/${path}`, payload: body as object })
  ).json();

async function wechatStore() {
  await ok('/admin/pay-manner/create', account.payManner());
  const tea = await ok('/admin/product/create', { name: '柠檬茶', price: '8.50', stock: 5 });
  await ok('/admin/product/onSale', { ids: [tea.id] });
  return tea;
}

async function checkout(productId: number, quantity = 2) {
  const placed = await shop('order', {
    token: customer,
    payManner: 'wechat',
    items: [{ productId, quantity }],
  });
  expect(placed.code, placed.msg).toBe(200);
  return placed.data as { id: number; orderNo: string; payUrl: string; totalAmount: string };
}

const stored = async (orderNo: string) =>
  (await t.db.select().from(productOrders).where(eq(productOrders.orderNo, orderNo)))[0]!;
const eventsOf = (orderId: number) =>
  t.db.select().from(productOrderEvents).where(eq(productOrderEvents.orderId, orderId));
const post = (path: string, notification: { headers: Record<string, string>; body: string }) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...notification.headers },
    body: notification.body,
  });

const ACK = {
  status: 200,
  contentType: 'application/json; charset=utf-8',
  body: '{"code":"SUCCESS"}',
};

describe("storefront orders through the merchant's own WeChat Pay", () => {
  it('shows the QR code of a Native trade at the merchant’s WeChat Pay, paid once however often it notifies, refunded there', async () => {
    const tea = await wechatStore();
    const menu = (await t.app.inject({ method: 'GET', url: '/open/shop/1/store' })).json().data;
    expect(menu.payManners).toEqual([{ kind: 'wechat', name: '微信支付' }]);

    const order = await checkout(tea.id);
    expect(order.payUrl).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/);
    const trade = fake.trades.get(order.orderNo)!;
    expect(trade).toMatchObject({
      appId: fake.appId,
      total: 1700,
      notifyUrl: `${base}${merchantNotifyPath('wechat', 1)}`,
    });
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/v3/pay/transactions/native',
    });
    expect(fake.requests.at(-1)!.headers.authorization).toContain(`mchid="${fake.mchId}"`);
    const shown = await shop('order/detail', { token: customer, orderNo: order.orderNo });
    expect(shown.data).toMatchObject({
      status: 'unpaid',
      payManner: 'wechat',
      payUrl: order.payUrl,
    });

    const notification = fake.pay(order.orderNo);
    expect(await fake.deliver(order.orderNo, notification)).toEqual(ACK);
    // Sent again (WeChat Pay did not hear the answer): acknowledged, applied once.
    expect(await fake.deliver(order.orderNo, notification)).toEqual(ACK);
    const paid = await stored(order.orderNo);
    expect(paid).toMatchObject({ status: 'paid', tradeNo: trade.transactionId });
    expect((await eventsOf(paid.id)).filter((e) => e.type === 'paid')).toHaveLength(1);
    const followed = await shop('order/detail', { token: customer, orderNo: order.orderNo });
    expect(followed.data).toMatchObject({ status: 'paid', payManner: 'wechat' });

    // A partial refund goes back through the merchant's WeChat Pay.
    const refunded = await ok('/admin/product-order/refund', {
      id: paid.id,
      amount: '5.00',
      reason: '少了一杯',
    });
    expect(refunded.refundStatus).toBe('refunded');
    expect([...trade.refunds.values()].map((r) => (r.amount as { refund: number }).refund)).toEqual(
      [500],
    );
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/v3/refund/domestic/refunds',
    });
    expect((await stored(order.orderNo)).refundedAmount).toBe('5.00');
  });

  it('refuses a notification not signed with the merchant’s WeChat Pay key, or sent to another merchant’s path', async () => {
    const tea = await wechatStore();
    const order = await checkout(tea.id);
    const notification = fake.pay(order.orderNo);
    // Signed with another key under the right key id: not WeChat Pay's.
    const otherKey = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const forged = fake.notification(order.orderNo, { signWith: otherKey.privateKey });
    expect((await fake.deliver(order.orderNo, forged)).status).toBe(400);
    // Encrypted with another APIv3 key.
    const otherV3 = fake.notification(order.orderNo, { apiV3Key: 'b'.repeat(32) });
    expect((await fake.deliver(order.orderNo, otherV3)).status).toBe(400);

    // Another merchant with its own WeChat Pay account (its own keys).
    const other = await createOtherMerchant(t);
    const otherAccount = fakeWechatAccount({
      mchId: '1900000999',
      appId: 'wx0000000000000999',
      apiV3Key: 'c'.repeat(32),
    });
    const otherWechat = await otherAccount.fake.start();
    try {
      await ok('/admin/pay-manner/create', otherAccount.payManner(), other.token);
      const otherPath = merchantNotifyPath('wechat', other.merchant.id);
      // This merchant's true notification, posted to the other merchant's path: not its keys.
      expect((await post(otherPath, notification)).status).toBe(400);
      // The other merchant's WeChat Pay, truly signed, saying this merchant's order is paid.
      otherWechat.trades.set(order.orderNo, {
        ...fake.trades.get(order.orderNo)!,
        appId: otherWechat.appId,
      });
      const borrowed = otherWechat.notification(order.orderNo);
      expect((await post(otherPath, borrowed)).status).toBe(400);
      expect((await post(merchantNotifyPath('wechat', 1), borrowed)).status).toBe(400);
    } finally {
      await otherWechat.close();
    }
    // A merchant with no WeChat Pay, and the platform's own notify path: refused too.
    expect((await post(merchantNotifyPath('wechat', 999), notification)).status).toBe(400);
    expect((await post('/open/product-order/notify', notification)).status).toBe(400);
    // The merchant's Alipay path does not take WeChat Pay's either.
    expect((await post(merchantNotifyPath('alipay', 1), notification)).status).toBe(400);

    expect((await stored(order.orderNo)).status).toBe('unpaid');
    expect(await fake.deliver(order.orderNo, notification)).toEqual(ACK);
    expect((await stored(order.orderNo)).status).toBe('paid');
  });

  it('closes the trade there when the order is cancelled; a payer who was quicker makes it paid', async () => {
    const tea = await wechatStore();
    const cancelled = await checkout(tea.id, 1);
    const answer = await shop('order/cancel', { token: customer, orderNo: cancelled.orderNo });
    expect(answer.code, answer.msg).toBe(200);
    expect(answer.data.status).toBe('cancelled');
    expect(fake.trades.get(cancelled.orderNo)!.state).toBe('CLOSED');
    expect(fake.requests.some((r) => r.path.endsWith(`${cancelled.orderNo}/close`))).toBe(true);

    const quicker = await checkout(tea.id, 1);
    fake.pay(quicker.orderNo); // its notification is lost
    const late = await shop('order/cancel', { token: customer, orderNo: quicker.orderNo });
    expect(late.code).toBe(40900);
    expect(await stored(quicker.orderNo)).toMatchObject({
      status: 'paid',
      tradeNo: fake.trades.get(quicker.orderNo)!.transactionId,
    });
  });

  it('gives back a payment WeChat Pay reports after the order was cancelled, once', async () => {
    const tea = await wechatStore();
    const order = await checkout(tea.id, 2);
    const cancelled = await shop('order/cancel', { token: customer, orderNo: order.orderNo });
    expect(cancelled.data.status).toBe('cancelled');
    // The payer's payment crossed the close: WeChat Pay has it paid after all, and says so twice.
    fake.trades.get(order.orderNo)!.state = 'NOTPAY';
    const notification = fake.pay(order.orderNo);
    expect(await fake.deliver(order.orderNo, notification)).toEqual(ACK);
    expect(await fake.deliver(order.orderNo, notification)).toEqual(ACK);
    await t.app.jobs.drain();
    await t.app.jobs.drain();
    const trade = fake.trades.get(order.orderNo)!;
    expect([...trade.refunds.values()].map((r) => (r.amount as { refund: number }).refund)).toEqual(
      [1700],
    );
    const after = await stored(order.orderNo);
    expect(after).toMatchObject({ status: 'cancelled', refundedAmount: '17.00' });
    const events = await eventsOf(after.id);
    expect(events.filter((e) => e.type === 'latePaid')).toHaveLength(1);
    expect(events.filter((e) => e.type === 'refund')).toEqual([
      expect.objectContaining({ amount: '17.00', actor: 'system' }),
    ]);
    const product = await ok('/admin/product/detail', { id: tea.id });
    expect(product.stock).toBe(5);
  });

  it('refuses checkout with WeChat Pay when the server has no address for its notifications', async () => {
    await t.close();
    t = await createTestApp({ JOBS: 'off', WECHATPAY_BASE_URL: fake.url });
    token = await t.login();
    const tea = await wechatStore();
    const refused = await shop('order', {
      token: customer,
      payManner: 'wechat',
      items: [{ productId: tea.id, quantity: 1 }],
    });
    expect(refused.code).toBe(40900);
    expect(refused.msg).toContain('PAYMENT_NOTIFY_BASE');
    expect(refused.msg).toContain('微信支付');
  });
});
