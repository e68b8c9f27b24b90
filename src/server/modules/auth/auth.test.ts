import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ResultCode } from '../../../shared/envelope';
import { allRouteNames } from '../../../shared/routes';
import { admins } from '../../db/schema/account';
import { sessions } from '../../db/schema/auth';
import { merchants } from '../../db/schema/merchant';
import { operationLogs } from '../../db/schema/operation-log';
import { createTestApp, OWNER_PASSWORD, type TestApp } from '../../test-support';
import { hashPassword } from './password';
import { hashToken } from './tokens';

const EN = { 'accept-language': 'en' };

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

async function addAdmin(
  values: Partial<typeof admins.$inferInsert> & { name: string; password?: string },
) {
  const [merchant] = await t.db.select({ id: merchants.id }).from(merchants).limit(1);
  const [row] = await t.db
    .insert(admins)
    .values({
      merchantId: merchant!.id,
      passwordHash: await hashPassword(values.password ?? 'Sub-passw0rd'),
      ...values,
    })
    .returning();
  return row!;
}

describe('POST /admin/auth/login', () => {
  it('signs in with a trimmed name and answers a 256-bit token stored only as a hash', async () => {
    const res = await t.post('/admin/auth/login', { name: '  admin ', password: OWNER_PASSWORD });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ code: 200, msg: 'success' });
    const token: string = body.data.token;
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(32);
    const stored = await t.db.select().from(sessions);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(stored)).not.toContain(token);
  });

  it('answers the same message for a wrong password and an unknown account', async () => {
    const wrong = await t.post('/admin/auth/login', { name: 'admin', password: 'nope-12345' });
    const unknown = await t.post('/admin/auth/login', { name: 'ghost', password: 'nope-12345' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe(ResultCode.BAD_CREDENTIALS);
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.json().data).toBeNull();
  });

  it('names the field that fails validation', async () => {
    const res = await t.post('/admin/auth/login', { name: 'admin' });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe(ResultCode.VALIDATION);
    expect(body.msg).toBe('请输入密码');
    expect(body.data.fields).toEqual([{ field: 'password', message: '请输入密码' }]);
    const blank = await t.post('/admin/auth/login', { name: '   ', password: 'x' }, undefined, EN);
    expect(blank.json().msg).toBe('Account is required');
  });

  it('refuses an account after too many failures, even with the right password', async () => {
    for (let i = 0; i < t.config.LOGIN_MAX_FAILURES; i++) {
      const res = await t.post('/admin/auth/login', { name: 'admin', password: `bad-${i}` });
      expect(res.json().code).toBe(ResultCode.BAD_CREDENTIALS);
    }
    const body = { name: 'ADMIN', password: OWNER_PASSWORD };
    const locked = await t.post('/admin/auth/login', body, undefined, EN);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe(ResultCode.TOO_MANY_REQUESTS);
    expect(locked.json().msg).toMatch(/try again in 30 seconds$/);
    expect((await t.post('/admin/auth/login', body)).json().msg).toMatch(
      /^该账号登录失败次数过多，请 \d+ 秒后再试$/,
    );
  });

  /** A sign-in from `ip`. */
  const loginFrom = (ip: string, name: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/admin/auth/login',
      payload: { name, password },
      remoteAddress: ip,
    });

  it('evaluates at most LOGIN_MAX_FAILURES of 40 parallel guesses, then refuses the right password', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => loginFrom('10.0.0.9', 'admin', `wrong-${i}`)),
    );
    const codes = answers.map((a) => a.json().code);
    const evaluated = codes.filter((c) => c === ResultCode.BAD_CREDENTIALS).length;
    expect(evaluated).toBeLessThanOrEqual(t.config.LOGIN_MAX_FAILURES);
    expect(codes.filter((c) => c === ResultCode.TOO_MANY_REQUESTS)).toHaveLength(40 - evaluated);
    const right = await loginFrom('10.0.0.9', 'admin', OWNER_PASSWORD);
    expect(right.json().code).toBe(ResultCode.TOO_MANY_REQUESTS);
    expect(await t.db.select().from(sessions)).toHaveLength(0);
  });

  it('does not count successful sign-ins against the address', async () => {
    await t.close();
    t = await createTestApp({ LOGIN_MAX_PER_IP: '3' });
    for (let i = 0; i < 6; i++) {
      expect((await loginFrom('10.0.0.1', 'admin', OWNER_PASSWORD)).json().code).toBe(200);
    }
  });

  it('a locked name does not lock out its owner: a known address, then a growing delay', async () => {
    // The owner signed in from the office before the attack.
    expect((await loginFrom('10.0.0.1', 'admin', OWNER_PASSWORD)).json().code).toBe(200);
    for (let i = 0; i < t.config.LOGIN_MAX_FAILURES; i++) {
      await loginFrom('10.6.6.6', 'admin', `guess-${i}`);
    }
    expect((await loginFrom('10.6.6.6', 'admin', OWNER_PASSWORD)).statusCode).toBe(429);
    expect((await loginFrom('10.0.0.2', 'admin', OWNER_PASSWORD)).statusCode).toBe(429);
    // From the address it signed in from before, the attacker's failures do not count.
    expect((await loginFrom('10.0.0.1', 'admin', OWNER_PASSWORD)).json().code).toBe(200);

    // Elsewhere, a locked name is open again after a delay that doubles with each failure.
    await t.close();
    t = await createTestApp();
    for (let i = 0; i < t.config.LOGIN_MAX_FAILURES; i++) {
      await loginFrom('10.6.6.6', 'admin', `guess-${i}`);
    }
    const back = (seconds: number) =>
      t.db.execute(
        sql`update login_attempts set created_at = created_at - make_interval(secs => ${seconds})`,
      );
    await back(31);
    // One more guess is evaluated after 30 s; the next waits 60 s.
    expect((await loginFrom('10.6.6.6', 'admin', 'guess-again')).json().code).toBe(
      ResultCode.BAD_CREDENTIALS,
    );
    const locked = await loginFrom('10.0.0.2', 'admin', OWNER_PASSWORD);
    expect(locked.json().msg).toBe('该账号登录失败次数过多，请 1 分钟后再试');
    await back(61);
    expect((await loginFrom('10.0.0.2', 'admin', OWNER_PASSWORD)).json().code).toBe(200);
  });

  it('limits attempts per IP address', async () => {
    await t.close();
    t = await createTestApp({ LOGIN_MAX_PER_IP: '3' });
    const ip = { 'x-forwarded-for': '1.2.3.4' };
    for (const name of ['a1', 'a2', 'a3']) {
      const res = await t.post('/admin/auth/login', { name, password: 'whatever1' }, undefined, ip);
      expect(res.json().code).toBe(ResultCode.BAD_CREDENTIALS);
    }
    const body = { name: 'admin', password: OWNER_PASSWORD };
    const res = await t.post('/admin/auth/login', body, undefined, EN);
    expect(res.json().code).toBe(ResultCode.TOO_MANY_REQUESTS);
    expect(res.json().msg).toMatch(/from this address/);
  });

  it('refuses a disabled account with its right password, without a session', async () => {
    await addAdmin({ name: 'clerk', status: 'disabled' });
    const res = await t.post('/admin/auth/login', { name: 'clerk@main', password: 'Sub-passw0rd' });
    expect(res.json().code).toBe(ResultCode.FORBIDDEN);
    expect(await t.db.select().from(sessions)).toHaveLength(0);
  });

  it('logs the sign-in in the operation log', async () => {
    await t.login();
    const rows = await t.db.select().from(operationLogs);
    expect(rows).toEqual([expect.objectContaining({ action: 'auth.login', adminName: 'admin' })]);
  });
});

