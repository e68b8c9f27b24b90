import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, expect } from 'vitest';
import { merchants } from '../../db/schema/merchant';
import { miniProgramSandboxKeys, miniProgramSandboxTasks } from '../../db/schema/mini-program';
import { createTestApp, type TestApp } from '../../test-support';

/**
 * What the mini-program's API tests share (its four modules' test files): a fresh app per test
 * with jobs run when the test says and every callback sent twice, the calls, the sandbox's
 * person, and registering to the end. `t` and `token` are the current test's.
 */
export const APPLICATION = {
  kind: 'enterprise',
  companyName: '杭州西湖茶馆有限公司',
  creditCode: '91350100M000100Y43',
  legalName: '王五',
  legalWechat: 'wangwu_88',
  contactPhone: '13800000000',
};
export const INFO = {
  name: '西湖茶馆',
  avatar: '/uploads/1/avatar.png',
  intro: '杭州西湖边的茶馆，线上点单',
  categories: ['food-drinks'],
};

export let t: TestApp;
export let token: string;

/** A fresh app before each test of the file that calls it, closed after. */
export function freshMiniProgramApp() {
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
}

/** The current test's app closed and another started with these settings, signed in. */
export async function restartApp(env: Record<string, string>) {
  await t.close();
  t = await createTestApp(env);
  token = await t.login();
}

export const call = async (url: string, body: unknown = {}, as = token) =>
  (await t.post(url, body, as)).json();
export const ok = async (url: string, body: unknown = {}, as = token) => {
  const res = await call(url, body, as);
  expect(res.code, `${url}: ${res.msg}`).toBe(200);
  return res.data;
};
/** Runs every job due now, and those queued later too (the sandbox's repeated callbacks). */
export const runJobs = async (
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
export const state = () => ok('/admin/mini-program/state');
export const taskOf = async (kind: string) => {
  const [task] = await t.db
    .select()
    .from(miniProgramSandboxTasks)
    .where(eq(miniProgramSandboxTasks.kind, kind as 'audit'))
    .orderBy(sql`${miniProgramSandboxTasks.id} desc`)
    .limit(1);
  return task!;
};
/** A person acts on the sandbox's page: the legal person, or the reviewer. */
export const act = async (taskId: string, action: string, reason = '') => {
  const res = await t.app.inject({
    method: 'POST',
    url: `/sandbox/mini-program/task/${taskId}`,
    payload: new URLSearchParams({ action, reason }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(res.statusCode, res.body).toBe(303);
};
export const sandbox = {
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
export const history = async (subject: string, id: number) =>
  (await ok('/admin/mini-program/history', { subject, id })).items.map(
    (e: { status: string }) => e.status,
  );

export const upload = async () =>
  (await ok('/admin/mini-program-version/upload', { templateId: 'T1003', description: '首发' }))
    .id as number;
export const decide = async (approve: boolean, reason = '') => {
  await sandbox.decide((await taskOf('audit')).taskId, approve, reason);
  await runJobs();
};
export const version = (id: number) => ok('/admin/mini-program-version/detail', { id });
export const balance = async () =>
  (await t.db.select().from(merchants).where(eq(merchants.id, 1)))[0]!.balance;

/** Registers the merchant's mini-program to the end: the legal person confirms. */
export async function register(as = token) {
  const { id } = await ok('/admin/mini-program-registration/submit', APPLICATION, as);
  await runJobs();
  const task = await taskOf('registration');
  await sandbox.confirmByLegalPerson(task.taskId, true);
  await runJobs();
  return id as number;
}
