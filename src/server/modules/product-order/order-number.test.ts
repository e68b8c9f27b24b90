import { afterEach, describe, expect, it } from 'vitest';
import { clockStamp } from '../../../shared/merchant-clock';
import { createTestApp, type TestApp } from '../../test-support';
import { storefrontOrder } from './test-orders';

let t: TestApp;
afterEach(() => t.close());

describe('a storefront order’s number', () => {
  it('carries the date and time on China’s clock, where the store is', async () => {
    t = await createTestApp({ JOBS: 'off' });
    const token = await t.login();
    const before = clockStamp(new Date());
    const { orderNo } = await storefrontOrder({ t, token }, 1);
    const after = clockStamp(new Date());
    expect(orderNo).toMatch(/^P\d{20}$/);
    // China is 8 hours ahead of UTC: a number stamped on the server's UTC clock falls outside.
    const stamp = orderNo.slice(1, 15);
    expect(stamp >= before && stamp <= after, `${stamp} in [${before}, ${after}]`).toBe(true);
  });
});
