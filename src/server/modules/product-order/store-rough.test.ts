import ExcelJS from 'exceljs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support';
import { storefrontOrder } from './test-orders';

let t: TestApp;
let token: string;
beforeEach(async () => {
  // The live feed's first call answers after a second of nothing new, not 25.
  t = await createTestApp({ JOBS: 'off', PAYMENT_SANDBOX_CHAOS: '0', LIVE_WAIT_SECONDS: '1' });
  token = await t.login();
});
afterEach(() => t.close());

const ok = async (url: string, body: unknown = {}) => {
  const res = (await t.post(url, body, token)).json();
  expect(res.code, `${url}: ${res.msg}`).toBe(200);
  return res.data;
};

describe('the store order export', () => {
  it('is headed by the order number and carries discounts, refund and remark as numbers', async () => {
    const made = { t, token };
    const first = await storefrontOrder(made, 2, { remark: '少辣' });
    await ok('/admin/product-order/confirmPaid', { ids: [first.id] });
    await ok('/admin/product-order/refund', { id: first.id, amount: '5.00', reason: '少一杯' });
    // The list's shown columns, as the screen sends them: the file adds what it must carry.
    const res = await t.post(
      '/admin/product-order/export',
      {
        sort: 'createdAt',
        order: 'desc',
        lang: 'zh',
        tz: -480,
        columns: ['orderNo', 'totalAmount'],
      },
      token,
    );
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const headers = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(headers).toEqual([
      '订单号',
      '实付（元）',
      '活动优惠（元）',
      '优惠券',
      '优惠券抵扣（元）',
      '已退款（元）',
      '备注',
    ]);
    const row = (sheet.getRow(2).values as unknown[]).slice(1);
    expect(row[0]).toBe(first.orderNo);
    expect(row[1]).toBe(17);
    expect(row[2]).toBe(0);
    expect(row[5]).toBe(5);
    expect(row[6]).toBe('少辣');
    expect(sheet.getRow(2).getCell(2).type).toBe(ExcelJS.ValueType.Number);
    expect(sheet.getRow(2).getCell(6).type).toBe(ExcelJS.ValueType.Number);
  });
});

type Wait = {
  now: string;
  seen: number[];
  waiting: number[];
  orders: { id: number; orderNo: string; totalAmount: string; unpaid: boolean }[];
};

describe('the live feed', () => {
  it('tells an unpaid counter order at once as 待收款, then its payment, each once', async () => {
    const made = { t, token };
    // The list is opened: nothing to tell yet (the store is made by the first order's call).
    const before = await storefrontOrder(made, 1);
    const opened: Wait = await ok('/admin/product-order/wait', {});
    expect(opened.waiting).toContain(before.id);
    const cursor = { since: opened.now, seen: opened.seen, waiting: opened.waiting };
    // Someone orders at their table and walks to the till.
    const walking = await storefrontOrder(made, 3);
    const told: Wait = await ok('/admin/product-order/wait', cursor);
    expect(told.orders).toEqual([
      { id: walking.id, orderNo: walking.orderNo, totalAmount: '25.50', unpaid: true },
    ]);
    // Not told again; told once more when paid at the counter.
    await ok('/admin/product-order/confirmPaid', { ids: [walking.id] });
    const paid: Wait = await ok('/admin/product-order/wait', {
      since: told.now,
      seen: told.seen,
      waiting: told.waiting,
    });
    expect(paid.orders).toEqual([
      { id: walking.id, orderNo: walking.orderNo, totalAmount: '25.50', unpaid: false },
    ]);
    expect(paid.waiting).toContain(walking.id);
  });
});
