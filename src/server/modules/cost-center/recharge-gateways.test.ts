import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ledgerEntries, rechargeOrders } from '../../db/schema/cost-center';
import { merchants } from '../../db/schema/merchant';
import { fakeAlipayAccount } from '../../payment/fake-alipay';
import { fakeWechatAccount } from '../../payment/fake-wechatpay';
import { createListeningTestApp, type TestApp } from '../../test-support';
import { RECHARGE_NOTIFY_PATH } from './recharge';

/**
 * Recharges through the real app configured for Alipay or WeChat Pay as the platform's gateway,
 * against a fake of it over HTTP.
 */

/** The app on this gateway account for each test, and what the tests ask of it. */
function onGateway(
  account: {
    fake: { start(): Promise<unknown>; close(): Promise<void> };
    platformEnv(): Record<string, string>;
  },
  method: 'alipay' | 'wechat',
) {
  let t: TestApp;
  let token: string;
  const at = { base: '' };
  beforeAll(async () => {
    await account.fake.start();
  });
  afterAll(() => account.fake.close());
  beforeEach(async () => {
    let base: string;
    ({ t, base } = await createListeningTestApp((url) => ({
      JOBS: 'off',
      ...account.platformEnv(),
      PAYMENT_NOTIFY_BASE: url,
    })));
    at.base = base;
    token = await t.login();
  });
  afterEach(() => t.close());

  const call = async (url: string, body: unknown) => (await t.post(url, body, token)).json();
  return {
    at,
    call,
    async recharge(amount = '100.00') {
      const res = await call('/admin/cost-center/recharge', { amount, method });
      expect(res.code, res.msg).toBe(200);
      return res.data as { orderNo: string; qrCode: string; status: string };
    },
    balance: async () =>
      (await t.db.select().from(merchants).where(eq(merchants.id, 1)))[0]!.balance,
    credits: (orderNo: string) =>
      t.db
        .select()
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.type, 'recharge'), eq(ledgerEntries.reference, orderNo))),
    order: async (orderNo: string) =>
      (await t.db.select().from(rechargeOrders).where(eq(rechargeOrders.orderNo, orderNo)))[0]!,
  };
}

/** What WeChat Pay expects back: 200, and the JSON as the gateway's ack has it, unchanged. */
const ACK = {
  status: 200,
  contentType: 'application/json; charset=utf-8',
  body: '{"code":"SUCCESS"}',
};

