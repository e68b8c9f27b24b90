import { and, desc, eq } from 'drizzle-orm';
import type { Profile } from '../../../shared/auth';
import { message } from '../../../shared/messages';
import type { Database } from '../../db/client';
import { admins } from '../../db/schema/account';
import { loginAttempts } from '../../db/schema/auth';
import { merchants } from '../../db/schema/merchant';
import { notFound } from '../../errors';

/** The route whose accounts see the merchant's balance (the cost centre). */
export const BALANCE_ROUTE = 'cost-center';

/**
 * The signed-in account's profile: what /admin/user/detail answers and the sign-in's answer carries.
 * Asked through the auth service (`auth.profile`). The balance only for an account that may open
 * the cost centre.
 */
export async function profileOf(
  db: Database,
  auth: { adminId: number; merchantId: number; permissions: ReadonlySet<string> },
): Promise<Profile> {
  const [row] = await db
    .select({
      id: admins.id,
      name: admins.name,
      realname: admins.realname,
      avatar: admins.avatar,
      roles: admins.roles,
      isOwner: admins.isOwner,
      merchantId: merchants.id,
      merchantName: merchants.name,
      balance: merchants.balance,
    })
    .from(admins)
    .innerJoin(merchants, eq(merchants.id, admins.merchantId))
    .where(and(eq(admins.id, auth.adminId), eq(admins.merchantId, auth.merchantId)))
    .limit(1);
  if (!row) throw notFound(message('record.noun.account'));
  // The sign-in before the current one: what the administrator wants to check was theirs.
  const [previous] = await db
    .select({ at: loginAttempts.createdAt, ip: loginAttempts.ip })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.adminId, auth.adminId), eq(loginAttempts.success, true)))
    .orderBy(desc(loginAttempts.createdAt))
    .offset(1)
    .limit(1);
  return {
    id: row.id,
    name: row.name,
    realname: row.realname,
    avatar: row.avatar,
    roles: row.roles,
    isOwner: row.isOwner,
    // The merchant's money is the cost centre's to show: other sub-accounts never receive it.
    balance: auth.permissions.has(BALANCE_ROUTE) ? row.balance : null,
    merchant: { id: row.merchantId, name: row.merchantName },
    lastLogin: previous ? { at: previous.at.toISOString(), ip: previous.ip } : null,
  };
}
