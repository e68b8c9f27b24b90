import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { costCenter } from '../../../shared/resources/cost-center';
import { ledgerEntries, rechargeOrders } from '../../db/schema/cost-center';
import { jobs } from '../../db/schema/job';
import { merchants } from '../../db/schema/merchant';
import { operationLogs } from '../../db/schema/operation-log';
import { paymentSandboxKeys } from '../../db/schema/payment-sandbox';
import { readContract } from '../../kit/resource-contract';
import { signFields } from '../../payment/sandbox';
import {
  createAccount,
  createOtherMerchant,
  createTestApp,
  type TestApp,
} from '../../test-support';
import { charge, InsufficientBalance, postEntry, refund } from './ledger';
import { RECHARGE_CHECK_JOB, RECHARGE_NOTIFY_PATH } from './recharge';
import { reconcile } from './reconcile';

/**
 * Ledger entries are posted by the cost centre's own services (a recharge paid, a charge, a
 * refund), never by hand: the n-th recharge of n × 100 yuan, posted as a paid recharge posts it.
 */
readContract(
  costCenter,
  async ({ t }, n) =>
    (
      await postEntry(t.db, {
        merchantId: 1,
        type: 'recharge',
        amount: `${n * 100}.00`,
        reference: `RC2026112600${n}`,
        remark: `支付宝充值 ${n}`,
      })
    ).id,
  { env: { JOBS: 'off' } },
);

let t: TestApp;
let token: string;
beforeEach(async () => {
  // The worker stays off: each test runs the queue's due jobs itself.
  t = await createTestApp({ JOBS: 'off', PAYMENT_SANDBOX_CHAOS: '0' });
  token = await t.login();
});
afterEach(() => t.close());

const call = async (url: string, body: unknown = {}, as = token) =>
  (await t.post(url, body, as)).json();

async function recharge(amount = '100.00', as = token) {
  const res = await call('/admin/cost-center/recharge', { amount, method: 'alipay' }, as);
  expect(res.code, res.msg).toBe(200);
  return res.data as { orderNo: string; tradeNo: string; qrCode: string; amount: string };
}

