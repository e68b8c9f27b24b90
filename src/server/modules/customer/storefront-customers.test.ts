import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { customers } from '../../db/schema/customer';
import { jobs } from '../../db/schema/job';
import { productOrders } from '../../db/schema/product-order';
import { shopIdentities } from '../../db/schema/shop-identity';
import { customerKey } from '../../kit/customer-key';
import { SANDBOX_NOTIFY_JOB } from '../../payment/sandbox';
import { createOtherMerchant, createTestApp, type TestApp } from '../../test-support';
import { testPhone, verifyPhone } from '../shop-identity/test-verify';

/**
 * A storefront buyer with a verified phone becomes the merchant's customer (/client-list) when
 * an order of theirs is paid; paid orders and refunds keep its orderCount, totalSpent and
 * lastActiveAt; a coupon issued to that customer reaches the buyer's storefront.
 */

let t: TestApp;
let token: string;
beforeEach(async () => {
  t = await createTestApp({ JOBS: 'off', PAYMENT_SANDBOX_CHAOS: '0' });
  token = await t.login();
});
afterEach(() => t.close());

const buyer = (n: number) => `storefront-buyer-${n}-`.padEnd(40, 'x');
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

/** Online payment (the sandbox) and the counter; one dish at 12.50. */
async function store() {
  await ok('/admin/pay-manner/create', { kind: 'sandbox', name: '在线支付', enabled: true });
  await ok('/admin/pay-manner/create', { kind: 'counter', name: '到店付款', enabled: true });
  const dish = await ok('/admin/product/create', { name: '鸡排饭', price: '12.50', stock: 100 });
  await ok('/admin/product/onSale', { ids: [dish.id] });
  return dish.id as number;
}

/** The n-th buyer's order of `quantity` dishes, placed in the storefront: unpaid. */
async function place(
  n: number,
  productId: number,
  quantity: number,
  payManner: 'sandbox' | 'counter',
  extra: Record<string, unknown> = {},
) {
  const placed = await shop('order', {
    token: buyer(n),
    payManner,
    items: [{ productId, quantity }],
    ...extra,
  });
  expect(placed.code, placed.msg).toBe(200);
  const [row] = await t.db
    .select()
    .from(productOrders)
    .where(eq(productOrders.orderNo, placed.data.orderNo));
  return row!;
}

/** The payer pays on the sandbox's page; its notification is delivered. */
async function payOnline(payUrl: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: payUrl,
    payload: 'action=pay',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(res.statusCode).toBe(303);
  await t.app.jobs.drain();
}

const customersOf = (merchantId: number) =>
  t.db.select().from(customers).where(eq(customers.merchantId, merchantId));
const customerWith = async (phone: string, merchantId = 1) => {
  const rows = await t.db
    .select()
    .from(customers)
    .where(and(eq(customers.merchantId, merchantId), eq(customers.phone, phone)));
  expect(rows.length, `customers with ${phone}`).toBeLessThanOrEqual(1);
  return rows[0];
};

