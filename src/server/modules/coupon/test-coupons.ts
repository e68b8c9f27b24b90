import { afterEach, beforeEach, expect } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support';
import { testPhone, verifyPhone } from '../shop-identity/test-verify';

// Tests only: what the coupon tests share (coupon*.test.ts).

export const HOUR = 3_600_000;
export const iso = (offset: number) => new Date(Date.now() + offset).toISOString();

/** The app of the test running, and its owner's token (read-only where imported). */
export let t: TestApp;
export let token: string;
/** Each customer's phone, verified before its first claim (claiming needs one). */
let phones: Map<string, Promise<unknown>>;

/** A fresh app for each test of the file (no worker, no payment chaos), signed in as the owner. */
export function withCouponApp() {
  beforeEach(async () => {
    t = await createTestApp({ JOBS: 'off', PAYMENT_SANDBOX_CHAOS: '0' });
    token = await t.login();
    phones = new Map();
  });
  afterEach(() => t.close());
}

export const call = async (url: string, body: unknown = {}, as = token) =>
  (await t.post(url, body, as)).json();
export const ok = async (url: string, body: unknown = {}, as = token) => {
  const res = await call(url, body, as);
  expect(res.code, `${url}: ${res.msg}`).toBe(200);
  return res.data;
};
export const shop = async (path: string, body: unknown, merchantId = 1) =>
  (
    await t.app.inject({
      method: 'POST',
      url: `/open/shop/${merchantId}/${path}`,
      payload: body as object,
    })
  ).json();
export async function pay(payUrl: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: payUrl,
    payload: 'action=pay',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(res.statusCode).toBe(303);
  await t.app.jobs.drain();
}

export const customer = (c: string) => c.repeat(40);

/** A store taking sandbox payments, with two dishes in two categories. */
export async function store() {
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

export async function activeCoupon(body: Record<string, unknown> = {}) {
  const row = await ok('/admin/coupon/create', {
    name: '满50减10',
    kind: 'amountOff',
    threshold: '50',
    value: '10',
    validity: 'fixed',
    startAt: iso(-HOUR),
    endAt: iso(24 * HOUR),
    totalQuantity: 100,
    perCustomerLimit: 1,
    ...body,
  });
  await ok('/admin/coupon/activate', { ids: [row.id] });
  return row;
}

export function verified(who: string) {
  let done = phones.get(who);
  if (!done) {
    done = verifyPhone(t, customer(who), testPhone(who.charCodeAt(0)));
    phones.set(who, done);
  }
  return done;
}
export const claim = async (who: string, couponId: number) => {
  await verified(who);
  return shop('coupons/claim', { token: customer(who), couponId });
};
export const mine = async (who: string) => (await shop('coupons', { token: customer(who) })).data;
export const order = (
  who: string,
  items: { productId: number; quantity: number }[],
  couponId: number | null = null,
) => shop('order', { token: customer(who), payManner: 'sandbox', items, couponId });

export async function campaign(body: Record<string, unknown>) {
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