/** The payer presses a button on the sandbox's page (a form post, as the browser sends it). */
async function payer(qrCode: string, action: 'pay' | 'decline') {
  const res = await t.app.inject({
    method: 'POST',
    url: qrCode,
    payload: `action=${action}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(res.statusCode).toBe(303);
}

const balance = async (merchantId = 1) =>
  (await t.db.select().from(merchants).where(eq(merchants.id, merchantId)))[0]!.balance;
const entries = (merchantId = 1) =>
  t.db.select().from(ledgerEntries).where(eq(ledgerEntries.merchantId, merchantId));
const order = async (orderNo: string) =>
  (await t.db.select().from(rechargeOrders).where(eq(rechargeOrders.orderNo, orderNo)))[0]!;

/** A notification as the sandbox signs it (or tampered with, after signing). */
async function notification(
  o: { orderNo: string; tradeNo: string; amount: string },
  status = 'TRADE_SUCCESS',
) {
  const [key] = await t.db.select().from(paymentSandboxKeys);
  const fields: Record<string, string> = {
    app_id: 'merchant-admin',
    notify_id: 'n1',
    notify_time: new Date().toISOString(),
    trade_no: o.tradeNo,
    out_trade_no: o.orderNo,
    total_amount: o.amount,
    trade_status: status,
    gmt_payment: new Date().toISOString(),
    sign_type: 'HMAC-SHA256',
  };
  fields.sign = signFields(fields, key!.secret);
  return fields;
}
const notify = (body: unknown) =>
  t.app.inject({ method: 'POST', url: RECHARGE_NOTIFY_PATH, payload: body as object });

describe('recharge through the sandbox gateway', () => {
  it('credits a paid recharge once, with its ledger entry, order state and log', async () => {
    const created = await recharge('100.50');
    expect(created.qrCode).toBe(`/sandbox/pay/${created.tradeNo}`);
    expect(created).toMatchObject({ amount: '100.50', status: 'created', method: 'alipay' });
    // The sandbox's page shows the trade to the payer.
    const page = await t.app.inject({ method: 'GET', url: created.qrCode });
    expect(page.body).toContain('100.50');
    expect(page.body).toContain('name="action" value="pay"');

    await payer(created.qrCode, 'pay');
    expect(await balance()).toBe('0.00');
    await t.app.jobs.drain(); // the notification is delivered
    expect(await balance()).toBe('100.50');
    const detail = await call('/admin/cost-center/recharge-detail', { orderNo: created.orderNo });
    expect(detail.data).toMatchObject({ status: 'paid', tradeNo: created.tradeNo });
    expect(detail.data.paidAt).toBeTruthy();
    const [entry] = await entries();
    expect(entry).toMatchObject({
      type: 'recharge',
      amount: '100.50',
      balanceAfter: '100.50',
      reference: created.orderNo,
    });
    // The top bar's figure, the ledger list and its totals.
    expect((await call('/admin/user/detail')).data.balance).toBe('100.50');
    const list = await call('/admin/cost-center/list', { type: 'recharge' });
    expect(list.data.items).toHaveLength(1);
    expect(list.data.items[0]).toMatchObject({ amount: '100.50', type: 'recharge' });
    const monthly = await call('/admin/cost-center/monthly', { tz: -480 });
    expect(monthly.data.items[0]).toMatchObject({ recharge: '100.50', net: '100.50', entries: 1 });
    const actions = (await t.db.select().from(operationLogs)).map((r) => r.action);
    expect(actions).toContain('cost-center.recharge');
    expect(actions).toContain('cost-center.recharge-paid');
    const paidLog = (await t.db.select().from(operationLogs)).find(
      (r) => r.action === 'cost-center.recharge-paid',
    );
    expect(paidLog).toMatchObject({ adminName: 'gateway:sandbox', targetId: String(entry!.id) });
    expect(await reconcile(t.db)).toEqual([]);
    // Paid: the payer cannot pay it again.
    await payer(created.qrCode, 'pay');
    await t.app.jobs.drain();
    expect(await balance()).toBe('100.50');
  });

  it('credits once however often, and in whatever order, the notifications come', async () => {
    await t.close();
    t = await createTestApp({ JOBS: 'off', PAYMENT_SANDBOX_CHAOS: '1' });
    token = await t.login();
    const created = await recharge('20.00');
    await payer(created.qrCode, 'pay');
    // Chaos 1: the notification twice, and a "waiting" one after it.
    expect((await t.db.select().from(jobs)).filter((j) => j.name.includes('notify'))).toHaveLength(
      3,
    );
    await t.db.execute(sql`update jobs set run_at = now() - interval '1 second'`);
    await t.app.jobs.drain();
    expect(await balance()).toBe('20.00');
    expect(await entries()).toHaveLength(1);
    expect((await order(created.orderNo)).status).toBe('paid');
    // Every delivery was acknowledged.
    expect((await t.db.select().from(jobs)).every((j) => j.state === 'done')).toBe(true);
    // A closing notification after the payment changes nothing.
    const late = await notify(await notification(created, 'TRADE_CLOSED'));
    expect(late.body).toBe('success');
    expect((await order(created.orderNo)).status).toBe('paid');
  });

  it('credits once under 1,000 concurrent duplicate notifications', async () => {
    const created = await recharge('88.88');
    await payer(created.qrCode, 'pay');
    const body = await notification(created);
    const answers = await Promise.all(Array.from({ length: 1000 }, () => notify(body)));
    expect(answers.filter((a) => a.statusCode === 200 && a.body === 'success')).toHaveLength(1000);
    expect(await balance()).toBe('88.88');
    expect(await entries()).toHaveLength(1);
    expect(
      (await t.db.select().from(operationLogs)).filter(
        (r) => r.action === 'cost-center.recharge-paid',
      ),
    ).toHaveLength(1);
    expect(await reconcile(t.db)).toEqual([]);
  }, 120_000);

  it('refuses a tampered signature, amount or trade, and an unknown order', async () => {
    const created = await recharge('50.00');
    await payer(created.qrCode, 'pay');
    const good = await notification(created);
    const refused = async (body: Record<string, string>) => {
      const res = await notify(body);
      expect(res.statusCode).toBe(400);
      expect(res.body).toBe('fail');
    };
    await refused({ ...good, sign: 'ab'.repeat(32) });
    await refused({ ...good, total_amount: '5000.00' }); // changed after signing
    await refused({ ...good, app_id: 'someone-else' });
    const { sign: _s, ...unsigned } = good;
    await refused(unsigned);
    // Signed with the right key, but not what the order says.
    await refused(await notification({ ...created, amount: '0.01' }));
    await refused(await notification({ ...created, tradeNo: 'SBX20990101ffffffffffffffff' }));
    await refused(await notification({ ...created, orderNo: 'R0000' }));
    expect(await balance()).toBe('0.00');
    expect(await entries()).toHaveLength(0);
    expect((await notify(good)).body).toBe('success');
    expect(await balance()).toBe('50.00');
  });

  it('a declined payment closes the recharge; an unpaid one expires', async () => {
    const declined = await recharge('10.00');
    await payer(declined.qrCode, 'decline');
    await t.app.jobs.drain();
    expect((await order(declined.orderNo)).status).toBe('closed');

    const unpaid = await recharge('11.00');
    await t.db.execute(
      sql`update payment_sandbox_trades set expires_at = now() - interval '1 second'`,
    );
    await t.db.execute(sql`update recharge_orders set expires_at = now() - interval '1 second'
      where order_no = ${unpaid.orderNo}`);
    await t.db.execute(sql`update jobs set run_at = now() - interval '1 second'`);
    await t.app.jobs.drain();
    expect((await order(unpaid.orderNo)).status).toBe('expired');
    // Expired: the sandbox's page no longer takes the payment.
    await payer(unpaid.qrCode, 'pay');
    await t.app.jobs.drain();
    expect(await balance()).toBe('0.00');
    const actions = (await t.db.select().from(operationLogs)).map((r) => r.action);
    expect(actions).toContain('cost-center.recharge-close');
    expect(actions).toContain('cost-center.recharge-expire');
  });

  it('asks the gateway after a trade it heard nothing of, and credits what was paid', async () => {
    const created = await recharge('30.00');
    await payer(created.qrCode, 'pay');
    // Every notification lost.
    await t.db.execute(sql`delete from jobs where name = 'payment-sandbox.notify'`);
    expect(await t.app.jobs.runDue()).toBe(0);
    // The check job runs a minute after the recharge.
    await t.db.execute(
      sql`update jobs set run_at = now() - interval '1 second' where name = ${RECHARGE_CHECK_JOB}`,
    );
    await t.app.jobs.drain();
    expect((await order(created.orderNo)).status).toBe('paid');
    expect(await balance()).toBe('30.00');
  });

  it('asks again each minute while a recharge waits', async () => {
    const created = await recharge('31.00');
    await t.db.execute(
      sql`update jobs set run_at = now() - interval '1 second' where name = ${RECHARGE_CHECK_JOB}`,
    );
    await t.app.jobs.runDue();
    const [check] = (await t.db.select().from(jobs)).filter((j) => j.name === RECHARGE_CHECK_JOB);
    expect(check).toMatchObject({ state: 'queued', attempts: 0 });
    expect(check!.runAt.getTime()).toBeGreaterThan(Date.now() + 30_000);
    expect((await order(created.orderNo)).status).toBe('created');
  });

  it('closes a waiting recharge at the administrator’s request', async () => {
    const created = await recharge('12.00');
    const closed = await call('/admin/cost-center/recharge-close', { orderNo: created.orderNo });
    expect(closed.data.status).toBe('closed');
    await payer(created.qrCode, 'pay');
    await t.app.jobs.drain();
    expect(await balance()).toBe('0.00');
    const recent = await call('/admin/cost-center/recharge-list');
    expect(recent.data.items[0]).toMatchObject({ orderNo: created.orderNo, status: 'closed' });
  });

  it('keeps amounts within the limits, exact to the fen', async () => {
    for (const amount of ['0.99', '50000.01', '1.001', '-5', 'abc', '1e3'])
      expect((await call('/admin/cost-center/recharge', { amount, method: 'alipay' })).code).toBe(
        40000,
      );
    // Below zero is said so, not that the amount is badly written.
    for (const amount of ['-5', '0', '-0.01']) {
      const refused = await call('/admin/cost-center/recharge', { amount, method: 'alipay' });
      expect(refused.data.fields[0], amount).toMatchObject({
        field: 'amount',
        message: '金额必须大于 0',
      });
    }
    expect((await call('/admin/cost-center/recharge', { amount: '5', method: 'cash' })).code).toBe(
      40000,
    );
    expect((await recharge('1')).amount).toBe('1.00');
    expect((await recharge('50000')).amount).toBe('50000.00');
  });

  it('keeps each merchant’s recharges and ledger to itself, and needs the routes', async () => {
    const created = await recharge('15.00');
    const other = await createOtherMerchant(t);
    expect((await call('/admin/cost-center/recharge-detail', created, other.token)).code).toBe(
      40400,
    );
    expect((await call('/admin/cost-center/list', {}, other.token)).data.items).toEqual([]);
    const clerk = await createAccount(t, { name: 'clerk', permissions: ['cost-center'] });
    expect((await call('/admin/cost-center/list', {}, clerk.token)).code).toBe(200);
    expect((await call('/admin/cost-center/recharge', created, clerk.token)).code).toBe(40300);
    const payer2 = await createAccount(t, { name: 'payer', permissions: ['recharge'] });
    expect((await call('/admin/cost-center/list', {}, payer2.token)).code).toBe(40300);
    expect((await call('/admin/cost-center/recharge-detail', created, payer2.token)).code).toBe(
      200,
    );
  });
});

describe('charges', () => {
  it('200 concurrent charges against a balance covering 100 succeed exactly 100 times', async () => {
    await postEntry(t.db, { merchantId: 1, type: 'adjustment', amount: '100.00', reference: 'a1' });
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, (_, i) => charge(t.db, 1, '1.00', 'UPC codes', `upc-${i}`)),
    );
    const done = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected');
    expect(done).toHaveLength(100);
    expect(refused).toHaveLength(100);
    for (const r of refused)
      expect((r as PromiseRejectedResult).reason).toBeInstanceOf(InsufficientBalance);
    expect(await balance()).toBe('0.00');
    const rows = await entries();
    expect(rows.filter((r) => r.type === 'charge')).toHaveLength(100);
    expect(rows.every((r) => Number(r.balanceAfter) >= 0)).toBe(true);
    expect(await reconcile(t.db)).toEqual([]);
    expect(
      (await t.db.select().from(operationLogs)).filter((r) => r.action === 'cost-center.charge'),
    ).toHaveLength(100);
  }, 120_000);

  it('refuses a charge above the balance with a clear message, and charges a reference once', async () => {
    await postEntry(t.db, { merchantId: 1, type: 'adjustment', amount: '5.00', reference: 'a1' });
    await expect(charge(t.db, 1, '5.01', 'UPC codes', 'big')).rejects.toMatchObject({
      text: { key: 'money.balanceShort', params: { balance: '5.00', amount: '5.01' } },
    });
    const first = await charge(t.db, 1, '2.50', 'UPC codes', 'order-1');
    const again = await charge(t.db, 1, '2.50', 'UPC codes', 'order-1');
    expect(first).toMatchObject({ balanceAfter: '2.50', repeated: false });
    expect(again).toMatchObject({ id: first.id, repeated: true });
    expect(await balance()).toBe('2.50');
    // The same reference charged by many at once: taken once.
    const same = await Promise.all(
      Array.from({ length: 20 }, () => charge(t.db, 1, '0.50', 'UPC codes', 'order-3')),
    );
    expect(same.filter((c) => !c.repeated)).toHaveLength(1);
    expect(new Set(same.map((c) => c.id)).size).toBe(1);
    expect(await balance()).toBe('2.00');
    await refund(t.db, 1, '0.50', 'UPC codes returned', 'refund-order-3');
    const back = await refund(t.db, 1, '1.25', 'UPC codes returned', 'refund-order-1');
    expect(back.balanceAfter).toBe('3.75');
    // Inside a caller's transaction that fails, nothing moves.
    await t.db
      .transaction(async (tx) => {
        await charge(tx, 1, '1.00', 'UPC codes', 'order-2');
        throw new Error('the purchase failed');
      })
      .catch(() => {});
    expect(await balance()).toBe('3.75');
    expect(await reconcile(t.db)).toEqual([]);
  });

  it('money:check finds a balance that moved outside the ledger', async () => {
    await postEntry(t.db, { merchantId: 1, type: 'adjustment', amount: '5.00', reference: 'a1' });
    expect(await reconcile(t.db)).toEqual([]);
    await t.db.execute(sql`update merchants set balance = 6 where id = 1`);
    expect(await reconcile(t.db)).toEqual([
      expect.objectContaining({ merchantId: 1, balance: '6.00', ledger: '5.00' }),
    ]);
  });
});

describe('the ledger export', () => {
  it('reads a recharge line as the ledger does, in the requester’s language', async () => {
    const post = (type: 'recharge' | 'charge', amount: string, reference: string, remark: string) =>
      postEntry(t.db, { merchantId: 1, type, amount, reference, remark });
    await post('recharge', '100.00', 'RC1', 'sandbox SBX2026112900001');
    await post('recharge', '50.00', 'RC2', 'wechat 4200002026112900002');
    await post('charge', '-10.00', 'UPC1', 'UPC 码 10 个');
    const remarks = async (lang: 'zh' | 'en') => {
      const res = await t.post('/admin/cost-center/export', { lang, tz: -480 }, token);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0]!;
      const header = (sheet.getRow(1).values as unknown[]).indexOf(
        lang === 'zh' ? '说明' : 'Description',
      );
      expect(header).toBeGreaterThan(0);
      return sheet.getColumn(header).values.slice(2).map(String).sort();
    };
    expect(await remarks('zh')).toEqual([
      'UPC 码 10 个',
      '微信支付充值 · 流水号 4200002026112900002',
      '沙箱充值 · 流水号 SBX2026112900001',
    ]);
    expect(await remarks('en')).toEqual([
      'Sandbox recharge · trade SBX2026112900001',
      'UPC 码 10 个',
      'WeChat Pay recharge · trade 4200002026112900002',
    ]);
  });
});
