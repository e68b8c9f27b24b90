import { and, count, desc, eq, gt, isNull, max, or, sql } from 'drizzle-orm';
import { ResultCode } from '../../../shared/envelope';
import { type Message, message } from '../../../shared/messages';
import { allRouteNames, withImpliedRoutes } from '../../../shared/routes';
import { readSignInName } from '../../../shared/validate';
import type { Database, Listen } from '../../db/client';
import { admins } from '../../db/schema/account';
import { loginAttempts, sessions } from '../../db/schema/auth';
import { merchants } from '../../db/schema/merchant';
import { AppError } from '../../errors';
import { recordOperation } from '../../kit/operation-log';
import { verifyAgainstNothing, verifyPassword } from './password';
import { profileOf } from './profile';
import { AUTH_CHANNEL, HEARTBEAT_EVERY_MS, SessionCache } from './session-cache';
import { hashToken, newToken } from './tokens';

export interface AuthSettings {
  idleSeconds: number;
  maxSeconds: number;
  loginMaxFailures: number;
  loginMaxPerIp: number;
  loginWindowSeconds: number;
}

/** Who is behind a request, once its token checks out. */
export interface AuthContext {
  sessionId: number;
  adminId: number;
  merchantId: number;
  name: string;
  isOwner: boolean;
  roles: string[];
  /** Route names the account may open. */
  permissions: ReadonlySet<string>;
}

/** Advisory lock namespaces (first key) that serialise sign-in attempts by name and by address. */
const LOGIN_LOCK_NAME = 727_274_010;
const LOGIN_LOCK_IP = 727_274_011;
/** The delay after the allowed failures; it doubles with each further failure, up to the window. */
const FIRST_DELAY_SECONDS = 30;
/** An address the account signed in from within this many days counts only its own failures. */
const TRUSTED_ADDRESS_DAYS = 30;

/** 45 → "45 seconds", 60 → "1 minute", 900 → "15 minutes" (in the request's language). */
function spell(seconds: number): Message {
  if (seconds < 60) return message('auth.seconds', { count: seconds });
  return message('auth.minutes', { count: Math.ceil(seconds / 60) });
}
/** last_seen_at is refreshed at most this often, so reads stay reads. */
const TOUCH_EVERY_MS = 60_000;

/** What a revoked session's next request is told, by the reason it ended. */
const REVOKE_MESSAGES: Record<string, Message> = {
  logout: message('auth.signedOut'),
  disabled: message('auth.disabled'),
  'password-changed': message('auth.passwordChanged'),
  'password-reset': message('auth.passwordReset'),
};

/** Every route name there is: the catalog is fixed at build time, so it is listed once. */
let catalog: { names: string[]; known: ReadonlySet<string> } | undefined;
function routeNames() {
  if (!catalog) {
    const names = allRouteNames();
    catalog = { names, known: new Set(names) };
  }
  return catalog;
}

export function effectivePermissions(admin: { isOwner: boolean; permissions: string[] }) {
  const { names, known } = routeNames();
  if (admin.isOwner) return new Set(names);
  const granted = new Set(admin.permissions.filter((name) => known.has(name)));
  // Every account has the overview it lands on; an add/edit page comes with its list.
  if (known.has('dashboard')) granted.add('dashboard');
  return withImpliedRoutes(granted);
}

/**
 * @param listen the database's notifications: with them, signed-in sessions are kept in memory
 * (session-cache.ts); without, every call reads its session.
 */
