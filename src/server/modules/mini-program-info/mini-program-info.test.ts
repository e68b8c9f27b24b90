import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { miniProgramInfo } from '../../../shared/resources/mini-program-info';
import { miniProgramInfoChanges } from '../../db/schema/mini-program';
import { readContract } from '../../kit/resource-contract';
import {
  call,
  freshMiniProgramApp,
  history,
  INFO,
  ok,
  register,
  runJobs,
  sandbox,
  state,
  t,
  taskOf,
} from '../mini-program/mini-program-testing';

/**
 * Applications, info changes and versions are made and moved only through the platform (the
 * tests below): the contracts read rows written straight in their tables as those leave them, the
 * n-th a failed application, an approved info change and a released version.
 */
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

freshMiniProgramApp();

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
