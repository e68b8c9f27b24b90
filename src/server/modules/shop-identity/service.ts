import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { ResultCode } from '../../../shared/envelope';
import { message } from '../../../shared/messages';
import type { Executor } from '../../db/client';
import { shopIdentities, shopVerifyCodes } from '../../db/schema/shop-identity';
import { AppError } from '../../errors';
import { customerKey } from '../../kit/customer-key';
import { countTry } from '../../kit/tries';

/**
 * Who a storefront customer is where a limit depends on it: a phone number verified by a code
 * sent to it, per device (the token's key) and merchant. A token alone is whatever the phone
 * makes up; a phone takes a code that reached it, and codes are sent within limits.
 */

const MINUTE = 60_000;
/** How long a code is good for, and how many wrong tries it survives. */
export const CODE_MINUTES = 10;
const CODE_TRIES = 5;
/** One code a minute to a number, five an hour. */
const PHONE_LIMITS = [
  { max: 1, windowMs: MINUTE },
  { max: 5, windowMs: 60 * MINUTE },
];

const verifyError = (key: string, params?: Record<string, string | number>, code = 40900) =>
  new AppError(code, message(`product-order:verify.${key}` as never, params), undefined, {
    verify: true,
  });

/** The key a verified customer's coupons are held under (customer_coupons.customer_key). */
export const phoneKey = (phone: string) => `tel:${phone}`;

/** The phone verified on the device holding `token` at the merchant's storefront, or null. */
export async function verifiedPhone(ex: Executor, merchantId: number, token: string) {
  const [row] = await ex
    .select({ phone: shopIdentities.phone })
    .from(shopIdentities)
    .where(
      and(
        eq(shopIdentities.merchantId, merchantId),
        eq(shopIdentities.customerKey, customerKey(token)),
      ),
    );
  return row?.phone ?? null;
}

/** The verified phone, or a refusal saying that the call needs one (409, `data.verify`). */
export async function requireVerifiedPhone(ex: Executor, merchantId: number, token: string) {
  const phone = await verifiedPhone(ex, merchantId, token);
  if (!phone) throw verifyError('needed');
  return phone;
}

const hashOf = (phone: string, key: string, code: string) =>
  createHash('sha256').update(`${phone}:${key}:${code}`).digest();

/**
 * A new code for `phone`, for the device holding `token` only, written hashed; refused when the
 * number had one within the minute or five within the hour, or the address `perIpHour` within
 * the hour (429, with the wait). The caller sends it once this commits.
 */
export async function newCode(
  ex: Executor,
  input: { merchantId: number; token: string; phone: string; ip: string; perIpHour: number },
) {
  const { merchantId, token, phone, ip, perIpHour } = input;
  const key = customerKey(token);
  const code = String(randomInt(1_000_000)).padStart(6, '0');
  const now = new Date();
  const phoneWait = await countTry(ex, 'code.phone', phone, PHONE_LIMITS, now);
  if (phoneWait > 0)
    throw verifyError(
      'tooSoon',
      { seconds: Math.ceil(phoneWait / 1000) },
      ResultCode.TOO_MANY_REQUESTS,
    );
  const ipWait = await countTry(
    ex,
    'code.ip',
    ip,
    [{ max: perIpHour, windowMs: 60 * MINUTE }],
    now,
  );
  if (ipWait > 0)
    throw verifyError(
      'tooManyHere',
      { minutes: Math.ceil(ipWait / MINUTE) },
      ResultCode.TOO_MANY_REQUESTS,
    );
  await ex.insert(shopVerifyCodes).values({
    merchantId,
    phone,
    customerKey: key,
    codeHash: hashOf(phone, key, code).toString('hex'),
    expiresAt: new Date(now.getTime() + CODE_MINUTES * MINUTE),
  });
  return code;
}

/**
 * Checks the code the device holding `token` was sent for `phone` (its latest, within its time
 * and tries): right, the device is that phone's customer from now on; wrong, one try fewer.
 */
export async function checkCode(
  ex: Executor,
  input: { merchantId: number; token: string; phone: string; code: string },
): Promise<{ ok: true } | { ok: false; left: number }> {
  const { merchantId, token, phone, code } = input;
  const key = customerKey(token);
  const [row] = await ex
    .select()
    .from(shopVerifyCodes)
    .where(
      and(
        eq(shopVerifyCodes.merchantId, merchantId),
        eq(shopVerifyCodes.phone, phone),
        eq(shopVerifyCodes.customerKey, key),
        isNull(shopVerifyCodes.usedAt),
      ),
    )
    .orderBy(desc(shopVerifyCodes.id))
    .limit(1)
    .for('update');
  if (!row || row.expiresAt.getTime() <= Date.now() || row.attempts >= CODE_TRIES)
    return { ok: false, left: 0 };
  const right = timingSafeEqual(Buffer.from(row.codeHash, 'hex'), hashOf(phone, key, code));
  if (!right) {
    await ex
      .update(shopVerifyCodes)
      .set({ attempts: row.attempts + 1 })
      .where(eq(shopVerifyCodes.id, row.id));
    return { ok: false, left: CODE_TRIES - row.attempts - 1 };
  }
  const now = new Date();
  await ex.update(shopVerifyCodes).set({ usedAt: now }).where(eq(shopVerifyCodes.id, row.id));
  await ex
    .insert(shopIdentities)
    .values({ merchantId, customerKey: key, phone, verifiedAt: now })
    .onConflictDoUpdate({
      target: [shopIdentities.merchantId, shopIdentities.customerKey],
      set: { phone, verifiedAt: now },
    });
  return { ok: true };
}

/** The device is nobody's again (the customer switches numbers). */
export async function forget(ex: Executor, merchantId: number, token: string) {
  await ex
    .delete(shopIdentities)
    .where(
      and(
        eq(shopIdentities.merchantId, merchantId),
        eq(shopIdentities.customerKey, customerKey(token)),
      ),
    );
}

export { verifyError };
