import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ResultCode } from '../../../shared/envelope';
import { account } from '../../../shared/resources/account';
import { admins } from '../../db/schema/account';
import { merchants } from '../../db/schema/merchant';
import { operationLogs } from '../../db/schema/operation-log';
import { resourceContract } from '../../kit/resource-contract';
import {
  createAccount,
  createOtherMerchant,
  createTestApp,
  OWNER_PASSWORD,
  type TestApp,
} from '../../test-support';

resourceContract(
  account,
  {
    name: 'clerk01',
    realname: '店员',
    password: 'Clerk-pass1',
    status: 'active',
    permissions: ['article-news', 'client-list'],
  },
  { realname: '店长', password: 'Other-pass2', status: 'disabled', permissions: ['client-list'] },
);

let t: TestApp;
let token: string;
beforeEach(async () => {
  t = await createTestApp();
  token = await t.login();
});
afterEach(() => t.close());

const NEW = {
  name: 'clerk01',
  realname: '店员',
  password: 'Clerk-pass1',
  permissions: ['article-news', 'client-list'],
};

async function createClerk(body: Record<string, unknown> = {}, as = token) {
  return (await t.post('/admin/account/create', { ...NEW, ...body }, as)).json();
}

describe('permission accounts', () => {
  it('creates a sub-account that sees only its routes and is refused the rest at once', async () => {
    const created = await createClerk();
    expect(created.code).toBe(200);
    expect(created.data).toMatchObject({ name: 'clerk01', status: 'active', isOwner: false });
    const clerk = await t.login('clerk01@main', 'Clerk-pass1');
    const menu = (await t.post('/admin/menu/index', {}, clerk)).json();
    expect(menu.data.map((m: { name: string }) => m.name).sort()).toEqual([
      'article-news',
      'article-store',
      'client-list',
      'dashboard',
    ]);
    expect((await t.post('/admin/operation-log/list', {}, clerk)).json().code).toBe(40300);
    expect((await t.post('/admin/account/list', {}, clerk)).json().code).toBe(40300);

    // Removing a route takes effect on the next request.
    await t.post(
      '/admin/account/update',
      { id: created.data.id, permissions: ['client-list'] },
      token,
    );
    expect((await t.post('/admin/article/list', { articleType: 1 }, clerk)).json().code).toBe(
      40300,
    );
    const after = (await t.post('/admin/menu/index', {}, clerk)).json();
    expect(after.data.map((m: { name: string }) => m.name)).toEqual(['dashboard', 'client-list']);
  });

  it('disabling an account ends its sessions with 50012', async () => {
    const created = await createClerk();
    const clerk = await t.login('clerk01@main', 'Clerk-pass1');
    const res = (
      await t.post('/admin/account/update', { id: created.data.id, status: 'disabled' }, token)
    ).json();
    expect(res.data.status).toBe('disabled');
    const denied = (await t.post('/admin/user/detail', {}, clerk)).json();
    expect(denied.code).toBe(50012);
    expect(
      (await t.post('/admin/auth/login', { name: 'clerk01', password: 'Clerk-pass1' })).json().code,
    ).not.toBe(200);
    const [log] = await t.db
      .select()
      .from(operationLogs)
      .where(eq(operationLogs.action, 'account.update'));
    expect(log?.detail).toEqual({ status: ['active', 'disabled'] });
  });

  it('validates names, passwords, routes and refuses a taken name', async () => {
    expect((await createClerk({ name: 'x' })).data.fields[0].field).toBe('name');
    expect((await createClerk({ password: 'short1' })).data.fields[0].field).toBe('password');
    expect((await createClerk({ password: 'onlyletters' })).data.fields[0].field).toBe('password');
    expect((await createClerk({ password: 'clerk01' })).code).toBe(40000);
    expect((await createClerk({ permissions: ['no-such-route'] })).data.fields[0].field).toBe(
      'permissions',
    );
    expect((await createClerk({ name: 'ADMIN' })).code).toBe(40900);
  });

  it('a manager cannot grant routes it lacks, nor touch the owner', async () => {
    const { token: manager } = await createAccount(t, {
      name: 'manager',
      permissions: ['permission-account', 'article-news'],
    });
    expect((await createClerk({ permissions: ['article-news'] }, manager)).code).toBe(200);
    const beyond = await createClerk({ name: 'clerk02', permissions: ['operation-log'] }, manager);
    expect(beyond.code).toBe(40000);
    expect(beyond.data.fields[0].field).toBe('permissions');
    expect(
      (await t.post('/admin/account/update', { id: 1, status: 'disabled' }, manager)).json().code,
    ).toBe(40300);
  });

  it('a manager changes only accounts whose routes it has itself, before and after', async () => {
    const { token: manager } = await createAccount(t, {
      name: 'manager',
      permissions: ['permission-account', 'article-news'],
    });
    const { account: bigger } = await createAccount(t, {
      name: 'bigger',
      permissions: ['permission-account', 'article-news', 'operation-log'],
    });
    const { account: smaller } = await createAccount(t, {
      name: 'smaller',
      permissions: ['article-news'],
    });
    const refusals = [
      { id: bigger.id, password: 'Taken-over1' },
      { id: bigger.id, permissions: ['article-news'] },
      { id: bigger.id, status: 'disabled' },
      { id: bigger.id, realname: 'x' },
    ];
    for (const body of refusals) {
      const res = await t.post('/admin/account/update', body, manager);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe(40300);
    }
    expect(
      (await t.post('/admin/auth/login', { name: 'bigger', password: 'Taken-over1' })).json().code,
    ).not.toBe(200);
    const [untouched] = await t.db.select().from(admins).where(eq(admins.id, bigger.id));
    expect(untouched?.status).toBe('active');
    expect(untouched?.permissions).toEqual(['permission-account', 'article-news', 'operation-log']);

    // Within its own routes it may change an account, but not raise it past them.
    expect(
      (await t.post('/admin/account/update', { id: smaller.id, realname: 'ok' }, manager)).json()
        .code,
    ).toBe(200);
    const raised = await t.post(
      '/admin/account/update',
      { id: smaller.id, permissions: ['article-news', 'operation-log'] },
      manager,
    );
    expect(raised.json().code).toBe(40000);
    // The owner may change every sub-account.
    expect(
      (await t.post('/admin/account/update', { id: bigger.id, realname: 'by owner' }, token)).json()
        .code,
    ).toBe(200);
  });

  it('resets a password only when one is given, hashed, logged without it, signing the account out', async () => {
    const created = await createClerk();
    const id = created.data.id;
    const clerk = await t.login('clerk01@main', 'Clerk-pass1');
    const update = async (body: Record<string, unknown>) =>
      (await t.post('/admin/account/update', { id, ...body }, token)).json();
    // Left out or empty: the password stays, and so does the session.
    expect((await update({ realname: '店员甲' })).code).toBe(200);
    expect((await update({ realname: '店员乙', password: '' })).code).toBe(200);
    expect((await t.post('/admin/user/detail', {}, clerk)).json().code).toBe(200);
    // The name cannot be changed, and a password may not be it.
    expect((await update({ name: 'renamed01' })).code).toBe(200);
    const keeper = (await createClerk({ name: 'keeper-12' })).data;
    const named = (
      await t.post('/admin/account/update', { id: keeper.id, password: 'KEEPER-12' }, token)
    ).json();
    expect(named.data.fields).toEqual([{ field: 'password', message: '密码不能是账号名' }]);
    expect((await createClerk({ name: 'keeper-13', password: 'Keeper-13' })).data.fields).toEqual([
      { field: 'password', message: '密码不能是账号名' },
    ]);
    const weak = await update({ password: 'weakweak' });
    expect(weak.data.fields).toEqual([{ field: 'password', message: '密码须包含数字' }]);

    const [before] = await t.db.select().from(admins).where(eq(admins.id, id));
    expect((await update({ password: 'Reset-pass2' })).code).toBe(200);
    const [after] = await t.db.select().from(admins).where(eq(admins.id, id));
    expect(after?.name).toBe('clerk01');
    expect(after?.passwordHash).not.toBe(before?.passwordHash);
    expect(after?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(after!.passwordChangedAt.getTime()).toBeGreaterThan(before!.passwordChangedAt.getTime());
    const ended = (await t.post('/admin/user/detail', {}, clerk)).json();
    expect(ended.code).toBe(50012);
    expect(ended.msg).toBe('密码已被重置，请重新登录');
    await t.login('clerk01@main', 'Reset-pass2');
    const logs = await t.db
      .select()
      .from(operationLogs)
      .where(eq(operationLogs.action, 'account.update'));
    expect(logs.map((log) => log.detail)).toEqual([
      { realname: ['店员', '店员甲'] },
      { realname: ['店员甲', '店员乙'] },
      { password: ['***', '***'] },
    ]);
    expect(JSON.stringify(logs)).not.toContain('Reset-pass2');
  });

  it('refuses to disable the account one is signed in as', async () => {
    const { account: manager, token: own } = await createAccount(t, {
      name: 'manager',
      permissions: ['permission-account'],
    });
    const res = (
      await t.post('/admin/account/update', { id: manager.id, status: 'disabled' }, own)
    ).json();
    expect(res.code).toBe(40000);
    expect(res.data.fields[0].field).toBe('status');
  });

  it('lists accounts by keyword, status and name, with their last sign-in', async () => {
    await createClerk();
    await createClerk({ name: 'cashier', realname: '收银', status: 'disabled' });
    const list = async (body: Record<string, unknown>) =>
      (await t.post('/admin/account/list', body, token)).json().data;
    const names = (data: { items: { name: string }[] }) => data.items.map((a) => a.name);
    expect(names(await list({ keyword: '收银' }))).toEqual(['cashier']);
    expect(names(await list({ keyword: 'CLERK' }))).toEqual(['clerk01']);
    expect(names(await list({ status: 'disabled' }))).toEqual(['cashier']);
    expect(names(await list({ sort: 'name', order: 'asc' }))).toEqual([
      'admin',
      'cashier',
      'clerk01',
    ]);
    const [owner] = (await list({ keyword: 'admin' })).items;
    expect(owner).toMatchObject({ isOwner: true, lastLoginAt: expect.any(String) });
    expect((await list({ keyword: 'clerk01' })).items[0].lastLoginAt).toBeNull();
    await t.login('clerk01@main', 'Clerk-pass1');
    expect((await list({ keyword: 'clerk01' })).items[0].lastLoginAt).toEqual(expect.any(String));
    // Each with the name it signs in with: the owner its own, a sub-account at the store's code.
    expect(
      (await list({ sort: 'name', order: 'asc' })).items.map(
        (a: { signInName: string }) => a.signInName,
      ),
    ).toEqual(['admin', 'cashier@main', 'clerk01@main']);
  });

  it('keeps names unique within the merchant only, saying nothing of other merchants’ names', async () => {
    const other = await createOtherMerchant(t);
    await t.db.update(merchants).set({ code: 'tea' }).where(eq(merchants.id, other.merchant.id));
    // The other merchant has a clerk01 and its owner is other-owner: this merchant may take both.
    const theirs = await t.post(
      '/admin/account/create',
      { name: 'clerk01', password: 'Their-pass1', permissions: ['dashboard'] },
      other.token,
    );
    expect(theirs.json().code).toBe(200);
    expect((await createClerk()).code).toBe(200);
    expect((await createClerk({ name: 'other-owner' })).code).toBe(200);
    // Its own names stay unique, whatever their case.
    expect((await createClerk({ name: 'CLERK01' })).code).toBe(40900);
    // Each clerk01 signs in at its own store; the bare name signs in neither.
    const ours = await t.login('clerk01@main', 'Clerk-pass1');
    const tea = await t.login('clerk01@TEA', 'Their-pass1');
    const merchantOf = async (as: string) =>
      (await t.post('/admin/user/detail', {}, as)).json().data.merchant.id;
    expect(await merchantOf(ours)).toBe(1);
    expect(await merchantOf(tea)).toBe(other.merchant.id);
    const bare = await t.post('/admin/auth/login', { name: 'clerk01', password: 'Clerk-pass1' });
    expect(bare.json().code).toBe(ResultCode.BAD_CREDENTIALS);
    const elsewhere = await t.post('/admin/auth/login', {
      name: 'clerk01@tea',
      password: 'Clerk-pass1',
    });
    expect(elsewhere.json().code).toBe(ResultCode.BAD_CREDENTIALS);
    // A sub-account named as another merchant's owner does not sign in by that name alone.
    const owner = await t.post('/admin/auth/login', {
      name: 'other-owner',
      password: 'Clerk-pass1',
    });
    expect(owner.json().code).toBe(ResultCode.BAD_CREDENTIALS);
    expect(await merchantOf(await t.login('other-owner@main', 'Clerk-pass1'))).toBe(1);
    // An owner signs in by its name, or at its store's code.
    expect(await merchantOf(await t.login('admin@main', OWNER_PASSWORD))).toBe(1);
  });

  it('never lists or changes another merchant’s accounts', async () => {
    const other = await createOtherMerchant(t);
    const list = (await t.post('/admin/account/list', {}, token)).json();
    expect(list.data.items.map((a: { name: string }) => a.name)).toEqual(['admin']);
    const res = (
      await t.post('/admin/account/update', { id: other.owner.id, realname: 'x' }, token)
    ).json();
    expect(res.code).toBe(40400);
  });
});

describe('change password', () => {
  it('checks the old password and the policy, then ends the other sessions', async () => {
    const other = await t.login();
    const wrong = (
      await t.post(
        '/admin/user/changePassword',
        { oldPassword: 'nope', newPassword: 'Better-pass2', confirmPassword: 'Better-pass2' },
        token,
      )
    ).json();
    expect(wrong.data.fields[0].field).toBe('oldPassword');
    const weak = (
      await t.post(
        '/admin/user/changePassword',
        { oldPassword: OWNER_PASSWORD, newPassword: 'weakweak', confirmPassword: 'weakweak' },
        token,
      )
    ).json();
    expect(weak.data.fields[0].field).toBe('newPassword');
    const same = (
      await t.post(
        '/admin/user/changePassword',
        {
          oldPassword: OWNER_PASSWORD,
          newPassword: OWNER_PASSWORD,
          confirmPassword: OWNER_PASSWORD,
        },
        token,
      )
    ).json();
    expect(same.code).toBe(40000);
    const differ = (
      await t.post(
        '/admin/user/changePassword',
        {
          oldPassword: OWNER_PASSWORD,
          newPassword: 'Better-pass2',
          confirmPassword: 'Better-pass3',
        },
        token,
      )
    ).json();
    expect(differ.data.fields[0].field).toBe('confirmPassword');
    const named = (
      await t.post(
        '/admin/user/changePassword',
        { oldPassword: OWNER_PASSWORD, newPassword: 'admin', confirmPassword: 'admin' },
        token,
      )
    ).json();
    expect(named.code).toBe(40000);

    const done = (
      await t.post(
        '/admin/user/changePassword',
        {
          oldPassword: OWNER_PASSWORD,
          newPassword: 'Better-pass2',
          confirmPassword: 'Better-pass2',
        },
        token,
      )
    ).json();
    expect(done.code).toBe(200);
    expect((await t.post('/admin/user/detail', {}, token)).json().code).toBe(200);
    const ended = (await t.post('/admin/user/detail', {}, other)).json();
    expect(ended.code).toBe(50012);
    expect(ended.msg).toBe('密码已修改，请重新登录');
    expect(
      (await t.post('/admin/auth/login', { name: 'admin', password: 'Better-pass2' })).json().code,
    ).toBe(200);
  });
});
