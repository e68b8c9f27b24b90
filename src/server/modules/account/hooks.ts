import { and, eq, inArray, max, sql } from 'drizzle-orm';
import { ResultCode } from '../../../shared/envelope';
import { message } from '../../../shared/messages';
import { allRouteNames } from '../../../shared/routes';
import { passwordPolicy, signInName } from '../../../shared/validate';
import type { Executor } from '../../db/client';
import { admins } from '../../db/schema/account';
import { loginAttempts } from '../../db/schema/auth';
import { merchants } from '../../db/schema/merchant';
import { fieldError, forbidden } from '../../errors';
import type { ResourceHooks } from '../../kit/resource-routes';
import { hashPassword } from '../auth/password';
import { type AuthContext, effectivePermissions } from '../auth/service';
import { revokeSessions } from '../auth/sessions';

/**
 * Routes an account may grant: known route names that it may open itself (an owner may grant
 * all), so nobody hands out more than they have.
 */
function checkGrant(auth: AuthContext, permissions: string[]): string[] {
  const known = new Set(allRouteNames());
  const unique = [...new Set(permissions)];
  const unknown = unique.filter((name) => !known.has(name));
  if (unknown.length)
    throw fieldError(
      'permissions',
      message('account.unknownRoutes', { routes: unknown.join(', ') }),
    );
  const beyond = auth.isOwner ? [] : unique.filter((name) => !auth.permissions.has(name));
  if (beyond.length)
    throw fieldError('permissions', message('account.grantBeyond', { routes: beyond.join(', ') }));
  return unique;
}

/**
 * A sub-account may change only accounts whose routes it has itself (the owner: every account), so
 * holding `permission-account` never leads to an account with more: no resetting its password,
 * disabling it or trimming its routes to then sign in as it.
 */
function checkReach(auth: AuthContext, target: { isOwner: boolean; permissions: string[] }) {
  if (auth.isOwner) return;
  const beyond = [...effectivePermissions(target)].filter((name) => !auth.permissions.has(name));
  if (beyond.length) throw forbidden(message('account.beyondReach'));
}

/** The time of each account's last successful sign-in. */
async function lastLogins(ex: Executor, ids: number[]) {
  const rows = await ex
    .select({ adminId: loginAttempts.adminId, at: max(loginAttempts.createdAt) })
    .from(loginAttempts)
    .where(and(inArray(loginAttempts.adminId, ids), eq(loginAttempts.success, true)))
    .groupBy(loginAttempts.adminId);
  return new Map(rows.map((r) => [r.adminId as number, r.at as Date]));
}

/**
 * /permission-account's own rules around the derived calls: who may grant and change what, the
 * owner's account, the password (checked against the name, stored as its hash), and the sessions
 * a change ends.
 */
export default {
  async beforeWrite(values, { request, tx, before }) {
    const auth = request.auth!;
    const next = { ...values };
    if (before) {
      if (before.isOwner) throw forbidden(message('account.ownerOnly'));
      // Before the change here; after it, checkGrant keeps the new routes within the actor's.
      checkReach(auth, before as unknown as { isOwner: boolean; permissions: string[] });
      if (before.id === auth.adminId && next.status === 'disabled')
        throw fieldError('status', message('account.cannotDisableSelf'));
    } else {
      // Said in the account's own words; the unique index (admins_merchant_name_key) still
      // decides a race. Only the merchant's own accounts are looked at: other merchants' names
      // are none of its business (its sub-accounts sign in at its store's code).
      const [taken] = await tx
        .select({ id: admins.id })
        .from(admins)
        .where(
          and(
            eq(admins.merchantId, auth.merchantId),
            sql`lower(${admins.name}) = lower(${String(next.name)})`,
          ),
        )
        .limit(1);
      if (taken) throw fieldError('name', message('account.nameTaken'), ResultCode.CONFLICT);
    }
    if (Array.isArray(next.permissions))
      next.permissions = checkGrant(auth, next.permissions as string[]);
    if (typeof next.password === 'string') {
      const accountName = String(next.name ?? before?.name ?? '');
      if (passwordPolicy(next.password, { accountName }).includes('sameAsName'))
        throw fieldError('password', message('password.sameAsName'));
      // Hashed here, in the transaction: a reset is rare, and the row stays locked for its
      // tens of milliseconds only.
      next.passwordHash = await hashPassword(next.password);
      next.passwordChangedAt = new Date();
      delete next.password;
    }
    return next;
  },

  /** A disabled account, or one whose password was reset, is signed out everywhere. */
  async afterWrite(row, { tx, before }) {
    if (!before) return;
    if (row.status === 'disabled' && before.status !== 'disabled')
      await revokeSessions(tx, row.id, 'disabled');
    if (row.passwordHash !== before.passwordHash)
      await revokeSessions(tx, row.id, 'password-reset');
  },

  /**
   * Its status, routes or sessions may have changed: this server's session cache drops the
   * account, so its next call reads them afresh. Once committed, not in afterWrite: a call that
   * read the account between the forgetting and the commit would see it as it was and be kept
   * until the commit's notification arrives (session-cache.ts keeps only reads that began after
   * the last forget, which is right only if the forget follows the commit). Other servers drop
   * it on that notification.
   */
  afterCommit(row, { before, app }) {
    if (before) app.auth.forgetAccount(row.id);
  },

  /**
   * The last sign-in, from the sign-in attempts (one query for a page of accounts), and the name
   * each signs in with.
   */
  async decorate(rows, { ex, request }) {
    const logins = await lastLogins(
      ex,
      rows.map((row) => row.id),
    );
    const [merchant] = await ex
      .select({ code: merchants.code })
      .from(merchants)
      .where(eq(merchants.id, request.auth!.merchantId));
    for (const row of rows) {
      row.lastLoginAt = logins.get(row.id) ?? null;
      row.signInName = signInName(
        { name: String(row.name), isOwner: Boolean(row.isOwner) },
        merchant?.code ?? '',
      );
    }
  },
} satisfies ResourceHooks;
