import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { extension } from '../../../shared/resources/extension';
import { sellingPartner } from '../../../shared/resources/selling-partner';
import { extensions } from '../../db/schema/extension';
import { jobs } from '../../db/schema/job';
import { productOrders } from '../../db/schema/product-order';
import { sellingPartners } from '../../db/schema/selling-partner';
import { resourceContract } from '../../kit/resource-contract';
import { createOtherMerchant, createTestApp, type TestApp } from '../../test-support';
import { testPhone, verifyPhone } from '../shop-identity/test-verify';

const HOUR = 3_600_000;
const iso = (offset: number) => new Date(Date.now() + offset).toISOString();

resourceContract(
  extension,
  {
    name: '满100减20',
    kind: 'amountOff',
    threshold: '100.00',
    value: '20.00',
    scope: 'all',
    categoryIds: [],
    productIds: [],
    startAt: '2026-01-01T00:00:00.000Z',
    endAt: '2026-02-01T00:00:00.000Z',
    perCustomerLimit: 1,
    budget: '500.00',
  },
  { name: '满100减25', value: '25.00' },
  { guarded: ['publish', 'end'] },
);
resourceContract(
  sellingPartner,
  { name: '王小二', phone: '13800000001', level: 'silver', commissionRate: '10.00', remark: '' },
  { level: 'gold', commissionRate: '12.50' },
  {
    another: (n) => ({
      name: `分销${n}`,
      phone: `1380000${String(n).padStart(4, '0')}`,
      commissionRate: '5',
    }),
  },
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
const ok = async (url: string, body: unknown = {}, as = token) => {
  const res = await call(url, body, as);
  expect(res.code, `${url}: ${res.msg}`).toBe(200);
  return res.data;
};
const shop = async (path: string, body?: unknown) => {
  const res = await t.app.inject({
    method: body === undefined ? 'GET' : 'POST',
    url: `/open/shop/1/${path}`,
    ...(body === undefined ? {} : { payload: body as object }),
  });
  return res.json();
};
async function pay(payUrl: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: payUrl,
    payload: 'action=pay',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(res.statusCode).toBe(303);
  await t.app.jobs.drain();
}

/** A store taking sandbox payments, with two dishes in two categories. */
async function store() {
  await ok('/admin/pay-manner/create', { kind: 'sandbox', name: '在线支付', enabled: true });
  const hot = await ok('/admin/product-category/create', { name: '热菜', enabled: true });
  const drinks = await ok('/admin/product-category/create', { name: '饮品', enabled: true });
  const dish = await ok('/admin/product/create', {
    name: '宫保鸡丁',
    price: '38',
    stock: 100,
    categoryId: hot.id,
  });
  const tea = await ok('/admin/product/create', {
    name: '柠檬茶',
    price: '12.50',
    stock: 100,
    categoryId: drinks.id,
  });
  await ok('/admin/product/onSale', { ids: [dish.id, tea.id] });
  return { hot, drinks, dish, tea };
}

const customer = (c: string) => c.repeat(40);
const order = (who: string, items: { productId: number; quantity: number }[], ref = '') =>
  shop('order', { token: customer(who), payManner: 'sandbox', items, ref });

async function campaign(body: Record<string, unknown>) {
  const row = await ok('/admin/extension/create', {
    name: '满100减20',
    kind: 'amountOff',
    threshold: '100',
    value: '20',
    startAt: iso(-HOUR),
    endAt: iso(24 * HOUR),
    ...body,
  });
  await ok('/admin/extension/publish', { ids: [row.id] });
  return row;
}

describe('promotion', () => {
  it('checks a campaign as a whole and follows its times once published', async () => {
    const backwards = await call('/admin/extension/create', {
      name: '反了',
      kind: 'amountOff',
      value: '5',
      startAt: iso(2 * HOUR),
      endAt: iso(HOUR),
    });
    expect(backwards.data.fields[0].field).toBe('endAt');
    const percent = await call('/admin/extension/create', {
      name: '白送',
      kind: 'percentOff',
      value: '100',
      startAt: iso(HOUR),
      endAt: iso(2 * HOUR),
    });
    expect(percent.data.fields[0].field).toBe('value');
    // 满100减150: an amount off of the threshold or more is refused; without a threshold it is not.
    const overThreshold = await call('/admin/extension/create', {
      name: '满100减150',
      kind: 'amountOff',
      threshold: '100',
      value: '150',
      startAt: iso(HOUR),
      endAt: iso(2 * HOUR),
    });
    expect(overThreshold.data.fields[0].field).toBe('value');
    expect(overThreshold.msg).toBe('满 100.00 元减 150.00 元：减免金额须小于门槛金额');
    const fewer = await ok('/admin/extension/create', {
      name: '满100减10',
      kind: 'amountOff',
      threshold: '100',
      value: '10',
      startAt: iso(HOUR),
      endAt: iso(2 * HOUR),
    });
    const raised = await call('/admin/extension/update', { id: fewer.id, value: '100' });
    expect(raised.data.fields[0].field).toBe('value');
    const later = await ok('/admin/extension/create', {
      name: '明天',
      kind: 'percentOff',
      value: '10',
      startAt: iso(HOUR),
      endAt: iso(2 * HOUR),
    });
    expect(later.status).toBe('draft');
    await ok('/admin/extension/publish', { ids: [later.id] });
    expect((await ok('/admin/extension/detail', { id: later.id })).status).toBe('scheduled');
    // The clock waits for its start; moved earlier, it is active at once.
    const queued = await t.db.select().from(jobs).where(eq(jobs.name, 'extension.clock'));
    expect(queued.length).toBeGreaterThan(0);
    const moved = await ok('/admin/extension/update', { id: later.id, startAt: iso(-HOUR) });
    expect(moved.status).toBe('active');
    // Its end passing, the clock ends it.
    await t.db
      .update(extensions)
      .set({ endAt: new Date(Date.now() - 1000) })
      .where(eq(extensions.id, later.id));
    await t.db
      .update(jobs)
      .set({ runAt: new Date(0) })
      .where(eq(jobs.name, 'extension.clock'));
    await t.app.jobs.drain();
    expect((await ok('/admin/extension/detail', { id: later.id })).status).toBe('ended');
    // One already over is not published.
    const over = await ok('/admin/extension/create', {
      name: '过去',
      kind: 'amountOff',
      value: '5',
      startAt: iso(-2 * HOUR),
      endAt: iso(-HOUR),
    });
    expect((await call('/admin/extension/publish', { ids: [over.id] })).code).toBe(40000);
  });

  it('applies the best campaign at checkout, keeps what it applied, and counts it', async () => {
    const { hot, dish, tea } = await store();
    const amount = await campaign({ perCustomerLimit: 1 });
    const percent = await campaign({
      name: '热菜八折',
      kind: 'percentOff',
      threshold: '0',
      value: '20',
      scope: 'categories',
      categoryIds: [hot.id],
    });
    const menu = (await shop('store')).data;
    expect(menu.campaigns.map((c: { name: string }) => c.name).sort()).toEqual([
      '满100减20',
      '热菜八折',
    ]);
    // 3 × 38 = 114 of hot dishes: 20 % is 22.80, more than 20 off.
    const first = await order('a', [{ productId: dish.id, quantity: 3 }]);
    expect(first.data).toMatchObject({
      extensionName: '热菜八折',
      discountAmount: '22.80',
      totalAmount: '91.20',
    });
    // Under the threshold and outside the category: no discount.
    const small = await order('a', [{ productId: tea.id, quantity: 2 }]);
    expect(small.data).toMatchObject({ extensionName: '', totalAmount: '25.00' });
    // 8 teas (100): only the amount off applies; then once per customer (by a verified phone).
    await verifyPhone(t, customer('b'), testPhone(2));
    const teas = await order('b', [{ productId: tea.id, quantity: 8 }]);
    expect(teas.data).toMatchObject({ extensionName: '满100减20', totalAmount: '80.00' });
    const again = await order('b', [{ productId: tea.id, quantity: 8 }]);
    expect(again.data).toMatchObject({ extensionName: '', totalAmount: '100.00' });
    await pay(first.data.payUrl);
    await pay(teas.data.payUrl);
    // Edited while active: only later orders see the new value.
    await ok('/admin/extension/update', { id: percent.id, value: '50' });
    const [kept] = await t.db
      .select()
      .from(productOrders)
      .where(eq(productOrders.orderNo, first.data.orderNo));
    expect(kept!.discountAmount).toBe('22.80');
    const list = await ok('/admin/extension/list', { page: 1, limit: 20 });
    const row = list.items.find((r: { id: number }) => r.id === amount.id);
    expect(row).toMatchObject({
      orderCount: 1,
      customerCount: 1,
      discountGiven: '20.00',
      sales: '80.00',
    });
    // A campaign with orders is ended, not deleted.
    expect((await call('/admin/extension/delete', { ids: [amount.id] })).code).toBe(40900);
    // The order shows on /extension-order; one without a campaign does not.
    const orders = await ok('/admin/extension-order/list', { page: 1, limit: 20 });
    expect(orders.items.map((o: { orderNo: string }) => o.orderNo).sort()).toEqual(
      [first.data.orderNo, teas.data.orderNo].sort(),
    );
  });

  it('applies a campaign scoped to two categories to their lines only, and checks its scope', async () => {
    const { hot, drinks, dish, tea } = await store();
    const staples = await ok('/admin/product-category/create', { name: '主食', enabled: true });
    const rice = await ok('/admin/product/create', {
      name: '米饭',
      price: '100',
      stock: 100,
      categoryId: staples.id,
    });
    await ok('/admin/product/onSale', { ids: [rice.id] });
    // A scope of categories needs one; the list answers their titles.
    const none = await call('/admin/extension/create', {
      name: '空范围',
      kind: 'amountOff',
      value: '5',
      startAt: iso(-HOUR),
      endAt: iso(HOUR),
      scope: 'categories',
    });
    expect(none.code).toBe(40000);
    expect(none.data.fields[0].field).toBe('categoryIds');
    const both = await campaign({
      name: '热菜饮品满50减10',
      threshold: '50',
      value: '10',
      scope: 'categories',
      categoryIds: [hot.id, drinks.id, hot.id],
    });
    expect(both.categoryIds).toEqual([hot.id, drinks.id]);
    expect(both.labels.categoryIds).toEqual(['热菜', '饮品']);
    const listed = (await ok('/admin/extension/list', { page: 1, limit: 20 })).items[0];
    expect(listed.labels.categoryIds).toEqual(['热菜', '饮品']);
    // 38 + 12.50 of the two categories reach 50; the rice (another category) counts for nothing.
    const mixed = await order('h', [
      { productId: dish.id, quantity: 1 },
      { productId: tea.id, quantity: 1 },
    ]);
    expect(mixed.data).toMatchObject({ extensionName: '热菜饮品满50减10', totalAmount: '40.50' });
    const outside = await order('i', [
      { productId: dish.id, quantity: 1 },
      { productId: rice.id, quantity: 1 },
    ]);
    expect(outside.data).toMatchObject({ extensionName: '', totalAmount: '138.00' });
    // The export names its categories.
    const exported = await t.post(
      '/admin/extension/export',
      { sort: 'createdAt', order: 'asc', lang: 'zh', columns: ['name', 'categoryIds'] },
      token,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    // (After the row's number.)
    expect((workbook.worksheets[0]!.getRow(2).values as unknown[]).slice(2)).toEqual([
      '热菜饮品满50减10',
      '热菜、饮品',
    ]);
    // A category still in a campaign's scope is not deleted.
    expect((await call('/admin/product-category/delete', { ids: [drinks.id] })).code).toBe(40900);
    // Switched to all: its categories are not kept.
    const all = await ok('/admin/extension/update', { id: both.id, scope: 'all' });
    expect(all).toMatchObject({ scope: 'all', categoryIds: [], productIds: [] });
  });

  it('refuses a campaign scoped to another merchant’s product', async () => {
    const other = await createOtherMerchant(t);
    const theirs = await ok(
      '/admin/product/create',
      { name: '别家的菜', price: '10', stock: 1 },
      other.token,
    );
    const { dish } = await store();
    const refused = await call('/admin/extension/create', {
      name: '别家商品',
      kind: 'amountOff',
      value: '5',
      startAt: iso(-HOUR),
      endAt: iso(HOUR),
      scope: 'products',
      productIds: [dish.id, theirs.id],
    });
    expect(refused.code).toBe(40000);
    expect(refused.data.fields[0].field).toBe('productIds');
    const mine = await ok('/admin/extension/create', {
      name: '本店商品',
      kind: 'amountOff',
      value: '5',
      startAt: iso(-HOUR),
      endAt: iso(HOUR),
      scope: 'products',
      productIds: [dish.id],
    });
    expect(mine.labels.productIds).toEqual(['宫保鸡丁']);
    const moved = await call('/admin/extension/update', {
      id: mine.id,
      productIds: [dish.id, theirs.id],
    });
    expect(moved.data.fields[0].field).toBe('productIds');
  });

  it('spends its budget on paid orders: the payments that reach it end it, later orders go without', async () => {
    const { tea } = await store();
    await campaign({ threshold: '0', value: '10', budget: '20' });
    // Two checkouts at once: both priced with it; unpaid, they spend nothing.
    const both = await Promise.all([
      order('c', [{ productId: tea.id, quantity: 1 }]),
      order('d', [{ productId: tea.id, quantity: 1 }]),
    ]);
    expect(both.map((o) => o.data.discountAmount)).toEqual(['10.00', '10.00']);
    const [open] = await t.db.select().from(extensions);
    expect(open!.status).toBe('active');
    for (const placed of both) await pay(placed.data.payUrl);
    const [row] = await t.db.select().from(extensions);
    expect(row).toMatchObject({ status: 'ended', spentAt: expect.any(Date) });
    expect((await order('e', [{ productId: tea.id, quantity: 1 }])).data.discountAmount).toBe(
      '0.00',
    );
  });

  it('pays a partner on orders through its link, takes back on refund, settles once', async () => {
    const { dish } = await store();
    const partner = await ok('/admin/selling-partner/create', {
      name: '王小二',
      phone: '13800000001',
      commissionRate: '10',
    });
    expect(partner.inviteCode).toMatch(/^[2-9A-HJKMNP-Z]{8}$/);
    expect(partner.status).toBe('pending');
    // Not yet approved: no invite, and its code earns nothing.
    expect((await call('/admin/selling-partner/invite', { id: partner.id })).code).toBe(40900);
    const early = await order('e', [{ productId: dish.id, quantity: 1 }], partner.inviteCode);
    expect(early.code).toBe(200);
    await ok('/admin/selling-partner/approve', { ids: [partner.id] });
    const invite = await ok('/admin/selling-partner/invite', { id: partner.id });
    expect(invite.url).toMatch(new RegExp(`/shop/1\\?ref=${partner.inviteCode}$`));
    expect(invite.png).toMatch(/^data:image\/png;base64,/);

    const placed = await order(
      'f',
      [{ productId: dish.id, quantity: 2 }],
      partner.inviteCode.toLowerCase(),
    );
    await pay(placed.data.payUrl);
    const [row] = await t.db
      .select()
      .from(productOrders)
      .where(eq(productOrders.orderNo, placed.data.orderNo));
    expect(row).toMatchObject({
      partnerName: '王小二',
      commission: '7.60',
      commissionStatus: 'pending',
    });
    const listed = (await ok('/admin/selling-partner/list', { page: 1, limit: 20 })).items[0];
    expect(listed).toMatchObject({ orderCount: 1, customerCount: 1, commissionEarned: '7.60' });

    // Settled up to now: once; a second settlement finds nothing.
    const until = new Date(Date.now() + 1000).toISOString();
    expect(await ok('/admin/selling-partner/settle', { id: partner.id, until })).toEqual({
      count: 1,
      amount: '7.60',
      currency: 'CNY',
    });
    expect(await ok('/admin/selling-partner/settle', { id: partner.id, until })).toMatchObject({
      count: 0,
    });
    // Refunded after it was settled: the commission falls to what is still paid for, and the
    // next settlement takes the difference back.
    await ok('/admin/product-order/refund', { id: row!.id, amount: '38.00', reason: '少做一份' });
    const [refunded] = await t.db.select().from(productOrders).where(eq(productOrders.id, row!.id));
    expect(refunded).toMatchObject({ commission: '3.80', commissionStatus: 'pending' });
    expect(
      await ok('/admin/selling-partner/settle', {
        id: partner.id,
        until: new Date(Date.now() + 1000).toISOString(),
      }),
    ).toEqual({ count: 1, amount: '-3.80', currency: 'CNY' });
    const history = await ok('/admin/selling-partner/settlements', { id: partner.id });
    expect(history.map((s: { amount: string }) => s.amount)).toEqual(['-3.80', '7.60']);
    // A partner with orders is disabled, not deleted; a disabled one's code earns nothing.
    expect((await call('/admin/selling-partner/delete', { ids: [partner.id] })).code).toBe(40900);
    await ok('/admin/selling-partner/disable', { ids: [partner.id] });
    const after = await order('g', [{ productId: dish.id, quantity: 1 }], partner.inviteCode);
    const [plain] = await t.db
      .select()
      .from(productOrders)
      .where(eq(productOrders.orderNo, after.data.orderNo));
    expect(plain!.partnerId).toBeNull();
  });

  it('takes a partner’s application from the storefront, once per verified phone', async () => {
    await verifyPhone(t, customer('p'), '13700000001');
    const applied = await shop('partner/apply', { token: customer('p'), name: '张三' });
    expect(applied).toMatchObject({ code: 200, data: { status: 'pending' } });
    const again = await shop('partner/apply', { token: customer('p'), name: '张三' });
    expect(again.code).toBe(40900);
    expect(again.data.fields[0].field).toBe('phone');
    // A phone typed in is not taken: the verified one is.
    expect(
      (await shop('partner/apply', { token: customer('p'), name: '张三', phone: '13700000002' }))
        .code,
    ).toBe(40000);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/open/shop/999/partner/apply',
      payload: { token: customer('p'), name: '张三' },
    });
    expect(unknown.json().code).toBe(40400);
    const [row] = (await ok('/admin/selling-partner/list', { page: 1, limit: 20 })).items;
    expect(row).toMatchObject({ name: '张三', status: 'pending', commissionRate: '0.00' });
    expect(row.inviteCode).toMatch(/^[2-9A-HJKMNP-Z]{8}$/);
    const [stored] = await t.db.select().from(sellingPartners);
    expect(stored!.phone).toBe('13700000001');
  });

  it('keeps each merchant to its own campaigns and partners', async () => {
    await campaign({});
    const partner = await ok('/admin/selling-partner/create', {
      name: '王小二',
      phone: '13800000001',
      commissionRate: '10',
    });
    const other = await createOtherMerchant(t);
    expect(
      (await call('/admin/extension/list', { page: 1, limit: 20 }, other.token)).data.items,
    ).toEqual([]);
    expect((await call('/admin/extension/share', { id: 1 }, other.token)).code).toBe(40400);
    expect(
      (await call('/admin/selling-partner/settle', { id: partner.id, until: iso(0) }, other.token))
        .code,
    ).toBe(40400);
    // The share link, its code and a poster.
    const share = await ok('/admin/extension/share', { id: 1 });
    expect(share.url).toMatch(/\/shop\/1\?campaign=1$/);
    const poster = await t.post('/admin/extension/poster', { id: 1 }, token);
    expect(poster.headers['content-type']).toBe('application/pdf');
    expect(poster.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
