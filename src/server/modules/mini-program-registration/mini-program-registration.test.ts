import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { miniProgramRegistration } from '../../../shared/resources/mini-program-registration';
import { jobs as jobsTable } from '../../db/schema/job';
import { miniProgramRegistrations } from '../../db/schema/mini-program';
import { readContract } from '../../kit/resource-contract';
import { signCallback } from '../../miniprogram/sandbox';
import {
  APPLICATION,
  call,
  freshMiniProgramApp,
  history,
  ok,
  restartApp,
  runJobs,
  sandbox,
  state,
  t,
  taskOf,
} from '../mini-program/mini-program-testing';
import { CALLBACK_PATH } from '../mini-program/service';

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

freshMiniProgramApp();

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
    await restartApp({
      JOBS: 'off',
      MINIPROGRAM_SANDBOX_CHECK_SECONDS: '3600',
      MINIPROGRAM_POLL_SECONDS: '1',
      MINIPROGRAM_POLL_TIMEOUT_SECONDS: '1',
    });
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
