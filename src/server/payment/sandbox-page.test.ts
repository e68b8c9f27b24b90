import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { clockStamp, clockText } from '../../shared/merchant-clock';
import { rechargeOrders } from '../db/schema/cost-center';
import { createTestApp, type TestApp } from '../test-support';

let t: TestApp;
afterEach(() => t.close());

describe('China’s clock on a recharge and its pay page', () => {
  it('numbers the recharge and shows its deadline in China’s time, not the server’s', async () => {
    t = await createTestApp({ JOBS: 'off' });
    const token = await t.login();
    const before = clockStamp(new Date());
    const recharge = (
      await t.post('/admin/cost-center/recharge', { amount: '100.00', method: 'alipay' }, token)
    ).json();
    const after = clockStamp(new Date());
    expect(recharge.code, recharge.msg).toBe(200);
    // China is 8 hours ahead of UTC: a number stamped on the server's UTC clock falls outside.
    const stamp = (recharge.data.orderNo as string).slice(1, 15);
    expect(stamp >= before && stamp <= after, `${stamp} in [${before}, ${after}]`).toBe(true);

    const [order] = await t.db
      .select()
      .from(rechargeOrders)
      .where(eq(rechargeOrders.orderNo, recharge.data.orderNo));
    const page = await t.app.inject({
      method: 'GET',
      url: `/sandbox/pay/${recharge.data.tradeNo}`,
    });
    expect(page.statusCode).toBe(200);
    const deadline = clockText(order!.expiresAt);
    expect(page.body).toContain(`请在 ${deadline}（北京时间）前完成支付`);
    expect(page.body).toContain(`Pay before ${deadline} (China time)`);
    expect(page.body).not.toContain(order!.expiresAt.toISOString());
  });
});
