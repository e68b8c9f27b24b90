import { afterEach, beforeEach, expect } from 'vitest';
import type { MadeFor } from '../../kit/resource-contract';
import { createTestApp, type TestApp } from '../../test-support';

// Tests only: what the store's API tests share (the product, add-on, selling-partner and store
// page tests): a fresh app signed in as the owner, its admin calls and the storefront's.

/** The app of the test running, and its owner's token (read-only where imported). */
export let t: TestApp;
export let token: string;

/** A fresh app for each test of the file (no worker, no payment chaos), signed in as the owner. */
export function withStoreApp() {
  beforeEach(async () => {
    t = await createTestApp({ JOBS: 'off', PAYMENT_SANDBOX_CHAOS: '0' });
    token = await t.login();
  });
  afterEach(() => t.close());
}

/** The app and the owner's token, as test-orders.ts's helpers take them. */
export const owner = (): MadeFor => ({ t, token });

/** An admin call as the owner: the whole answer. */
export const call = async (url: string, body: unknown = {}) =>
  (await t.post(url, body, token)).json();

/** An admin call as the owner that must succeed: its data. */
export const ok = async (url: string, body: unknown = {}) => {
  const res = await call(url, body);
  expect(res.code, `${url}: ${res.msg}`).toBe(200);
  return res.data;
};

/** The first merchant's storefront: a GET without a body, a POST with one. */
export const shop = async (path: string, body?: unknown) =>
  (
    await t.app.inject({
      method: body === undefined ? 'GET' : 'POST',
      url: `/open/shop/1/${path}`,
      ...(body === undefined ? {} : { payload: body as object }),
    })
  ).json();

/** The store's counter payment (到店付款), switched on. */
export const counterPayment = () =>
  ok('/admin/pay-manner/create', { kind: 'counter', name: '到店付款', enabled: true });
