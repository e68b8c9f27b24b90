import { generateKeyPairSync } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ledgerEntries, merchants, rechargeOrders } from '../../db/schema';
import { FakeWechatPay } from '../../payment/fake-wechatpay';
import { createListeningTestApp, type TestApp } from '../../test-support';
import { RECHARGE_NOTIFY_PATH } from './recharge';

/** Recharges through the real app configured for WeChat Pay, against a fake WeChat Pay over HTTP. */

const MCH_ID = '1900000109';
const APP_ID = 'wxd678efh567hg6787';
const CERT_SERIAL = '5157F09EFDC096DE15EBE81A47057A7232F1B8E1';
const API_V3_KEY = 'a7cde1ef52a1d3c8b0e5f6a9c2d4b8e1';
const merchantKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });
let fake: FakeWechatPay;
let t: TestApp;
let token: string;
let base: string;

beforeAll(async () => {
  fake = await new FakeWechatPay(
    MCH_ID,
    APP_ID,
    merchantKeys.publicKey,
    CERT_SERIAL,
    API_V3_KEY,
  ).start();
});
afterAll(() => fake.close());

beforeEach(async () => {
  ({ t, base } = await createListeningTestApp((at) => ({
    JOBS: 'off',
    PAYMENT_GATEWAY: 'wechat',
    WECHATPAY_MCH_ID: MCH_ID,
    WECHATPAY_APP_ID: APP_ID,
    WECHATPAY_PRIVATE_KEY: merchantKeys.privateKey
      .export({ type: 'pkcs8', format: 'pem' })
      .toString(),
    WECHATPAY_CERT_SERIAL: CERT_SERIAL,
    WECHATPAY_API_V3_KEY: API_V3_KEY,
    // As pub_key.pem holds it, written on one line of an env file.
    WECHATPAY_PUBLIC_KEY: fake.publicKeyPem.replaceAll('\n', '\\n'),
    WECHATPAY_PUBLIC_KEY_ID: fake.publicKeyId,
    WECHATPAY_BASE_URL: fake.url,
    PAYMENT_NOTIFY_BASE: at,
  })));
  token = await t.login();
});
afterEach(() => t.close());

const call = async (url: string, body: unknown) => (await t.post(url, body, token)).json();

async function recharge(amount = '100.00') {
  const res = await call('/admin/cost-center/recharge', { amount, method: 'wechat' });
  expect(res.code, res.msg).toBe(200);
  return res.data as { orderNo: string; qrCode: string; status: string };
}

const balance = async () =>
  (await t.db.select().from(merchants).where(eq(merchants.id, 1)))[0]!.balance;
const credits = (orderNo: string) =>
  t.db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.type, 'recharge'), eq(ledgerEntries.reference, orderNo)));
const order = async (orderNo: string) =>
  (await t.db.select().from(rechargeOrders).where(eq(rechargeOrders.orderNo, orderNo)))[0]!;

/** What WeChat Pay expects back: 200, and the JSON as the gateway's ack has it, unchanged. */
const ACK = {
  status: 200,
  contentType: 'application/json; charset=utf-8',
  body: '{"code":"SUCCESS"}',
};

describe('cost-centre recharges through WeChat Pay', () => {
  it('is paid by scanning the QR code and credited once, however often WeChat Pay notifies', async () => {
    const before = await balance();
    const created = await recharge('100.10');
    expect(created.qrCode).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/);
    expect(fake.trades.get(created.orderNo)).toMatchObject({
      total: 10010,
      notifyUrl: `${base}${RECHARGE_NOTIFY_PATH}`,
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
