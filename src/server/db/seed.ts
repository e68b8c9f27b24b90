import { randomBytes } from 'node:crypto';
import { count } from 'drizzle-orm';
import { hashPassword } from '../modules/auth/password';
import { DEFAULT_WEBSITE_NAME } from '../modules/site/service';
import type { Database } from './client';
import { admins } from './schema/account';
import { merchants } from './schema/merchant';
import { siteSettings } from './schema/site';

export interface SeedResult {
  /** True on the very first start, when the owner account was made. */
  created: boolean;
  /** Set when no ADMIN_PASSWORD was given: shown once in the start-up banner. */
  generatedPassword?: string;
}

export const OWNER_NAME = 'admin';
/** The first start's store code: its sub-accounts sign in as `name@main`. */
export const FIRST_MERCHANT_CODE = 'main';

/**
 * First start: the platform's site settings, a merchant and its owner account `admin`.
 * Any later start finds them and changes nothing.
 */
export async function seedFirstStart(
  db: Database,
  adminPassword?: string,
  /** The password's hash when the caller has it already (tests seed the same one many times). */
  knownHash?: string,
): Promise<SeedResult> {
  const [existing] = await db.select({ n: count() }).from(merchants);
  if ((existing?.n ?? 0) > 0) return { created: false };
  const password = adminPassword ?? randomBytes(12).toString('base64url');
  const passwordHash = (adminPassword && knownHash) || (await hashPassword(password));
  await db.transaction(async (tx) => {
    await tx.insert(siteSettings).values({ merchantId: null, websiteName: DEFAULT_WEBSITE_NAME });
    const [merchant] = await tx
      .insert(merchants)
      .values({ name: '我的店铺', code: FIRST_MERCHANT_CODE })
      .returning({ id: merchants.id });
    await tx.insert(admins).values({
      merchantId: merchant!.id,
      name: OWNER_NAME,
      realname: '店铺管理员',
      passwordHash,
      isOwner: true,
    });
  });
  return { created: true, generatedPassword: adminPassword ? undefined : password };
}
