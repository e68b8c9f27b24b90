import { and, eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { miniProgramHome } from '../../../shared/resources/mini-program-home';
import { miniProgramInfo } from '../../../shared/resources/mini-program-info';
import { miniProgramRegistration } from '../../../shared/resources/mini-program-registration';
import { miniProgramVersion } from '../../../shared/resources/mini-program-version';
import {
  jobs as jobsTable,
  ledgerEntries,
  merchants,
  miniProgramInfoChanges,
  miniProgramRegistrations,
  miniProgramSandboxKeys,
  miniProgramSandboxTasks,
  miniProgramVersions,
  operationLogs,
} from '../../db/schema';
import { readContract, resourceContract } from '../../kit/resource-contract';
import { signCallback } from '../../miniprogram/sandbox';
import {
  createAccount,
  createOtherMerchant,
  createTestApp,
  type TestApp,
} from '../../test-support';
import { postEntry } from '../cost-center/ledger';
import { CALLBACK_PATH } from './service';

resourceContract(
  miniProgramHome,
  {
    position: 2,
    title: '春季上新',
    image: '/uploads/1/banner.png',
    icon: 'none',
    link: '/pages/index/index',
    enabled: true,
    startAt: null,
    endAt: null,
  },
  { title: '夏季上新' },
);

/**
 * Applications, info changes and versions are made and moved only through the platform (the
 * tests below): the contracts read rows written straight in their tables as those leave them, the
 * n-th a failed application, an approved info change and a released version.
 */
readContract(miniProgramRegistration, async ({ t }, n) => {
  const [row] = await t.db
    .insert(miniProgramRegistrations)
    .values({
      merchantId: 1,
      kind: 'enterprise',
      companyName: `杭州西湖茶馆有限公司 ${n}`,
      creditCode: '91350100M000100Y43',
      legalName: '王五',
      legalWechat: 'wangwu_88',
      contactPhone: '13800000000',
      status: 'failed',
      reason: '法人未确认',
    })
    .returning({ id: miniProgramRegistrations.id });
  return row!.id;
});
readContract(miniProgramInfo, async ({ t }, n) => {
  const [row] = await t.db
    .insert(miniProgramInfoChanges)
    .values({
      merchantId: 1,
      name: `西湖茶馆 ${n}`,
      avatar: '/uploads/1/avatar.png',
      intro: '杭州西湖边的茶馆，线上点单',
      categories: ['food-drinks'],
      status: 'approved',
    })
    .returning({ id: miniProgramInfoChanges.id });
  return row!.id;
});
readContract(miniProgramVersion, async ({ t }, n) => {
  const [row] = await t.db
    .insert(miniProgramVersions)
    .values({
      merchantId: 1,
      templateId: 'T1003',
      version: `1.3.0.${n}`,
      description: `第 ${n} 版`,
      status: 'released',
      submittedAt: new Date(),
      releasedAt: new Date(),
    })
    .returning({ id: miniProgramVersions.id });
  return row!.id;
});

const APPLICATION = {
  kind: 'enterprise',
  companyName: '杭州西湖茶馆有限公司',
  creditCode: '91350100M000100Y43',
  legalName: '王五',
  legalWechat: 'wangwu_88',
  contactPhone: '13800000000',
};
const INFO = {
  name: '西湖茶馆',
  avatar: '/uploads/1/avatar.png',
  intro: '杭州西湖边的茶馆，线上点单',
  categories: ['food-drinks'],
};

let t: TestApp;
let token: string;
beforeEach(async () => {
  // Jobs run when the test says (drain); every callback is sent twice (CHAOS 1).
  t = await createTestApp({
    JOBS: 'off',
    MINIPROGRAM_SANDBOX_CHAOS: '1',
    MINIPROGRAM_SANDBOX_CHECK_SECONDS: '0',
    MINIPROGRAM_SANDBOX_REVIEW_SECONDS: '3600',
    MINIPROGRAM_POLL_SECONDS: '3600',
  });
  token = await t.login();
});
afterEach(() => t.close());

const call = async (url: string, body: unknown = {}, as = token) =>
  (await t.post(url, body, as)).json();
const ok = async (url: string, body: unknown = {}, as = token) => {
  const res = await call(url, body, as);
  expect(res.code, `${url}: ${res.msg}`).toBe(200);
  return res.data;
};
/** Runs every job due now, and those queued later too (the sandbox's repeated callbacks). */
const runJobs = async (
  except = [
    'mini-program.poll',
    'miniprogram-sandbox.review',
    'miniprogram-sandbox.confirm-timeout',
  ],
) => {
  for (let round = 0; round < 5; round++) {
    await t.db.execute(
      sql`update jobs set run_at = now() - interval '1 second' where state = 'queued' and name not in (${sql.join(
        except.map((n) => sql`${n}`),
        sql`, `,
      )})`,
    );
    await t.app.jobs.drain();
  }
};
const state = () => ok('/admin/mini-program/state');
const taskOf = async (kind: string) => {
  const [task] = await t.db
    .select()
    .from(miniProgramSandboxTasks)
    .where(eq(miniProgramSandboxTasks.kind, kind as 'audit'))
    .orderBy(sql`${miniProgramSandboxTasks.id} desc`)
    .limit(1);
  return task!;
};
/** A person acts on the sandbox's page: the legal person, or the reviewer. */
const act = async (taskId: string, action: string, reason = '') => {
  const res = await t.app.inject({
    method: 'POST',
    url: `/sandbox/mini-program/task/${taskId}`,
    payload: new URLSearchParams({ action, reason }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(res.statusCode, res.body).toBe(303);
};
const sandbox = {
  confirmByLegalPerson: (taskId: string, accept: boolean) =>
    act(taskId, accept ? 'confirm' : 'decline'),
  decide: (taskId: string, approve: boolean, reason = '') =>
    act(taskId, approve ? 'approve' : 'reject', reason),
  key: async () =>
    (
      await t.db
        .select()
        .from(miniProgramSandboxKeys)
        .where(eq(miniProgramSandboxKeys.name, 'callback'))
    )[0]!.secret,
};
const history = async (subject: string, id: number) =>
  (await ok('/admin/mini-program/history', { subject, id })).items.map(
    (e: { status: string }) => e.status,
  );

const upload = async () =>
  (await ok('/admin/mini-program-version/upload', { templateId: 'T1003', description: '首发' }))
    .id as number;
const decide = async (approve: boolean, reason = '') => {
  await sandbox.decide((await taskOf('audit')).taskId, approve, reason);
  await runJobs();
};
const version = (id: number) => ok('/admin/mini-program-version/detail', { id });
const balance = async () =>
  (await t.db.select().from(merchants).where(eq(merchants.id, 1)))[0]!.balance;

/** Registers the merchant's mini-program to the end: the legal person confirms. */
async function register(as = token) {
  const { id } = await ok('/admin/mini-program-registration/submit', APPLICATION, as);
  await runJobs();
  const task = await taskOf('registration');
  await sandbox.confirmByLegalPerson(task.taskId, true);
  await runJobs();
  return id as number;
}

describe('mini-program registration', () => {
  it('goes submitted → awaiting the legal person → success with an appid; repeated callbacks apply once', async () => {
    const { id } = await ok('/admin/mini-program-registration/submit', APPLICATION);
    let s = await state();
    expect(s.registration).toMatchObject({ id, status: 'submitted' });
    expect(s.appid).toBeNull();

    await runJobs();
    s = await state();
    expect(s.registration.status).toBe('confirming');
    expect(s.registration.confirmUrl).toMatch(/^\/sandbox\/mini-program\/task\/MPT/);

    // The legal person confirms on the sandbox's page.
    const page = await t.app.inject({ method: 'GET', url: s.registration.confirmUrl });
    expect(page.body).toContain('法人确认');
    const posted = await t.app.inject({
      method: 'POST',
      url: s.registration.confirmUrl,
      payload: 'action=confirm',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(posted.statusCode).toBe(303);
    await runJobs();
    s = await state();
    expect(s.registration.status).toBe('success');
    expect(s.appid).toMatch(/^wx[0-9a-f]{16}$/);
    const list = await ok('/admin/mini-program-registration/list', {});
    expect(list.items[0]).toMatchObject({ status: 'success', appid: s.appid });
    // Each state once in the history, though every callback came twice.
    expect(await history('registration', id)).toEqual(['submitted', 'confirming', 'success']);
    const callbacks = await t.db
      .select()
      .from(jobsTable)
      .where(eq(jobsTable.name, 'miniprogram-sandbox.callback'));
    expect(callbacks.length).toBe(4);
    expect(callbacks.every((j) => j.state === 'done')).toBe(true);

    // Registered: no second application.
    const again = await call('/admin/mini-program-registration/submit', APPLICATION);
    expect(again.code).toBe(40900);
  });

  it('refuses a bad credit code with its reason, on the field', async () => {
    const res = await call('/admin/mini-program-registration/submit', {
      ...APPLICATION,
      creditCode: '91350100M000100Y44',
    });
    expect(res.code).toBe(40000);
    expect(res.msg).toContain('校验位');
    expect(JSON.stringify(res.data)).toContain('creditCode');
  });

  it('fails when the legal person declines or does not confirm in time; a failed one is submitted again', async () => {
    const first = (await ok('/admin/mini-program-registration/submit', APPLICATION)).id;
    // One in progress at a time.
    expect((await call('/admin/mini-program-registration/submit', APPLICATION)).code).toBe(40900);
    await runJobs();
    await sandbox.confirmByLegalPerson((await taskOf('registration')).taskId, false);
    await runJobs();
    let s = await state();
    expect(s.registration).toMatchObject({ id: first, status: 'failed' });
    expect(s.registration.reason).toContain('法人拒绝');

    // Resubmitting a row that did not fail is refused.
    const second = (
      await ok('/admin/mini-program-registration/submit', { ...APPLICATION, resubmitOf: first })
    ).id;
    expect(
      (
        await call('/admin/mini-program-registration/submit', {
          ...APPLICATION,
          resubmitOf: second,
        })
      ).code,
    ).toBe(40900);
    // The confirmation times out (its job made due now).
    await runJobs();
    await t.db.execute(
      sql`update jobs set run_at = now() - interval '1 second' where name = 'miniprogram-sandbox.confirm-timeout'`,
    );
    await runJobs();
    s = await state();
    expect(s.registration).toMatchObject({ id: second, status: 'failed' });
    expect(s.registration.reason).toContain('did not confirm');
    expect(await history('registration', second)).toEqual(['submitted', 'confirming', 'failed']);
    const detail = await ok('/admin/mini-program-registration/detail', { id: second });
    expect(detail.resubmitOf).toBe(first);
  });

  it('the poll job settles an application whose callbacks never arrived, and gives up at its deadline', async () => {
    const { id } = await ok('/admin/mini-program-registration/submit', APPLICATION);
    // Every callback is lost: the product only hears by asking.
    await t.db.execute(sql`update mini_program_sandbox_tasks set notify_url = '/nowhere'`);
    await runJobs([
      'mini-program.poll',
      'miniprogram-sandbox.callback',
      'miniprogram-sandbox.review',
      'miniprogram-sandbox.confirm-timeout',
    ]);
    await sandbox.confirmByLegalPerson((await taskOf('registration')).taskId, true);
    await t.db.execute(
      sql`update jobs set run_at = now() - interval '1 second' where name = 'mini-program.poll'`,
    );
    await t.app.jobs.drain();
    expect((await state()).registration.status).toBe('success');
    expect(await history('registration', id)).toEqual(['submitted', 'success']);
  });

  it('a poll past its deadline gives the application up', async () => {
    await t.close();
    t = await createTestApp({
      JOBS: 'off',
      MINIPROGRAM_SANDBOX_CHECK_SECONDS: '3600',
      MINIPROGRAM_POLL_SECONDS: '1',
      MINIPROGRAM_POLL_TIMEOUT_SECONDS: '1',
    });
    token = await t.login();
    const { id } = await ok('/admin/mini-program-registration/submit', APPLICATION);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await t.db.execute(
      sql`update jobs set run_at = now() - interval '1 second' where name = 'mini-program.poll'`,
    );
    await t.app.jobs.drain();
    const row = await ok('/admin/mini-program-registration/detail', { id });
    expect(row.status).toBe('failed');
    expect(row.reason).toContain('no answer');
  });
});

describe('callbacks', () => {
  it('refuses a forged or stale callback and applies a genuine one once', async () => {
    const { id } = await ok('/admin/mini-program-registration/submit', APPLICATION);
    const task = await taskOf('registration');
    const key = await sandbox.key();
    const fields: Record<string, string> = {
      task_id: task.taskId,
      kind: 'registration',
      status: 'success',
      reason: '',
      appid: 'wx0000000000000000',
      event_id: 'EVforged',
      timestamp: String(Date.now()),
      nonce: 'n1',
    };
    // Signed with another key: refused, nothing moves.
    const forged = await t.app.inject({
      method: 'POST',
      url: CALLBACK_PATH,
      payload: { ...fields, signature: signCallback(fields, 'not-the-platform-key-0000') },
    });
    expect(forged.statusCode).toBe(400);
    // The right signature over other fields (the status changed after signing).
    const signature = signCallback(fields, key);
    const tampered = await t.app.inject({
      method: 'POST',
      url: CALLBACK_PATH,
      payload: { ...fields, status: 'failed', signature },
    });
    expect(tampered.statusCode).toBe(400);
    // A genuine one, replayed an hour later: refused as stale.
    const old = { ...fields, timestamp: String(Date.now() - 3_600_000) };
    const stale = await t.app.inject({
      method: 'POST',
      url: CALLBACK_PATH,
      payload: { ...old, signature: signCallback(old, key) },
    });
    expect(stale.statusCode).toBe(400);
    expect((await state()).registration.status).toBe('submitted');

    // Genuine (as the platform would sign it), twice: applied once.
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: CALLBACK_PATH,
        payload: { ...fields, signature },
      });
      expect(res.body).toBe('success');
    }
    // A stale state after it moves nothing either.
    const late = { ...fields, status: 'confirming', event_id: 'EVlate' };
    await t.app.inject({
      method: 'POST',
      url: CALLBACK_PATH,
      payload: { ...late, signature: signCallback(late, key) },
    });
    expect(await history('registration', id)).toEqual(['submitted', 'success']);
    expect((await state()).appid).toBe('wx0000000000000000');
  });

  it('answers an error for a task it does not know yet, so the platform sends it again', async () => {
    await ok('/admin/mini-program-registration/submit', APPLICATION);
    const key = await sandbox.key();
    const fields: Record<string, string> = {
      task_id: 'MPT0000000000000000',
      kind: 'audit',
      status: 'approved',
      reason: '',
      appid: '',
      event_id: 'EV1',
      timestamp: String(Date.now()),
      nonce: 'n',
    };
    const res = await t.app.inject({
      method: 'POST',
      url: CALLBACK_PATH,
      payload: { ...fields, signature: signCallback(fields, key) },
    });
    expect(res.statusCode).toBe(500);
  });
});

describe('basic info', () => {
  it('goes through review: rejected with a reason, then approved and live', async () => {
    expect((await call('/admin/mini-program-info/submit', INFO)).code).toBe(40900); // not registered
    await register();
    const bad = await call('/admin/mini-program-info/submit', { ...INFO, name: '微信' });
    expect(bad.code).toBe(40000);
    expect(bad.msg).toContain('品牌词');

    const first = (await ok('/admin/mini-program-info/submit', INFO)).id;
    // The reviewer's page names the categories, never their keys.
    const page = await t.app.inject({
      method: 'GET',
      url: `/sandbox/mini-program/task/${(await taskOf('info')).taskId}`,
    });
    expect(page.body).toContain('餐饮 · 饮品');
    expect(page.body).not.toContain('food-drinks');
    expect((await call('/admin/mini-program-info/submit', INFO)).code).toBe(40900); // one at a time
    expect((await state()).pendingInfo).toMatchObject({ id: first, name: INFO.name });
    await sandbox.decide((await taskOf('info')).taskId, false, '头像不清晰');
    await runJobs();
    let change = await ok('/admin/mini-program-info/detail', { id: first });
    expect(change).toMatchObject({ status: 'rejected', reason: '头像不清晰' });
    expect((await state()).name).toBe('');

    const second = (await ok('/admin/mini-program-info/submit', INFO)).id;
    // No person decides: the sandbox's reviewer does, once its time is up.
    await t.db.execute(
      sql`update jobs set run_at = now() - interval '1 second' where name = 'miniprogram-sandbox.review'`,
    );
    await runJobs();
    change = await ok('/admin/mini-program-info/detail', { id: second });
    expect(change.status).toBe('approved');
    expect(await state()).toMatchObject({ name: INFO.name, intro: INFO.intro });
    expect((await call('/admin/mini-program-info/submit', INFO)).code).toBe(40900); // unchanged
    expect(await history('info', second)).toEqual(['reviewing', 'approved']);
  });
});

describe('publishing', () => {
  it('tells a publisher without the cost centre neither the balance after a release nor what is left when short', async () => {
    await register();
    const { token: publisher } = await createAccount(t, {
      name: 'publisher',
      permissions: ['mini-program-publish'],
    });
    const v1 = await upload();
    await ok('/admin/mini-program-version/submit', { id: v1 });
    await decide(true);
    await postEntry(t.db, { merchantId: 1, type: 'adjustment', amount: '12.34', reference: 'a1' });
    const short = await call('/admin/mini-program-version/release', { id: v1 }, publisher);
    expect(short.code).toBe(40900);
    expect(short.msg).toBe('余额不足以支付本次扣费（¥30.00），请联系能打开费用中心的管理员充值');
    expect(short.msg).not.toContain('12.34');
    // The owner (who has the cost centre) is told the balance.
    expect((await call('/admin/mini-program-version/release', { id: v1 })).msg).toBe(
      '余额（¥12.34）不足以支付本次扣费（¥30.00），请先充值',
    );
    await postEntry(t.db, { merchantId: 1, type: 'adjustment', amount: '100.00', reference: 'a2' });
    const released = await ok('/admin/mini-program-version/release', { id: v1 }, publisher);
    expect(released).toEqual({ id: v1, balance: null });
    expect(await balance()).toBe('82.34');
  });

  it('releases an older version over a newer one only when told so, naming both', async () => {
    await register();
    await postEntry(t.db, { merchantId: 1, type: 'adjustment', amount: '100.00', reference: 'a1' });
    const newer = await upload();
    await ok('/admin/mini-program-version/submit', { id: newer });
    await decide(true);
    await ok('/admin/mini-program-version/release', { id: newer });
    const older = (await ok('/admin/mini-program-version/upload', { templateId: 'T1001' })).id;
    await ok('/admin/mini-program-version/submit', { id: older });
    await decide(true);
    const refused = await call('/admin/mini-program-version/release', { id: older });
    expect(refused.code).toBe(40900);
    expect(refused.msg).toBe('线上版本 1.3.0 比 1.1.0 新，发布旧版本前请先确认');
    expect((await state()).released).toMatchObject({ id: newer, version: '1.3.0' });
    expect(await balance()).toBe('70.00');
    await ok('/admin/mini-program-version/release', { id: older, replaceNewer: true });
    expect((await state()).released).toMatchObject({ id: older, version: '1.1.0' });
  });

  it('uploads, is rejected with a reason, resubmitted, approved, released (charged once) and rolled back', async () => {
    expect((await call('/admin/mini-program-version/upload', { templateId: 'T1003' })).code).toBe(
      40900,
    );
    await register();
    await postEntry(t.db, { merchantId: 1, type: 'adjustment', amount: '100.00', reference: 'a1' });

    // v1 to the end.
    const v1 = await upload();
    const qr = await ok('/admin/mini-program-version/qr', { id: v1 });
    expect(qr.url).toMatch(/\/sandbox\/mini-program\/experience\/wx[0-9a-f]{16}\/1\.3\.0$/);
    expect(qr.png).toMatch(/^data:image\/png;base64,/);
    // Not approved: not released.
    expect((await call('/admin/mini-program-version/release', { id: v1 })).code).toBe(40900);
    await ok('/admin/mini-program-version/submit', { id: v1 });
    expect((await call('/admin/mini-program-version/submit', { id: v1 })).code).toBe(40900);
    await decide(false, '类目与内容不符');
    expect(await version(v1)).toMatchObject({ status: 'rejected', reason: '类目与内容不符' });
    const rejectedTask = (await taskOf('audit')).taskId;
    await ok('/admin/mini-program-version/submit', { id: v1 });
    expect((await version(v1)).reason).toBe('');
    // The first review's rejection, repeated now that the version is in review again: known,
    // acknowledged, and it moves nothing.
    const stale: Record<string, string> = {
      task_id: rejectedTask,
      kind: 'audit',
      status: 'rejected',
      reason: '类目与内容不符',
      appid: '',
      event_id: 'EVagain',
      timestamp: String(Date.now()),
      nonce: 'n2',
    };
    const replayed = await t.app.inject({
      method: 'POST',
      url: CALLBACK_PATH,
      payload: { ...stale, signature: signCallback(stale, await sandbox.key()) },
    });
    expect(replayed.body).toBe('success');
    expect((await version(v1)).status).toBe('reviewing');
    await decide(true);
    expect((await version(v1)).status).toBe('approved');
    const released = await ok('/admin/mini-program-version/release', { id: v1 });
    expect(released.balance).toBe('70.00');
    expect((await version(v1)).status).toBe('released');
    expect((await state()).released).toMatchObject({ id: v1, version: '1.3.0' });
    expect((await state()).canRollback).toBe(false);
    // Released: not again, and not charged again.
    expect((await call('/admin/mini-program-version/release', { id: v1 })).code).toBe(40900);
    expect(await balance()).toBe('70.00');

    // v2 (the same template again: numbered on), released over v1.
    const v2 = await upload();
    expect((await version(v2)).version).toBe('1.3.0.1');
    await ok('/admin/mini-program-version/submit', { id: v2 });
    await decide(true);
    await ok('/admin/mini-program-version/release', { id: v2 });
    expect(await balance()).toBe('40.00');
    expect((await version(v1)).status).toBe('superseded');
    expect((await state()).canRollback).toBe(true);

    // Roll back: v1 is live again, once.
    await ok('/admin/mini-program-version/rollback');
    expect((await version(v2)).status).toBe('rolledBack');
    expect((await version(v1)).status).toBe('released');
    expect((await state()).released.id).toBe(v1);
    expect((await state()).canRollback).toBe(false);
    expect((await call('/admin/mini-program-version/rollback')).code).toBe(40900);
    expect(await balance()).toBe('40.00');
    expect(await history('version', v1)).toEqual([
      'uploaded',
      'reviewing',
      'rejected',
      'reviewing',
      'approved',
      'released',
      'superseded',
      'released',
    ]);
    const charges = await t.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.merchantId, 1), eq(ledgerEntries.type, 'charge')));
    expect(charges.map((c) => c.reference).sort()).toEqual([
      `mini-program.release:${v1}`,
      `mini-program.release:${v2}`,
    ]);
    const actions = (await t.db.select().from(operationLogs)).map((l) => l.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'mini-program-version.upload',
        'mini-program-version.submit',
        'mini-program-version.release',
        'mini-program-version.rollback',
        'cost-center.charge',
      ]),
    );
  });

  it('refuses a release the balance does not cover, and releases once it does', async () => {
    await register();
    const v1 = await upload();
    await ok('/admin/mini-program-version/submit', { id: v1 });
    await decide(true);
    await postEntry(t.db, { merchantId: 1, type: 'adjustment', amount: '29.99', reference: 'a1' });
    const short = await call('/admin/mini-program-version/release', { id: v1 });
    expect(short.code).toBe(40900);
    expect(short.msg).toContain('29.99');
    expect((await version(v1)).status).toBe('approved');
    expect(await balance()).toBe('29.99');
    await postEntry(t.db, { merchantId: 1, type: 'adjustment', amount: '0.01', reference: 'a2' });
    await ok('/admin/mini-program-version/release', { id: v1 });
    expect(await balance()).toBe('0.00');
  });
});