describe('storefront buyers as customers', () => {
  it('count a verified buyer’s paid orders and refunds, once per payment, in their own store only', async () => {
    const dish = await store();
    const phone = testPhone(501);
    await verifyPhone(t, buyer(1), phone);
    // The other store has a customer of its own with the same phone.
    const other = await createOtherMerchant(t);
    const theirs = await ok(
      '/admin/customer/create',
      { name: '别家的客人', phone, source: 'other' },
      other.token,
    );

    // Placed, not yet paid: nobody yet.
    const first = await place(1, dish, 2, 'sandbox');
    expect(first.buyerPhone).toBe(phone);
    expect(await customerWith(phone)).toBeUndefined();

    // Paid online (25.00): the buyer is the store's customer, with one order.
    const before = Date.now();
    await payOnline(first.payUrl!);
    const made = await customerWith(phone);
    expect(made).toMatchObject({
      name: '顾客0501',
      source: 'store',
      orderCount: 1,
      totalSpent: '25.00',
    });
    expect(made!.lastActiveAt!.getTime()).toBeGreaterThanOrEqual(before);
    expect(made!.registeredAt.getTime()).toBeGreaterThanOrEqual(before);
    // As the customer list shows it.
    const listed = await ok('/admin/customer/list', { keyword: phone });
    expect(listed.items).toMatchObject([
      { id: made!.id, name: '顾客0501', orderCount: 1, totalSpent: '25.00', source: 'store' },
    ]);

    // The same payment's notification delivered again counts nothing more.
    const [delivered] = await t.db.select().from(jobs).where(eq(jobs.name, SANDBOX_NOTIFY_JOB));
    expect(delivered).toMatchObject({ state: 'done' });
    const again = await t.app.jobs.enqueue(SANDBOX_NOTIFY_JOB, delivered!.payload);
    await t.app.jobs.drain();
    expect((await t.app.jobs.get(again!))?.state).toBe('done');
    expect(await customerWith(phone)).toMatchObject({ orderCount: 1, totalSpent: '25.00' });

    // A second order (12.50), paid at the counter: two orders, 37.50.
    const second = await place(1, dish, 1, 'counter');
    await ok('/admin/product-order/confirmPaid', { ids: [second.id] });
    const twice = await customerWith(phone);
    expect(twice).toMatchObject({ id: made!.id, orderCount: 2, totalSpent: '37.50' });
    expect(twice!.lastActiveAt!.getTime()).toBeGreaterThanOrEqual(made!.lastActiveAt!.getTime());
    // Confirmed twice: refused, and still counted once.
    expect((await call('/admin/product-order/confirmPaid', { ids: [second.id] })).code).not.toBe(
      200,
    );
    expect(await customerWith(phone)).toMatchObject({ orderCount: 2, totalSpent: '37.50' });

    // A partial refund through the gateway (5.00) lowers what the customer spent.
    await ok('/admin/product-order/refund', { id: first.id, amount: '5', reason: '少了一份汤' });
    expect(await customerWith(phone)).toMatchObject({ orderCount: 2, totalSpent: '32.50' });

    // The merchant's own edits keep the counts (they are read-only there).
    await ok('/admin/customer/update', {
      id: made!.id,
      name: '王小姐',
      phone,
      gender: 'female',
      source: 'store',
      tags: ['常客'],
    });
    expect(await customerWith(phone)).toMatchObject({
      name: '王小姐',
      orderCount: 2,
      totalSpent: '32.50',
    });

    // Spent never goes below nothing (counts from before there were counts).
    await t.db.update(customers).set({ totalSpent: '3.00' }).where(eq(customers.id, made!.id));
    await ok('/admin/product-order/refund', { id: second.id, reason: '不要了' });
    expect(await customerWith(phone)).toMatchObject({ orderCount: 2, totalSpent: '0.00' });

    // The other store's customer with that phone is as it was, and alone there.
    expect(await customersOf(other.merchant.id)).toMatchObject([
      { id: theirs.id, name: '别家的客人', orderCount: 0, totalSpent: '0.00', lastActiveAt: null },
    ]);
    expect(await customersOf(1)).toHaveLength(1);
  });

  it('makes no customer of an order without a verified phone', async () => {
    const dish = await store();
    const online = await place(2, dish, 1, 'sandbox');
    expect(online.buyerPhone).toBe('');
    await payOnline(online.payUrl!);
    const counter = await place(3, dish, 1, 'counter');
    await ok('/admin/product-order/confirmPaid', { ids: [counter.id] });
    const paid = await t.db.select().from(productOrders).where(eq(productOrders.merchantId, 1));
    expect(paid.map((o) => o.status).sort()).toEqual(['paid', 'paid']);
    expect(await customersOf(1)).toHaveLength(0);
    // A verified buyer's order does make one (so the empty list above is not for want of a way).
    await verifyPhone(t, buyer(4), testPhone(504));
    await ok('/admin/product-order/confirmPaid', {
      ids: [(await place(4, dish, 1, 'counter')).id],
    });
    expect(await customersOf(1)).toMatchObject([{ phone: testPhone(504), orderCount: 1 }]);
  });

  it('reach the buyer with a coupon issued to the customer by hand', async () => {
    const dish = await store();
    const phone = testPhone(505);
    await verifyPhone(t, buyer(5), phone);
    const order = await place(5, dish, 1, 'counter');
    await ok('/admin/product-order/confirmPaid', { ids: [order.id] });

    const coupon = await ok('/admin/coupon/create', {
      name: '老客立减3元',
      kind: 'amountOff',
      threshold: '0',
      value: '3',
      validity: 'days',
      validDays: 7,
      totalQuantity: 10,
      perCustomerLimit: 1,
      claimable: false,
    });
    await ok('/admin/coupon/activate', { ids: [coupon.id] });
    // The issue dialog finds the customer by the phone, and issues to them.
    const [found] = await ok('/admin/coupon/customers', { keyword: '0505' });
    expect(found).toMatchObject({ name: '顾客0505', phone });
    expect(await ok('/admin/coupon/issue', { id: coupon.id, customerIds: [found.id] })).toEqual({
      count: 1,
    });
    // The customer's limit counts it: issued again, refused.
    expect(
      (await call('/admin/coupon/issue', { id: coupon.id, customerIds: [found.id] })).code,
    ).toBe(40900);

    // The buyer's storefront shows it (no code to redeem), and another device does not.
    const mine = (await shop('coupons', { token: buyer(5) })).data.mine;
    expect(mine).toMatchObject([{ couponId: coupon.id, name: '老客立减3元', state: 'unused' }]);
    expect((await shop('coupons', { token: buyer(6) })).data.mine).toEqual([]);
    // The same phone verified on another device sees it too (written as the check writes it: a
    // second code to the number within the minute is refused).
    await t.db
      .insert(shopIdentities)
      .values({ merchantId: 1, customerKey: customerKey(buyer(7)), phone });
    expect((await shop('coupons', { token: buyer(7) })).data.mine).toHaveLength(1);
    const history = await ok('/admin/coupon/history', { id: coupon.id });
    expect(history).toMatchObject([{ customerName: '顾客0505', source: 'issued', code: '' }]);

    // And the buyer pays with it: 12.50 − 3.
    const used = await place(5, dish, 1, 'counter', { couponId: mine[0].id });
    expect(used).toMatchObject({ totalAmount: '9.50', couponDiscount: '3.00' });
    expect((await shop('coupons', { token: buyer(5) })).data.mine).toMatchObject([
      { state: 'used', orderNo: used.orderNo },
    ]);
  });
});