export async function createAuthService(db: Database, settings: AuthSettings, listen?: Listen) {
  /**
   * Checks the throttle and records the attempt in one step, serialised per account name and per
   * address (transaction-scoped advisory locks; PGlite runs one transaction at a time anyway): the
   * attempt is written as a failure before its password is checked, and turned into a success only
   * once it proves right. So N parallel guesses see each other, and at most LOGIN_MAX_FAILURES
   * of them are evaluated. Answers the attempt's id.
   *
   * Throttling, and why:
   * - Per address: LOGIN_MAX_PER_IP failed attempts within the window. Successes do not count, so
   *   an office behind one address is not locked out by its own sign-ins.
   * - Per account name: after LOGIN_MAX_FAILURES failures (since the window began or the name's
   *   last success), each further attempt waits a delay that doubles with every failure: 30 s,
   *   1 min, 2 min… up to the window. A guesser is slowed to a handful of guesses per window,
   *   while the name is never locked for good: its owner gets in once the delay has passed, with
   *   no CAPTCHA to build or solve.
   * - From an address where the account signed in within TRUSTED_ADDRESS_DAYS, only that
   *   address's own failures count: someone guessing elsewhere cannot lock the owner out of the
   *   office.
   */
  async function reserveAttempt(name: string, ip: string): Promise<number> {
    return db.transaction(async (tx) => {
      await tx.execute(
        sql`select pg_advisory_xact_lock(${LOGIN_LOCK_NAME}, hashtext(lower(${name})))`,
      );
      await tx.execute(sql`select pg_advisory_xact_lock(${LOGIN_LOCK_IP}, hashtext(${ip}))`);
      const now = Date.now();
      const since = new Date(now - settings.loginWindowSeconds * 1000);
      const sameName = sql`lower(${loginAttempts.name}) = lower(${name})`;
      const [trusted] = await tx
        .select({ at: loginAttempts.createdAt })
        .from(loginAttempts)
        .where(
          and(
            sameName,
            eq(loginAttempts.ip, ip),
            eq(loginAttempts.success, true),
            gt(loginAttempts.createdAt, new Date(now - TRUSTED_ADDRESS_DAYS * 86_400_000)),
          ),
        )
        .orderBy(desc(loginAttempts.createdAt))
        .limit(1);
      const scope = trusted ? and(sameName, eq(loginAttempts.ip, ip)) : sameName;
      const [lastSuccess] = trusted
        ? [trusted]
        : await tx
            .select({ at: loginAttempts.createdAt })
            .from(loginAttempts)
            .where(and(sameName, eq(loginAttempts.success, true)))
            .orderBy(desc(loginAttempts.createdAt))
            .limit(1);
      const from = lastSuccess && lastSuccess.at > since ? lastSuccess.at : since;
      const [byName] = await tx
        .select({ n: count(), last: max(loginAttempts.createdAt) })
        .from(loginAttempts)
        .where(and(scope, eq(loginAttempts.success, false), gt(loginAttempts.createdAt, from)));
      const failures = byName?.n ?? 0;
      if (failures >= settings.loginMaxFailures && byName?.last) {
        const delay = Math.min(
          settings.loginWindowSeconds,
          FIRST_DELAY_SECONDS * 2 ** (failures - settings.loginMaxFailures),
        );
        const wait = Math.ceil((byName.last.getTime() + delay * 1000 - now) / 1000);
        if (wait > 0) {
          throw new AppError(
            ResultCode.TOO_MANY_REQUESTS,
            message('auth.nameLocked', { wait: spell(wait) }),
          );
        }
      }
      const [byIp] = await tx
        .select({ n: count() })
        .from(loginAttempts)
        .where(
          and(
            eq(loginAttempts.ip, ip),
            eq(loginAttempts.success, false),
            gt(loginAttempts.createdAt, since),
          ),
        );
      if ((byIp?.n ?? 0) >= settings.loginMaxPerIp) {
        throw new AppError(
          ResultCode.TOO_MANY_REQUESTS,
          message('auth.addressLocked', { wait: spell(settings.loginWindowSeconds) }),
        );
      }
      const [attempt] = await tx
        .insert(loginAttempts)
        .values({ name, ip, success: false })
        .returning({ id: loginAttempts.id });
      return attempt!.id;
    });
  }

  /**
   * Every API call runs this: prepared once (a named statement on PostgreSQL), so neither the
   * query builder nor the server's planner works on it per call.
   */
  const sessionByToken = db
    .select({
      sessionId: sessions.id,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      revokedAt: sessions.revokedAt,
      revokeReason: sessions.revokeReason,
      adminId: admins.id,
      merchantId: admins.merchantId,
      name: admins.name,
      status: admins.status,
      isOwner: admins.isOwner,
      permissions: admins.permissions,
      roles: admins.roles,
      merchantStatus: merchants.status,
    })
    .from(sessions)
    .innerJoin(admins, eq(admins.id, sessions.adminId))
    .innerJoin(merchants, eq(merchants.id, admins.merchantId))
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .limit(1)
    .prepare('authenticate_session');
  type SessionRow = Awaited<ReturnType<typeof sessionByToken.execute>>[number];
  const cache = new SessionCache<SessionRow>();
  const notify = (payload: string) =>
    db.execute(sql`select pg_notify(${AUTH_CHANNEL}, ${payload})`);
  let stopListening = async () => {};
  let heartbeats: NodeJS.Timeout | undefined;
  if (listen) {
    stopListening = await listen(AUTH_CHANNEL, cache.listener);
    await cache.heartbeat(notify);
    heartbeats = setInterval(() => void cache.heartbeat(notify), HEARTBEAT_EVERY_MS);
    heartbeats.unref();
  }

  return {
    /** Checks the credentials and opens a session; answers the bearer token. */
    async login(input: { name: string; password: string; ip: string; userAgent: string }) {
      const { name, password, ip, userAgent } = input;
      const attemptId = await reserveAttempt(name, ip);
      // An owner types its name; a sub-account its name at its store's code.
      const typed = readSignInName(name);
      const [admin] = await db
        .select({
          id: admins.id,
          name: admins.name,
          merchantId: admins.merchantId,
          passwordHash: admins.passwordHash,
          status: admins.status,
          merchantStatus: merchants.status,
        })
        .from(admins)
        .innerJoin(merchants, eq(merchants.id, admins.merchantId))
        .where(
          or(
            and(eq(admins.isOwner, true), sql`lower(${admins.name}) = lower(${name})`),
            typed.code === null
              ? undefined
              : and(
                  sql`lower(${merchants.code}) = lower(${typed.code})`,
                  sql`lower(${admins.name}) = lower(${typed.name})`,
                ),
          ),
        )
        // An owner's own name before a sub-account's at a store (new owners' names hold no '@').
        .orderBy(desc(admins.isOwner))
        .limit(1);
      let valid = false;
      if (admin) valid = await verifyPassword(admin.passwordHash, password);
      else await verifyAgainstNothing(password);
      if (admin) {
        await db
          .update(loginAttempts)
          .set({ adminId: admin.id })
          .where(eq(loginAttempts.id, attemptId));
      }
      if (!admin || !valid)
        throw new AppError(ResultCode.BAD_CREDENTIALS, message('auth.badCredentials'));
      if (admin.status !== 'active' || admin.merchantStatus !== 'active') {
        throw new AppError(ResultCode.FORBIDDEN, message('auth.accountDisabled'));
      }
      const token = newToken();
      await db.transaction(async (tx) => {
        const [session] = await tx
          .insert(sessions)
          .values({
            tokenHash: hashToken(token),
            adminId: admin.id,
            merchantId: admin.merchantId,
            expiresAt: new Date(Date.now() + settings.maxSeconds * 1000),
            ip,
            userAgent: userAgent.slice(0, 500),
          })
          .returning({ id: sessions.id });
        await tx
          .update(loginAttempts)
          .set({ success: true, createdAt: new Date() })
          .where(eq(loginAttempts.id, attemptId));
        await recordOperation(
          tx,
          { merchantId: admin.merchantId, adminId: admin.id, adminName: admin.name, ip },
          { action: 'auth.login', targetType: 'session', targetId: session!.id },
        );
      });
      return { token };
    },

    /**
     * Resolves a bearer token to its account, or throws the session code the SPA acts on:
     * 50008 unknown, 50012 revoked or account disabled, 50014 expired.
     */
    async authenticate(token: string | null): Promise<AuthContext> {
      if (!token) throw new AppError(ResultCode.TOKEN_UNKNOWN, message('auth.signIn'));
      const tokenHash = hashToken(token);
      let row = cache.get(tokenHash);
      if (!row) {
        const generation = cache.begin();
        [row] = await sessionByToken.execute({ tokenHash });
        if (row) cache.put(tokenHash, row, generation);
      }
      if (!row) throw new AppError(ResultCode.TOKEN_UNKNOWN, message('auth.tokenInvalid'));
      if (row.revokedAt) {
        throw new AppError(
          ResultCode.TOKEN_REVOKED,
          REVOKE_MESSAGES[row.revokeReason ?? ''] ?? message('auth.endedElsewhere'),
        );
      }
      if (row.status !== 'active' || row.merchantStatus !== 'active') {
        throw new AppError(ResultCode.TOKEN_REVOKED, message('auth.disabled'));
      }
      const now = Date.now();
      if (
        row.expiresAt.getTime() <= now ||
        row.lastSeenAt.getTime() + settings.idleSeconds * 1000 <= now
      ) {
        throw new AppError(ResultCode.TOKEN_EXPIRED, message('auth.expired'));
      }
      if (now - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
        await db
          .update(sessions)
          .set({ lastSeenAt: new Date(now) })
          .where(eq(sessions.id, row.sessionId));
        // Its notification drops the entry; until it arrives, the entry says the same.
        row.lastSeenAt = new Date(now);
      }
      return {
        sessionId: row.sessionId,
        adminId: row.adminId,
        merchantId: row.merchantId,
        name: row.name,
        isOwner: row.isOwner,
        roles: row.roles,
        permissions: effectivePermissions(row),
      };
    },

    /** The signed-in account's profile (its account, merchant and previous sign-in). */
    profile(auth: AuthContext) {
      return profileOf(db, auth);
    },

    /**
     * Drops an account's sessions from memory at once, after a transaction of this server ended
     * them (the notification follows on its own).
     */
    forgetAccount(adminId: number) {
      cache.forget(`a${adminId}`);
    },

    /** Resolves once every change committed before the call is reflected (see SessionCache). */
    async caughtUp(): Promise<void> {
      await cache.caughtUp(notify);
    },

    /** Stops listening to the database. */
    async close() {
      clearInterval(heartbeats);
      await stopListening();
    },

    /** Ends the request's session (and only it). */
    async logout(auth: AuthContext, ip: string) {
      await db.transaction(async (tx) => {
        await tx
          .update(sessions)
          .set({ revokedAt: new Date(), revokeReason: 'logout' })
          .where(and(eq(sessions.id, auth.sessionId), isNull(sessions.revokedAt)));
        await recordOperation(
          tx,
          { merchantId: auth.merchantId, adminId: auth.adminId, adminName: auth.name, ip },
          { action: 'auth.logout', targetType: 'session', targetId: auth.sessionId },
        );
      });
      cache.forget(`s${auth.sessionId}`);
    },
  };
}

export type AuthService = Awaited<ReturnType<typeof createAuthService>>;