describe('permissions and isolation', () => {
  it("a sub-account reaches only its routes' calls", async () => {
    const { token: publisher } = await createAccount(t, {
      name: 'publisher',
      permissions: ['mini-program-publish'],
    });
    const { token: registrar } = await createAccount(t, {
      name: 'registrar',
      permissions: ['mini-program-register-list'],
    });
    expect(
      (await call('/admin/mini-program-registration/submit', APPLICATION, publisher)).code,
    ).toBe(40300);
    // The list's right is not the right to register.
    expect(
      (await call('/admin/mini-program-registration/submit', APPLICATION, registrar)).code,
    ).toBe(40300);
    expect((await call('/admin/mini-program-registration/list', {}, registrar)).code).toBe(200);
    expect((await call('/admin/mini-program-registration/list', {}, publisher)).code).toBe(40300);
    expect((await call('/admin/mini-program-info/submit', INFO, publisher)).code).toBe(40300);
    expect(
      (await call('/admin/mini-program-version/upload', { templateId: 'T1001' }, registrar)).code,
    ).toBe(40300);
    expect(
      (await call('/admin/page-path/qr', { path: '/pages/index/index' }, publisher)).code,
    ).toBe(40300);
    // Where the mini-program stands: any of the area's screens.
    expect((await call('/admin/mini-program/state', {}, publisher)).code).toBe(200);
    const { token: stranger } = await createAccount(t, {
      name: 'stranger',
      permissions: ['client-list'],
    });
    expect((await call('/admin/mini-program/state', {}, stranger)).code).toBe(40300);
    expect(
      (await call('/admin/mini-program/history', { subject: 'version', id: 1 }, registrar)).code,
    ).toBe(40300);
  });

  it("one merchant neither sees nor moves another's applications and versions", async () => {
    const id = await register();
    const v1 = await upload();
    const other = await createOtherMerchant(t);
    const theirs = await ok('/admin/mini-program/state', {}, other.token);
    expect(theirs).toMatchObject({ appid: null, registration: null });
    expect((await ok('/admin/mini-program-registration/list', {}, other.token)).total).toBe(0);
    expect(
      (await call('/admin/mini-program/history', { subject: 'registration', id }, other.token))
        .code,
    ).toBe(40400);
    expect((await call('/admin/mini-program-version/detail', { id: v1 }, other.token)).code).toBe(
      40400,
    );
    // It has no app: it uploads nothing, and cannot move our version.
    expect(
      (await call('/admin/mini-program-version/upload', { templateId: 'T1003' }, other.token)).code,
    ).toBe(40900);
    await ok('/admin/mini-program-registration/submit', APPLICATION, other.token);
    await runJobs();
    // The same entity is being registered by us already: the platform's check refuses it.
    const [theirApplication] = (await ok('/admin/mini-program-registration/list', {}, other.token))
      .items;
    expect(theirApplication.status).toBe('failed');
    expect((await call('/admin/mini-program-version/submit', { id: v1 }, other.token)).code).toBe(
      40900,
    );
    expect((await version(v1)).status).toBe('uploaded');
  });
});

