import { afterEach, describe, expect, it } from 'vitest';
import { ResultCode } from '../../../shared/envelope';
import { rechargeOrders } from '../../db/schema/cost-center';
import { createTestApp, startUpLog, type TestApp } from '../../test-support';

const WARNING = /PAYMENT_GATEWAY is the sandbox in production/;

describe('the sandbox gateway in production', () => {
  it('is said at start-up, unless recharges are off or it is not production', async () => {
    const production = await startUpLog({ NODE_ENV: 'production' });
    const warning = production.find((line) => WARNING.test(line.msg));
    expect(warning?.level, 'a warning (pino level 40)').toBe(40);
    expect(warning?.msg).toContain('SANDBOX_RECHARGE=off');

    const off = await startUpLog({ NODE_ENV: 'production', SANDBOX_RECHARGE: 'off' });
    expect(off.some((line) => WARNING.test(line.msg))).toBe(false);
    expect(off.some((line) => /recharges are off/.test(line.msg))).toBe(true);

    const development = await startUpLog({ NODE_ENV: 'development' });
    expect(development.some((line) => WARNING.test(line.msg))).toBe(false);
  });
});

describe('SANDBOX_RECHARGE=off', () => {
  let t: TestApp;
  afterEach(() => t.close());

  it('refuses a recharge through the sandbox with a message saying why, and creates nothing', async () => {
    t = await createTestApp({ JOBS: 'off', SANDBOX_RECHARGE: 'off' });
    const token = await t.login();
    const res = (
      await t.post('/admin/cost-center/recharge', { amount: '100.00', method: 'alipay' }, token)
    ).json();
    expect(res.code).toBe(ResultCode.CONFLICT);
    expect(res.msg).toContain('SANDBOX_RECHARGE=off');
    expect(await t.db.select().from(rechargeOrders)).toEqual([]);
    const english = (
      await t.post('/admin/cost-center/recharge', { amount: '100.00', method: 'alipay' }, token, {
        'accept-language': 'en',
      })
    ).json();
    expect(english.msg).toMatch(/^Recharges are turned off on this server/);
  });

  it('leaves recharges on by default', async () => {
    t = await createTestApp({ JOBS: 'off' });
    const token = await t.login();
    const res = (
      await t.post('/admin/cost-center/recharge', { amount: '100.00', method: 'alipay' }, token)
    ).json();
    expect(res.code, res.msg).toBe(200);
  });
});
