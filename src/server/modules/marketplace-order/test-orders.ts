import { afterEach, beforeEach, expect } from 'vitest';
import { beijingDay } from '../../../shared/marketplace-order';
import { listings } from '../../db/schema/listing';
import type { marketplaceOrders } from '../../db/schema/marketplace-order';
import { createTestApp, type TestApp } from '../../test-support';

// Tests only: what the marketplace order tests share (marketplace-order*.test.ts).

/** The app of the test running, and its owner's token (read-only where imported). */
export let t: TestApp;
export let token: string;

/** The sandbox marketplace as the tests want it: no chaos, no waiting, delivery far off. */
const SANDBOX = {
  JOBS: 'off',
  MARKETPLACE_SANDBOX_CHAOS: '0',
  MARKETPLACE_SANDBOX_BATCH_MS: '0',
  MARKETPLACE_SANDBOX_PAY_MS: '0',
  MARKETPLACE_SANDBOX_DELIVER_MS: '3600000',
};

/**
 * A fresh app for each test of the file, signed in as the owner. The worker stays off: each test
 * runs the queue's due jobs itself.
 */
export function withMarketplaceApp() {
  beforeEach(async () => {
    t = await createTestApp(SANDBOX);
    token = await t.login();
  });
  afterEach(() => t.close());
}

/** Starts the test's app again with settings of its own besides the sandbox's. */
export async function restartApp(env: Record<string, string>) {
  await t.close();
  t = await createTestApp({ ...SANDBOX, ...env });
  token = await t.login();
}

export const call = async (url: string, body: unknown = {}, as = token) =>
  (await t.post(url, body, as)).json();
export const ok = async (url: string, body: unknown = {}, as = token) => {
  const res = await call(url, body, as);
  expect(res.code, `${url}: ${res.msg}`).toBe(200);
  return res.data;
};
export const M = '/admin/marketplace-order';

/** An order as the marketplace sent it, written straight into the table: 1.00 USD, delivered. */
export const storedOrder = (
  over: Partial<typeof marketplaceOrders.$inferInsert> & { orderNo: string; orderedAt: Date },
) => ({
  merchantId: 1,
  skus: ['MUG'],
  marketplace: 'amazon' as const,
  site: 'US',
  buyer: 'Dan',
  units: 1,
  currency: 'USD',
  goodsAmount: '1.00',
  totalAmount: '1.00',
  exchangeRate: '7.0000',
  totalCny: '7.00',
  feesCny: '0.00',
  status: 'delivered' as const,
  shipBy: over.orderedAt,
  ...over,
});

/** A live listing of merchant 1 on amazon US at 25.00 USD. */
export async function listing(over: Partial<typeof listings.$inferInsert> = {}) {
  const [row] = await t.db
    .insert(listings)
    .values({
      merchantId: 1,
      marketplace: 'amazon',
      site: 'US',
      sellerSku: 'PAN-28',
      listingId: 'B000000001',
      title: 'Steel pan 28 cm',
      price: '25.00',
      currency: 'USD',
      stock: 10,
      status: 'active',
      ...over,
    })
    .returning();
  return row!;
}

/** The sandbox buyer buys, and the marketplace confirms the payment. */
export async function buy(listingId: number, quantity = 2, buyer = 'Alice') {
  const order = await ok(`${M}/sandbox/buy`, { listingId, quantity, buyer });
  await t.app.jobs.drain();
  return order as { id: number; orderNo: string };
}

export const detail = (id: number) => ok(`${M}/detail`, { id });
export const today = beijingDay();