describe('page path tool', () => {
  it("answers a page's QR code", async () => {
    const qr = await ok('/admin/page-path/qr', { path: '/pages/product/detail?id=5' });
    expect(decodeURIComponent(qr.url)).toContain('/pages/product/detail?id=5');
    expect(qr.png).toMatch(/^data:image\/png;base64,/);
    expect((await call('/admin/page-path/qr', { path: 'https://evil.example' })).code).toBe(40000);
  });

  it("offers the rows a page's parameter names to the tool and to every screen with a link", async () => {
    const { token: tool } = await createAccount(t, { name: 'tool', permissions: ['page-path'] });
    const { token: slides } = await createAccount(t, { name: 'slides', permissions: ['carousel'] });
    const { token: clients } = await createAccount(t, {
      name: 'clients',
      permissions: ['client-list'],
    });
    for (const source of ['product', 'product-category', 'table-number', 'article']) {
      expect((await call(`/admin/${source}/options`, {}, tool)).code, source).toBe(200);
      expect((await call(`/admin/${source}/options`, {}, slides)).code, source).toBe(200);
      expect((await call(`/admin/${source}/options`, {}, clients)).code, source).toBe(40300);
    }
  });
});

describe('mini-program home: banners (carousels of its position) and nine-grid entries', () => {
  const entry = (over: Record<string, unknown>) =>
    call('/admin/mini-program-home/create', {
      title: '入口',
      image: '',
      icon: 'none',
      link: '',
      enabled: true,
      startAt: null,
      endAt: null,
      position: 2,
      ...over,
    });
  const slide = (over: Record<string, unknown>, as = token) =>
    call(
      '/admin/carousel/create',
      { title: '轮播', image: '/uploads/1/b.png', link: '', enabled: true, ...over },
      as,
    );
  it('a nine-grid entry needs an image or an icon; drag order is per screen', async () => {
    expect((await entry({})).code).toBe(40000);
    const a = (await entry({ icon: 'ShopOutlined', title: 'A' })).data.id;
    const b = (await entry({ icon: 'GiftOutlined', title: 'B' })).data.id;
    const banner = (await slide({ position: 2, title: 'Banner' })).data;
    expect(banner.sortOrder).toBe(0);
    await ok('/admin/mini-program-home/move', { id: b, index: 0, position: 2 });
    const nine = await ok('/admin/mini-program-home/list', { position: 2, order: 'asc' });
    expect(nine.items.map((r: { id: number }) => r.id)).toEqual([b, a]);
    // The banners are the carousel's, not the nine-grid's.
    expect((await call('/admin/mini-program-home/create', { title: 'x', position: 1 })).code).toBe(
      40000,
    );
  });

  it('a banner is a carousel of the mini-program home: its own screen, the list of every position, never the store page', async () => {
    expect((await slide({ position: 2, image: '' })).code).toBe(40000);
    expect(
      (
        await slide({
          position: 2,
          startAt: '2026-12-02T00:00:00.000Z',
          endAt: '2026-12-01T00:00:00.000Z',
        })
      ).data.fields[0].field,
    ).toBe('endAt');
    const store = (await slide({ position: 1, title: '店铺首页图' })).data;
    const banner = (await slide({ position: 2, title: '小程序首页图' })).data;
    const titles = async (body: Record<string, unknown>, as = token) =>
      (await ok('/admin/carousel/list', body, as)).items.map((r: { title: string }) => r.title);
    expect(await titles({ position: 1 })).toEqual(['店铺首页图']);
    expect(await titles({ position: 2 })).toEqual(['小程序首页图']);
    // The list of every position: both, each with its position.
    const all = await ok('/admin/carousel/list', {});
    expect(
      all.items.map((r: { title: string; position: number }) => [r.title, r.position]).sort(),
    ).toEqual([
      ['小程序首页图', 2],
      ['店铺首页图', 1],
    ]);
    // A row is reached only through its own position's screen.
    expect((await call('/admin/carousel/detail', { id: banner.id, position: 1 })).code).toBe(40400);
    // The store page's screen alone: its own position only, not the others nor every one.
    const { token: storeOnly } = await createAccount(t, {
      name: 'store-slides',
      permissions: ['carousel'],
    });
    expect(await titles({ position: 1 }, storeOnly)).toEqual(['店铺首页图']);
    for (const body of [{ position: 2 }, {}])
      expect((await call('/admin/carousel/list', body, storeOnly)).code).toBe(40300);
    expect((await call('/admin/carousel/detail', { id: banner.id }, storeOnly)).code).toBe(40300);
    expect((await slide({ position: 2 }, storeOnly)).code).toBe(40300);
    // The list of every position: reads, adds and edits each one.
    const { token: manager } = await createAccount(t, {
      name: 'all-slides',
      permissions: ['carousel-list'],
    });
    expect((await titles({}, manager)).length).toBe(2);
    expect((await ok('/admin/carousel/detail', { id: banner.id }, manager)).title).toBe(
      '小程序首页图',
    );
    expect((await slide({ position: 2, title: '第二张' }, manager)).code).toBe(200);
    await ok('/admin/carousel/update', { id: store.id, title: '店铺首页图（改）' }, manager);
    // An edit naming another position finds nothing: a slide never moves to another position.
    expect(
      (await call('/admin/carousel/update', { id: banner.id, position: 1, title: '移走' })).code,
    ).toBe(40400);
    expect(await titles({ position: 2 })).toContain('小程序首页图');
    // The store page shows the store's slides only.
    const page = (await t.app.inject({ method: 'GET', url: '/open/shop/1/store' })).json();
    expect(page.data.slides.map((r: { title: string }) => r.title)).toEqual(['店铺首页图（改）']);
  });
});
