import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { job } from '../../../shared/resources/job';
import { jobs } from '../../db/schema/job';
import { operationLogs } from '../../db/schema/operation-log';
import { readContract } from '../../kit/resource-contract';
import {
  createAccount,
  createOtherMerchant,
  createTestApp,
  type TestApp,
} from '../../test-support';
import { subjectOf } from './hooks';

/**
 * Jobs are queued by the areas that need them and worked by the queue: the n-th, of one attempt,
 * fails when the queue runs it (the worker is off; the test drains the queue), as the dead-letter
 * view shows them.
 */
const refused = new WeakSet<TestApp>();
readContract(
  job,
  async ({ t }, n) => {
    if (!refused.has(t)) {
      t.app.jobs.register('test.contract', async () => {
        throw new Error('the printer is out of paper');
      });
      refused.add(t);
    }
    const id = await t.app.jobs.enqueue(
      'test.contract',
      { orderNo: `S2026112600${n}` },
      { merchantId: 1, maxAttempts: 1 },
    );
    await t.app.jobs.drain();
    return id!;
  },
  { env: { JOBS: 'off' } },
);

let t: TestApp;
let token: string;
/** Whether the test's flaky job succeeds now. */
let working = false;
beforeEach(async () => {
  // The worker polls rarely: the test runs the queue itself (drain).
  t = await createTestApp({ JOB_POLL_MS: '3600000' });
  working = false;
  t.app.jobs.register<{ orderNo: string }>('test.flaky', async () => {
    if (!working) throw new Error('the printer is out of paper');
    return 'printed';
  });
  token = await t.login();
});
afterEach(() => t.close());
const call = async (url: string, body: unknown = {}, as = token) =>
  (await t.post(url, body, as)).json();
const stateOf = async (id: number) =>
  (await t.db.select({ state: jobs.state }).from(jobs).where(eq(jobs.id, id)))[0]?.state;

/** A job of merchant 1 that fails at once (one attempt). */
async function failedJob(options: { dedupeKey?: string } = {}) {
  const id = await t.app.jobs.enqueue(
    'test.flaky',
    { orderNo: 'S20261126001', nested: { skipped: true } },
    { merchantId: 1, maxAttempts: 1, ...options },
  );
  await t.app.jobs.drain();
  expect(await stateOf(id!)).toBe('failed');
  return id!;
}

describe('background jobs (/job-list, the dead-letter view)', () => {
  it("lists the merchant's own jobs with what they are about and why they failed", async () => {
    const id = await failedJob();
    // The platform's own job and another merchant's are not the merchant's.
    await t.app.jobs.enqueue('test.platform', {}, { delayMs: 3_600_000 });
    const other = await createOtherMerchant(t);
    await t.app.jobs.enqueue('test.flaky', {}, { merchantId: other.merchant.id, delayMs: 60_000 });

    const list = (await call('/admin/job/list', {})).data;
    expect(list.total).toBe(1);
    expect(list.items[0]).toMatchObject({
      id,
      label: 'test.flaky',
      name: 'test.flaky',
      subject: 'orderNo: S20261126001',
      state: 'failed',
      attempts: 1,
      maxAttempts: 1,
      error: 'the printer is out of paper',
    });
    expect(list.items[0].finishedAt).toBeTruthy();
    expect((await call('/admin/job/list', { state: 'queued' })).data.total).toBe(0);
    expect((await call('/admin/job/list', { keyword: 'paper' })).data.total).toBe(1);
    expect((await call('/admin/job/detail', { id })).data.error).toBe(
      'the printer is out of paper',
    );

    const answer = await call('/admin/job/list', {}, other.token);
    expect(answer.code, answer.msg).toBe(200);
    const theirs = answer.data;
    expect(theirs.items.map((row: { state: string }) => row.state)).toEqual(['queued']);
    expect((await call('/admin/job/detail', { id }, other.token)).code).toBe(40400);
  });

  it('names a known job in the language of the request', async () => {
    await t.app.jobs.enqueue(
      'printer.print',
      { printJobId: 1 },
      { merchantId: 1, delayMs: 60_000 },
    );
    const label = async (language: string) =>
      (await t.post('/admin/job/list', {}, token, { 'accept-language': language })).json().data
        .items[0].label;
    expect(await label('zh-CN')).toBe('打印小票');
    expect(await label('en-US')).toBe('Print a receipt');
  });

  it('tries a failed job again from its first attempt, logged; then it runs', async () => {
    const id = await failedJob();
    const retried = await call('/admin/job/retry', { ids: [id] });
    expect(retried.code, retried.msg).toBe(200);
    const [row] = await t.db.select().from(jobs).where(eq(jobs.id, id));
    expect(row).toMatchObject({ state: 'queued', attempts: 0, finishedAt: null });
    expect(row!.runAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    const [log] = await t.db
      .select()
      .from(operationLogs)
      .where(eq(operationLogs.action, 'job.retry'));
    expect(log?.targetId).toBe(String(id));

    working = true;
    await t.app.jobs.drain();
    expect(await t.app.jobs.get(id)).toMatchObject({
      state: 'done',
      attempts: 1,
      result: 'printed',
    });
    // Only a failed job is tried again.
    expect((await call('/admin/job/retry', { ids: [id] })).code).toBe(40900);
  });

  it('does not retry a job queued again meanwhile under the same key', async () => {
    const id = await failedJob({ dedupeKey: 'order-1' });
    await t.app.jobs.enqueue(
      'test.flaky',
      {},
      { merchantId: 1, dedupeKey: 'order-1', delayMs: 60_000 },
    );
    const refused = await call('/admin/job/retry', { ids: [id] });
    expect(refused.code).toBe(40900);
    expect(refused.msg).toBe('同一任务已在排队或执行，无需重试');
    expect(await stateOf(id)).toBe('failed');
  });

  it('discards a job the queue is done with, never one still queued or running', async () => {
    const failed = await failedJob();
    const queued = await t.app.jobs.enqueue('test.flaky', {}, { merchantId: 1, delayMs: 60_000 });
    const refused = await call('/admin/job/delete', { ids: [failed, queued] });
    expect(refused.code).toBe(40900);
    expect(refused.msg).toBe(`任务 #${queued} 排队中或执行中，不能删除`);
    expect(await stateOf(failed)).toBe('failed');
    expect((await call('/admin/job/delete', { ids: [failed] })).code).toBe(200);
    expect(await stateOf(failed)).toBeUndefined();
  });

  it("is the job list's route's: a sub-account without it is refused, and the dashboard counts failures for whoever has it", async () => {
    await failedJob();
    const clerk = await createAccount(t, { name: 'clerk', permissions: ['goods-list'] });
    expect((await call('/admin/job/list', {}, clerk.token)).code).toBe(40300);
    const todos = async (as: string) =>
      (await call('/admin/dashboard/summary', {}, as)).data.todos as { key: string }[];
    expect((await todos(clerk.token)).map((todo) => todo.key)).not.toContain('jobsFailed');
    expect(await todos(token)).toContainEqual({
      key: 'jobsFailed',
      count: 1,
      link: '/job-list?state=failed',
    });
  });

  it('says what a job is about from its plain values', () => {
    expect(subjectOf({ feedId: 12, nested: { a: 1 }, list: [1] })).toBe('feedId: 12');
    expect(subjectOf({})).toBe('');
    expect(subjectOf(null)).toBe('');
  });
});