describe('session states', () => {
  it('answers 50008 without a token and for an unknown one', async () => {
    const none = await t.post('/admin/user/detail');
    expect(none.statusCode).toBe(401);
    expect(none.json().code).toBe(ResultCode.TOKEN_UNKNOWN);
    const unknown = await t.post('/admin/user/detail', {}, 'not-a-real-token');
    expect(unknown.json().code).toBe(ResultCode.TOKEN_UNKNOWN);
  });

  it('revokes the session on logout (50012) and logs it', async () => {
    const token = await t.login();
    const out = await t.post('/admin/auth/loginOut', {}, token);
    expect(out.json()).toMatchObject({ code: 200 });
    const after = await t.post('/admin/user/detail', {}, token);
    expect(after.json().code).toBe(ResultCode.TOKEN_REVOKED);
    const actions = (await t.db.select().from(operationLogs)).map((r) => r.action);
    expect(actions).toEqual(['auth.login', 'auth.logout']);
  });

  it('keeps other sessions of the account when one logs out', async () => {
    const first = await t.login();
    const second = await t.login();
    await t.post('/admin/auth/loginOut', {}, first);
    expect((await t.post('/admin/user/detail', {}, second)).json().code).toBe(200);
  });

  it('answers 50012 once the account is disabled', async () => {
    await addAdmin({ name: 'clerk', permissions: ['dashboard'] });
    const token = await t.login('clerk@main', 'Sub-passw0rd');
    expect((await t.post('/admin/menu/index', {}, token)).json().code).toBe(200);
    await t.db.update(admins).set({ status: 'disabled' }).where(eq(admins.name, 'clerk'));
    await t.caughtUp();
    const res = await t.post('/admin/menu/index', {}, token);
    expect(res.json().code).toBe(ResultCode.TOKEN_REVOKED);
  });

  it('answers 50014 after the idle timeout', async () => {
    const token = await t.login();
    const idle = t.config.SESSION_IDLE_SECONDS + 5;
    await t.db.update(sessions).set({
      lastSeenAt: sql`now() - make_interval(secs => ${idle})`,
    });
    await t.caughtUp();
    const res = await t.post('/admin/user/detail', {}, token);
    expect(res.json().code).toBe(ResultCode.TOKEN_EXPIRED);
  });

  it('answers 50014 past the absolute lifetime, however active', async () => {
    const token = await t.login();
    await t.db.update(sessions).set({ expiresAt: sql`now() - interval '1 second'` });
    await t.caughtUp();
    const res = await t.post('/admin/user/detail', {}, token);
    expect(res.json().code).toBe(ResultCode.TOKEN_EXPIRED);
  });

  it('answers from memory until the session changes, however the change is made', async () => {
    const token = await t.login();
    expect((await t.post('/admin/user/detail', {}, token)).json().code).toBe(200);
    // A change made without its notification goes unseen: the session is answered from memory.
    await t.db.execute(sql`alter table sessions disable trigger sessions_auth_change`);
    await t.db.update(sessions).set({ revokedAt: new Date(), revokeReason: 'logout' });
    await t.db.execute(sql`alter table sessions enable trigger sessions_auth_change`);
    await t.caughtUp();
    expect((await t.post('/admin/user/detail', {}, token)).json().code).toBe(200);
    // With it (any change of the session, its account or its merchant), the session is read again.
    await t.db.update(merchants).set({ name: 'Renamed' });
    await t.caughtUp();
    expect((await t.post('/admin/user/detail', {}, token)).json().code).toBe(
      ResultCode.TOKEN_REVOKED,
    );
  });

  it('ends a session at once when this server revokes it, without waiting to hear of it', async () => {
    await addAdmin({ name: 'clerk', permissions: ['dashboard'] });
    const clerk = await t.login('clerk@main', 'Sub-passw0rd');
    expect((await t.post('/admin/menu/index', {}, clerk)).json().code).toBe(200);
    const owner = await t.login();
    const [row] = await t.db.select({ id: admins.id }).from(admins).where(eq(admins.name, 'clerk'));
    const update = await t.post(
      '/admin/account/update',
      { id: row!.id, status: 'disabled' },
      owner,
    );
    expect(update.json().code).toBe(200);
    // No caughtUp(): the account's sessions left memory with the update's answer.
    expect((await t.post('/admin/menu/index', {}, clerk)).json().code).toBe(
      ResultCode.TOKEN_REVOKED,
    );
  });

  it('moves last_seen_at forward on use after a minute', async () => {
    const token = await t.login();
    await t.db.update(sessions).set({ lastSeenAt: sql`now() - interval '10 minutes'` });
    await t.caughtUp();
    await t.post('/admin/user/detail', {}, token);
    const [row] = await t.db.select().from(sessions);
    expect(Date.now() - row!.lastSeenAt.getTime()).toBeLessThan(60_000);
  });
});

