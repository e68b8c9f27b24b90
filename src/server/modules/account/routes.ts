import { and, eq, ilike, inArray, isNull, max, ne, or, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  account,
  accountCreate,
  accountListParams,
  accountListResult,
  accountUpdate,
  passwordMessage,
} from '../../../shared/account';
import { ResultCode } from '../../../shared/envelope';
import { idParam } from '../../../shared/list';
import { message } from '../../../shared/messages';
import { allRouteNames } from '../../../shared/routes';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { admins, loginAttempts, sessions } from '../../db/schema';
import { fieldError, forbidden, notFound } from '../../errors';
import { changedFields } from '../../kit/changes';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../kit/db-errors';
import { escapeLike } from '../../kit/filters';
import { listPage } from '../../kit/list';
import { envelopeOf, ok } from '../../plugins/envelope';
import { hashPassword } from '../auth/password';
import { type AuthContext, effectivePermissions } from '../auth/service';
import { actorOf, recordOperation } from '../system/operation-log';

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
function checkReach(auth: AuthContext, target: AdminRow) {
  if (auth.isOwner) return;
  const beyond = [...effectivePermissions(target)].filter((name) => !auth.permissions.has(name));
  if (beyond.length) throw forbidden(message('account.beyondReach'));
}

type AdminRow = typeof admins.$inferSelect;
function toAccount(row: AdminRow, lastLoginAt: Date | null): z.infer<typeof account> {
  return {
    id: row.id,
    name: row.name,
    realname: row.realname,
    status: row.status,
    isOwner: row.isOwner,
    permissions: row.permissions,
    createdAt: row.createdAt.toISOString(),
    lastLoginAt: lastLoginAt?.toISOString() ?? null,
  };
}

async function lastLogins(ex: Executor, ids: number[]) {
  if (ids.length === 0) return new Map<number, Date>();
  const rows = await ex
    .select({ adminId: loginAttempts.adminId, at: max(loginAttempts.createdAt) })
    .from(loginAttempts)
    .where(and(inArray(loginAttempts.adminId, ids), eq(loginAttempts.success, true)))
    .groupBy(loginAttempts.adminId);
  return new Map(rows.map((r) => [r.adminId as number, r.at as Date]));
}

/** Ends every open session of an account (disabled, or its password reset). */
export async function revokeSessions(ex: Executor, adminId: number, reason: string, keep?: number) {
  await ex
    .update(sessions)
    .set({ revokedAt: new Date(), revokeReason: reason })
    .where(
      and(
        eq(sessions.adminId, adminId),
        isNull(sessions.revokedAt),
        keep ? ne(sessions.id, keep) : undefined,
      ),
    );
}

