import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, startUpLog, type TestApp } from '../../test-support';
import { lastCode, testPhone, verifyPhone } from './test-verify';

let t: TestApp;
afterEach(() => t.close());

const device = (n: number) => `device-${n}-`.padEnd(40, 'x');
const post = async (url: string, payload: object, headers: Record<string, string> = {}) =>
  (await t.app.inject({ method: 'POST', url, payload, headers })).json();
const shop = (path: string, payload: object, ip = '203.0.113.7') =>
  t.app
    .inject({ method: 'POST', url: `/open/shop/1/${path}`, payload, remoteAddress: ip })
    .then((res) => res.json());

describe('a storefront customer’s phone', () => {
  it('is verified by a code the sandbox phone shows, for the device that asked only', async () => {
    t = await createTestApp({ JOBS: 'off' });
    const phone = testPhone(1);
    expect((await shop('me', { token: device(1) })).data).toEqual({ phone: null, sms: 'sandbox' });
    expect((await shop('verify/send', { token: device(1), phone: '12345' })).code).toBe(40000);

    expect(await shop('verify/send', { token: device(1), phone })).toMatchObject({
      code: 200,
      data: { resendAfter: 60 },
    });
    // The sandbox phone shows the message, signed with the store's name.
    const inbox = (await post('/open/sms-sandbox/inbox', { phone })).data;
    expect(inbox).toHaveLength(1);
    expect(inbox[0].text).toMatch(/^【.+】您的验证码是 \d{6}，10 分钟内有效/);
    const code = await lastCode(t, phone);
    const wrong = code === '000000' ? '111111' : '000000';

    // Another device with the right code: the code is not its own.
    expect((await shop('verify/check', { token: device(2), phone, code })).msg).toBe(
      '验证码已失效，请重新获取',
    );
    const missed = await shop('verify/check', { token: device(1), phone, code: wrong });
    expect(missed).toMatchObject({ code: 40900, msg: '验证码不正确，还可以再试 4 次' });
    expect((await shop('verify/check', { token: device(1), phone, code })).data).toEqual({
      phone: '139****0001',
      sms: 'sandbox',
    });
    expect((await shop('me', { token: device(1) })).data.phone).toBe('139****0001');
    // Used once.
    expect((await shop('verify/check', { token: device(1), phone, code })).code).toBe(40900);
    // Forgotten: the device is nobody again.
    expect((await shop('verify/forget', { token: device(1) })).data.phone).toBeNull();
  });

  it('survives five wrong codes, then wants a new one', async () => {
    t = await createTestApp({ JOBS: 'off' });
    const phone = testPhone(2);
    await shop('verify/send', { token: device(1), phone });
    const code = await lastCode(t, phone);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let left = 4; left > 0; left--)
      expect((await shop('verify/check', { token: device(1), phone, code: wrong })).msg).toBe(
        `验证码不正确，还可以再试 ${left} 次`,
      );
    expect((await shop('verify/check', { token: device(1), phone, code: wrong })).msg).toBe(
      '验证码已失效，请重新获取',
    );
    expect((await shop('verify/check', { token: device(1), phone, code })).msg).toBe(
      '验证码已失效，请重新获取',
    );
  });

  it('sends a number one code a minute and five an hour, and an address a few an hour', async () => {
    t = await createTestApp({ JOBS: 'off', SHOP_CODES_PER_IP_HOUR: '3' });
    const phone = testPhone(3);
    expect((await shop('verify/send', { token: device(1), phone })).code).toBe(200);
    const soon = await shop('verify/send', { token: device(2), phone }, '198.51.100.1');
    expect(soon.code).toBe(42900);
    expect(soon.msg).toMatch(/^验证码发送太频繁，请 \d+ 秒后再试$/);
    // An hour of minutes apart: the sixth waits.
    for (let n = 0; n < 4; n++) {
      await t.db.execute(
        sql`update shop_tries set created_at = created_at - interval '61 seconds'`,
      );
      expect(
        (await shop('verify/send', { token: device(1), phone }, `198.51.100.${n + 10}`)).code,
      ).toBe(200);
    }
    await t.db.execute(sql`update shop_tries set created_at = created_at - interval '61 seconds'`);
    expect((await shop('verify/send', { token: device(1), phone }, '198.51.100.99')).code).toBe(
      42900,
    );

    // One address: three codes an hour, whatever the numbers, then told in minutes, in English too.
    for (const n of [4, 5])
      expect((await shop('verify/send', { token: device(n), phone: testPhone(n) })).code).toBe(200);
    const here = await t.app.inject({
      method: 'POST',
      url: '/open/shop/1/verify/send',
      payload: { token: device(6), phone: testPhone(6) },
      remoteAddress: '203.0.113.7',
      headers: { 'accept-language': 'en' },
    });
    expect(here.statusCode).toBe(429);
    expect(here.json().msg).toMatch(
      /^Too many codes sent from this network: try again in \d+ minutes$/,
    );
    // Nothing was sent for the refusals.
    expect((await post('/open/sms-sandbox/inbox', { phone: testPhone(6) })).data).toEqual([]);
  });

  it('belongs to the store it was verified at', async () => {
    t = await createTestApp({ JOBS: 'off' });
    await verifyPhone(t, device(1), testPhone(7));
    expect((await shop('me', { token: device(1) })).data.phone).toBe('139****0007');
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/open/shop/999/me',
      payload: { token: device(1) },
    });
    expect(elsewhere.json().code).toBe(40400);
  });
});

describe('the SMS sandbox in production', () => {
  const WARNING = /SMS_PROVIDER is the sandbox in production/;

  it('is said at start-up in production only', async () => {
    const production = await startUpLog({ NODE_ENV: 'production' });
    expect(production.find((line) => WARNING.test(line.msg))?.level, 'a warning').toBe(40);
    const development = await startUpLog({ NODE_ENV: 'development' });
    expect(development.some((line) => WARNING.test(line.msg))).toBe(false);
  });
});