describe('profile and menu', () => {
  it('answers the profile with the balance as an exact decimal string', async () => {
    await t.db.update(merchants).set({ balance: '1234.5' });
    const token = await t.login();
    const body = (await t.post('/admin/user/detail', {}, token)).json();
    expect(body.code).toBe(200);
    expect(body.data).toMatchObject({
      name: 'admin',
      realname: '店铺管理员',
      avatar: '',
      roles: ['admin'],
      isOwner: true,
      balance: '1234.50',
      merchant: { name: '我的店铺' },
      lastLogin: null,
    });
    expect(body.data).not.toHaveProperty('passwordHash');
  });

  it('gives the balance only to accounts that may open the cost centre', async () => {
    await t.db.update(merchants).set({ balance: '1234.5' });
    await addAdmin({ name: 'clerk', permissions: ['dashboard', 'client-list'] });
    await addAdmin({ name: 'cashier', permissions: ['dashboard', 'cost-center'] });
    for (const [name, balance] of [
      ['clerk', null],
      ['cashier', '1234.50'],
    ] as const) {
      const signIn = (
        await t.post('/admin/auth/login', { name: `${name}@main`, password: 'Sub-passw0rd' })
      ).json().data;
      expect(signIn.session.profile.balance, name).toBe(balance);
      const profile = (await t.post('/admin/user/detail', {}, signIn.token)).json().data;
      expect(profile.balance, name).toBe(balance);
    }
  });

  it('shows the previous sign-in as the last one', async () => {
    await t.login();
    const token = await t.login();
    const body = (await t.post('/admin/user/detail', {}, token)).json();
    expect(body.data.lastLogin).toEqual({ at: expect.any(String), ip: '127.0.0.1' });
  });

  it('gives the owner every route of the catalog', async () => {
    const token = await t.login();
    const body = (await t.post('/admin/menu/index', {}, token)).json();
    expect(body.data.map((e: { name: string }) => e.name)).toEqual(allRouteNames());
  });

  it('answers the permission list and profile of the new session with the token, as their calls do', async () => {
    await addAdmin({ name: 'clerk', permissions: ['dashboard', 'client-list'] });
    const res = await t.post('/admin/auth/login', { name: 'clerk@main', password: 'Sub-passw0rd' });
    const { token, session } = res.json().data;
    const menu = (await t.post('/admin/menu/index', {}, token)).json().data;
    const profile = (await t.post('/admin/user/detail', {}, token)).json().data;
    expect(session.menu).toEqual(menu);
    expect(session.menu.map((e: { name: string }) => e.name)).toEqual(['dashboard', 'client-list']);
    expect(session.profile).toEqual(profile);
    expect(session.profile.name).toBe('clerk');
  });

  it('gives a sub-account only its granted routes that exist', async () => {
    await addAdmin({ name: 'clerk', permissions: ['no-such-route', 'dashboard'] });
    const token = await t.login('clerk@main', 'Sub-passw0rd');
    const body = (await t.post('/admin/menu/index', {}, token)).json();
    expect(body.data).toEqual([{ name: 'dashboard' }]);
  });

  it('shows each account its own merchant only', async () => {
    const [other] = await t.db
      .insert(merchants)
      .values({ name: 'Other shop', balance: '9.99' })
      .returning();
    await t.db.insert(admins).values({
      merchantId: other!.id,
      name: 'other-owner',
      passwordHash: await hashPassword('Other-passw0rd'),
      isOwner: true,
    });
    const token = await t.login('other-owner', 'Other-passw0rd');
    const body = (await t.post('/admin/user/detail', {}, token)).json();
    expect(body.data.merchant).toEqual({ id: other!.id, name: 'Other shop' });
    expect(body.data.balance).toBe('9.99');
  });
});

describe('the permission hook', () => {
  // The tests register routes of their own: an app of their own.
  beforeEach(async () => {
    await t.close();
    t = await createTestApp({}, { shared: false });
  });

  it('refuses a business call the account may not open, and allows it once granted', async () => {
    t.app.post('/admin/test/secret', { config: { permission: 'secret-screen' } }, async () => ({
      code: 200,
      msg: 'success',
      data: 'ok',
    }));
    await addAdmin({ name: 'clerk', permissions: ['dashboard'] });
    const token = await t.login('clerk@main', 'Sub-passw0rd');
    const refused = await t.post('/admin/test/secret', {}, token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe(ResultCode.FORBIDDEN);
    const owner = await t.login();
    // Unknown to the catalog, so not even the owner holds it.
    expect((await t.post('/admin/test/secret', {}, owner)).json().code).toBe(ResultCode.FORBIDDEN);
    const signedOut = await t.post('/admin/test/secret');
    expect(signedOut.json().code).toBe(ResultCode.TOKEN_UNKNOWN);
  });

  it('refuses to register an /admin route that declares no access', async () => {
    expect(() => t.app.post('/admin/test/forgotten', async () => 'x')).toThrow(
      /declares neither permission nor access/,
    );
  });
});