/** /permission-account: the merchant's sub-accounts and the routes each may open. */
export const accountRoutes: FastifyPluginAsyncZod<AppContext> = async (
  app,
  { db, auth: authService },
) => {
  const config = { permission: 'permission-account' };

  async function load(ex: Executor, merchantId: number, id: number, lock = false) {
    const query = ex
      .select()
      .from(admins)
      .where(and(eq(admins.id, id), eq(admins.merchantId, merchantId)));
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw notFound(message('record.noun.account'));
    return row;
  }

  app.post(
    '/admin/account/list',
    {
      config,
      schema: { body: accountListParams, response: { 200: envelopeOf(accountListResult) } },
    },
    async (request) => {
      const p = request.body;
      const where: (SQL | undefined)[] = [
        eq(admins.merchantId, request.auth!.merchantId),
        p.keyword
          ? or(
              ilike(admins.name, `%${escapeLike(p.keyword)}%`),
              ilike(admins.realname, `%${escapeLike(p.keyword)}%`),
            )
          : undefined,
        p.status ? eq(admins.status, p.status) : undefined,
      ];
      const page = await listPage<AdminRow>(db, {
        table: admins,
        merchantId: request.auth!.merchantId,
        idColumn: admins.id,
        where,
        sortColumns: { createdAt: admins.createdAt, name: admins.name },
        request: p,
      });
      const logins = await lastLogins(
        db,
        page.items.map((r) => r.id),
      );
      return ok({
        total: page.total,
        totalExact: page.totalExact,
        items: page.items.map((r) => toAccount(r, logins.get(r.id) ?? null)),
      });
    },
  );

  app.post(
    '/admin/account/detail',
    { config, schema: { body: idParam, response: { 200: envelopeOf(account) } } },
    async (request) => {
      const row = await load(db, request.auth!.merchantId, request.body.id);
      return ok(toAccount(row, (await lastLogins(db, [row.id])).get(row.id) ?? null));
    },
  );

  app.post(
    '/admin/account/create',
    { config, schema: { body: accountCreate, response: { 200: envelopeOf(account) } } },
    async (request) => {
      const auth = request.auth!;
      const input = request.body;
      const permissions = checkGrant(auth, input.permissions);
      const passwordHash = await hashPassword(input.password);
      try {
        return await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(admins)
            .values({
              merchantId: auth.merchantId,
              name: input.name,
              realname: input.realname,
              passwordHash,
              status: input.status,
              permissions,
            })
            .returning();
          if (!row) throw new Error('insert returned nothing');
          await recordOperation(tx, actorOf(request), {
            action: 'account.create',
            targetType: 'account',
            targetId: row.id,
            detail: { name: row.name, status: row.status, permissions },
          });
          return ok(toAccount(row, null));
        });
      } catch (err) {
        if (pgErrorCode(err) === UNIQUE_VIOLATION) {
          throw fieldError('name', message('account.nameTaken'), ResultCode.CONFLICT);
        }
        throw err;
      }
    },
  );

  app.post(
    '/admin/account/update',
    { config, schema: { body: accountUpdate, response: { 200: envelopeOf(account) } } },
    async (request) => {
      const auth = request.auth!;
      const input = request.body;
      const permissions = input.permissions ? checkGrant(auth, input.permissions) : undefined;
      const passwordHash = input.password ? await hashPassword(input.password) : undefined;
      const answer = await db.transaction(async (tx) => {
        const before = await load(tx, auth.merchantId, input.id, true);
        if (before.isOwner) throw forbidden(message('account.ownerOnly'));
        // Before the change here; after it, checkGrant kept the new routes within the actor's.
        checkReach(auth, before);
        if (before.id === auth.adminId && input.status === 'disabled') {
          throw fieldError('status', message('account.cannotDisableSelf'));
        }
        if (input.password && input.password.toLowerCase() === before.name.toLowerCase()) {
          throw fieldError('password', passwordMessage('sameAsName', input.password));
        }
        const next = {
          ...(input.realname !== undefined ? { realname: input.realname } : {}),
          ...(input.status ? { status: input.status } : {}),
          ...(permissions ? { permissions } : {}),
        };
        const changes = changedFields(before, next, ['realname', 'status', 'permissions']);
        if (passwordHash) changes.password = ['***', '***'];
        if (Object.keys(changes).length === 0) {
          return ok(toAccount(before, (await lastLogins(tx, [before.id])).get(before.id) ?? null));
        }
        const [row] = await tx
          .update(admins)
          .set({
            ...next,
            ...(passwordHash ? { passwordHash, passwordChangedAt: new Date() } : {}),
            updatedAt: new Date(),
          })
          .where(eq(admins.id, before.id))
          .returning();
        if (!row) throw notFound(message('record.noun.account'));
        if (input.status === 'disabled' && before.status !== 'disabled')
          await revokeSessions(tx, row.id, 'disabled');
        if (passwordHash) await revokeSessions(tx, row.id, 'password-reset');
        await recordOperation(tx, actorOf(request), {
          action: 'account.update',
          targetType: 'account',
          targetId: row.id,
          detail: changes,
        });
        return ok(toAccount(row, (await lastLogins(tx, [row.id])).get(row.id) ?? null));
      });
      // Its status, permissions or sessions may have changed: its next call reads them afresh.
      authService.forgetAccount(input.id);
      return answer;
    },
  );
};

export default accountRoutes;
