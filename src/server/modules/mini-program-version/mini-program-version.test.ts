import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { miniProgramVersion } from '../../../shared/resources/mini-program-version';
import { ledgerEntries } from '../../db/schema/cost-center';
import { miniProgramVersions } from '../../db/schema/mini-program';
import { operationLogs } from '../../db/schema/operation-log';
import { readContract } from '../../kit/resource-contract';
import { signCallback } from '../../miniprogram/sandbox';
import { createAccount } from '../../test-support';
import { postEntry } from '../cost-center/ledger';
import {
  balance,
  call,
  decide,
  freshMiniProgramApp,
  history,
  ok,
  register,
  sandbox,
  state,
  t,
  taskOf,
  upload,
  version,
} from '../mini-program/mini-program-testing';
import { CALLBACK_PATH } from '../mini-program/service';

/**
 * Applications, info changes and versions are made and moved only through the platform (the
 * tests below): the contracts read rows written straight in their tables as those leave them, the
 * n-th a failed application, an approved info change and a released version.
 */
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

freshMiniProgramApp();

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