describe('cost-centre recharges through Alipay', () => {
  const alipay = fakeAlipayAccount('2021000000000001');
  const fake = alipay.fake;
  const { at, call, recharge, balance, credits, order } = onGateway(alipay, 'alipay');

  it('is paid by scanning the QR code and credited once, however often Alipay notifies', async () => {
    const before = await balance();
    const created = await recharge('100.00');
    expect(created.qrCode).toMatch(/^https:\/\/qr\.alipay\.com\//);
    expect(fake.trades.get(created.orderNo)).toMatchObject({
      amount: '100.00',
      notifyUrl: `${at.base}${RECHARGE_NOTIFY_PATH}`,
    });
    expect((await order(created.orderNo)).gateway).toBe('alipay');

    const notification = fake.pay(created.orderNo);
    expect(await fake.deliver(created.orderNo, notification)).toBe('success');
    // Alipay sends it again (it did not hear the answer): acknowledged, not credited again.
    expect(await fake.deliver(created.orderNo, notification)).toBe('success');

    expect(Number(await balance())).toBeCloseTo(Number(before) + 100, 2);
    expect(await credits(created.orderNo)).toHaveLength(1);
    const paid = await call('/admin/cost-center/recharge-detail', { orderNo: created.orderNo });
    expect(paid.data).toMatchObject({
      status: 'paid',
      tradeNo: fake.trades.get(created.orderNo)!.tradeNo,
    });
  });

  it('refuses a notification not signed by Alipay, or of another app', async () => {
    const before = await balance();
    const created = await recharge('50.00');
    const notification = fake.pay(created.orderNo);
    const forged = { ...notification, total_amount: '5000.00' };
    expect(await fake.deliver(created.orderNo, forged)).toBe('fail');
    const otherApp = fake.notification(created.orderNo, { app_id: '2021000000000999' });
    expect(await fake.deliver(created.orderNo, otherApp)).toBe('fail');
    expect(await balance()).toBe(before);
    expect((await order(created.orderNo)).status).toBe('created');
  });

  it('closing a recharge the payer has paid meanwhile credits it; one never scanned closes', async () => {
    const paid = await recharge('20.00');
    fake.pay(paid.orderNo); // its notification is lost
    const closedPaid = await call('/admin/cost-center/recharge-close', { orderNo: paid.orderNo });
    expect(closedPaid.data.status).toBe('paid');
    expect(await credits(paid.orderNo)).toHaveLength(1);

    const unscanned = await recharge('30.00');
    const closed = await call('/admin/cost-center/recharge-close', { orderNo: unscanned.orderNo });
    expect(closed.data.status).toBe('closed');
  });
});

describe('cost-centre recharges through WeChat Pay', () => {
  const wechat = fakeWechatAccount();
  const fake = wechat.fake;
  const { at, call, recharge, balance, credits, order } = onGateway(wechat, 'wechat');

  it('is paid by scanning the QR code and credited once, however often WeChat Pay notifies', async () => {
    const before = await balance();
    const created = await recharge('100.10');
    expect(created.qrCode).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/);
    expect(fake.trades.get(created.orderNo)).toMatchObject({
      total: 10010,
      notifyUrl: `${at.base}${RECHARGE_NOTIFY_PATH}`,
    });
    expect(await order(created.orderNo)).toMatchObject({ gateway: 'wechat', tradeNo: '' });

    // Written with spaces and \u escapes: the route verifies the body's text as it came.
    const notification = fake.pay(created.orderNo, {
      write: (json) =>
        JSON.stringify(json, null, 2).replace(
          /[^\x20-\x7e\n]/g,
          (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
        ),
    });
    expect(notification.body).toContain('\\u652f');
    expect(await fake.deliver(created.orderNo, notification)).toEqual(ACK);
    // WeChat Pay sends it again (it did not hear the answer): acknowledged, not credited again.
    expect(await fake.deliver(created.orderNo, notification)).toEqual(ACK);

    expect(Number(await balance())).toBeCloseTo(Number(before) + 100.1, 2);
    expect(await credits(created.orderNo)).toHaveLength(1);
    const paid = await call('/admin/cost-center/recharge-detail', { orderNo: created.orderNo });
    expect(paid.data).toMatchObject({
      status: 'paid',
      tradeNo: fake.trades.get(created.orderNo)!.transactionId,
    });
  });

  it('refuses a notification not signed by WeChat Pay, too old, undecryptable or of another merchant', async () => {
    const before = await balance();
    const created = await recharge('50.00');
    const good = fake.pay(created.orderNo);
    const refused = async (notification: { headers: Record<string, string>; body: string }) =>
      expect((await fake.deliver(created.orderNo, notification)).status).toBe(400);
    await refused({ ...good, body: good.body.replace('"id":"', '"id":"x') });
    await refused(
      fake.notification(created.orderNo, { timestamp: Math.floor(Date.now() / 1000) - 600 }),
    );
    await refused(fake.notification(created.orderNo, { apiV3Key: 'b'.repeat(32) }));
    await refused(fake.notification(created.orderNo, { transaction: { mchid: '1900000999' } }));
    // Rightly signed, but the amount is not the recharge's.
    await refused(
      fake.notification(created.orderNo, { transaction: { amount: { total: 500000 } } }),
    );
    expect(await balance()).toBe(before);
    expect((await order(created.orderNo)).status).toBe('created');
  });

  it('closing a recharge the payer has paid meanwhile credits it; a waiting one closes', async () => {
    const paid = await recharge('20.00');
    fake.pay(paid.orderNo); // its notification is lost
    const closedPaid = await call('/admin/cost-center/recharge-close', { orderNo: paid.orderNo });
    expect(closedPaid.data.status).toBe('paid');
    expect(await credits(paid.orderNo)).toHaveLength(1);

    const waiting = await recharge('30.00');
    const closed = await call('/admin/cost-center/recharge-close', { orderNo: waiting.orderNo });
    expect(closed.data.status).toBe('closed');
    expect(fake.trades.get(waiting.orderNo)!.state).toBe('CLOSED');
  });
});
