import type { TestApp } from '../../test-support';

/**
 * A storefront customer's phone verified as the storefront does it, for the tests of the areas
 * whose limits need one: the code asked for, read from the SMS sandbox's phone, entered.
 */

/** The n-th test phone number. */
export const testPhone = (n: number) => `139${String(n).padStart(8, '0')}`;

type Answer = { code: number; msg: string; data: unknown };
const post = async (t: TestApp, url: string, payload: object): Promise<Answer> =>
  (await t.app.inject({ method: 'POST', url, payload })).json();

/** The code the sandbox phone received last (its text in either language). */
export async function lastCode(t: TestApp, phone: string) {
  const inbox = await post(t, '/open/sms-sandbox/inbox', { phone });
  const [latest] = inbox.data as { text: string }[];
  const code = latest && /(?:验证码是|code is) (\d{6})/.exec(latest.text)?.[1];
  if (!code) throw new Error(`no code for ${phone}: ${JSON.stringify(inbox)}`);
  return code;
}

/** Verifies `phone` for the device holding `token` at the merchant's storefront. */
export async function verifyPhone(t: TestApp, token: string, phone: string, merchantId = 1) {
  const sent = await post(t, `/open/shop/${merchantId}/verify/send`, { token, phone });
  if (sent.code !== 200) throw new Error(`verify/send: ${sent.code} ${sent.msg}`);
  const code = await lastCode(t, phone);
  const checked = await post(t, `/open/shop/${merchantId}/verify/check`, { token, phone, code });
  if (checked.code !== 200) throw new Error(`verify/check: ${checked.code} ${checked.msg}`);
  return checked.data as { phone: string };
}
