import { generateKeyPairSync } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ledgerEntries, merchants, rechargeOrders } from '../../db/schema';
import { FakeAlipay } from '../../payment/fake-alipay';
import { createListeningTestApp, type TestApp } from '../../test-support';
import { RECHARGE_NOTIFY_PATH } from './recharge';

/** Recharges through the real app configured for Alipay, against a fake Alipay over HTTP. */

const APP_ID = '2021000000000001';
const appKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });
let fake: FakeAlipay;
let t: TestApp;
let token: string;
let base: string;

beforeAll(async () => {
  fake = await new FakeAlipay(APP_ID, appKeys.publicKey).start();
});
afterAll(() => fake.close());

beforeEach(async () => {
  ({ t, base } = await createListeningTestApp((at) => ({
    JOBS: 'off',
    PAYMENT_GATEWAY: 'alipay',
    ALIPAY_APP_ID: APP_ID,
    ALIPAY_PRIVATE_KEY: appKeys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    // As the console shows it: bare base64.
    ALIPAY_PUBLIC_KEY: fake.publicKeyBase64,
    ALIPAY_GATEWAY_URL: fake.url,
    PAYMENT_NOTIFY_BASE: at,
  })));
  token = await t.login();
});
afterEach(() => t.close());

const call = async (url: string, body: unknown) => (await t.post(url, body, token)).json();

async function recharge(amount = '100.00') {
  const res = await call('/admin/cost-center/recharge', { amount, method: 'alipay' });
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

describe('cost-centre recharges through Alipay', () => {
  it('is paid by scanning the QR code and credited once, however often Alipay notifies', async () => {
    const before = await balance();
    const created = await recharge('100.00');
    expect(created.qrCode).toMatch(/^https:\/\/qr\.alipay\.com\//);
    expect(fake.trades.get(created.orderNo)).toMatchObject({
      amount: '100.00',
      notifyUrl: `${base}${RECHARGE_NOTIFY_PATH}`,
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
