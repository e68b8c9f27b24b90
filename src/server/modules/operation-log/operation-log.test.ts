import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createAccount,
  createOtherMerchant,
  createTestApp,
  type TestApp,
} from '../../test-support';

let t: TestApp;
let token: string;
beforeEach(async () => {
  t = await createTestApp();
  token = await t.login();
});
afterEach(() => t.close());

const list = async (body: Record<string, unknown> = {}, as = token) =>
  (await t.post('/admin/operation-log/list', body, as)).json();

describe('operation log', () => {
  it('lists the merchant’s changes newest first, filterable by account, action, target and date', async () => {
    const created = (
      await t.post('/admin/article/create', { articleType: 1, title: 'A' }, token)
    ).json();
    await t.post(
      '/admin/article/update',
      { articleType: 1, id: created.data.id, title: 'B' },
      token,
    );
    const all = await list();
    expect(all.code).toBe(200);
    expect(all.data.items.map((e: { action: string }) => e.action).slice(0, 3)).toEqual([
      'article.update',
      'article.create',
      'auth.login',
    ]);
    expect(all.data.items[0]).toMatchObject({
      adminName: 'admin',
      targetType: 'article',
      targetId: String(created.data.id),
    });
    expect(all.data.items[0].detail).toEqual({ title: ['A', 'B'] });

    expect((await list({ action: 'article.' })).data.total).toBe(2);
    expect((await list({ action: 'article.create' })).data.total).toBe(1);
    expect(
      (await list({ targetType: 'article', targetId: String(created.data.id) })).data.total,
    ).toBe(2);
    expect((await list({ adminName: 'nobody' })).data.total).toBe(0);
    expect((await list({ createdRange: ['2000-01-01', '2000-01-01'] })).data.total).toBe(0);
  });

  it('is the merchant’s own, and needs its route', async () => {
    const other = await createOtherMerchant(t);
    const theirs = await list({}, other.token);
    expect(
      theirs.data.items.every((e: { adminName: string }) => e.adminName === 'other-owner'),
    ).toBe(true);
    const { token: sub } = await createAccount(t, { name: 'clerk', permissions: ['article-news'] });
    expect((await list({}, sub)).code).toBe(40300);
  });

  it('is read-only: there is no call that changes it', async () => {
    for (const action of ['create', 'update', 'delete']) {
      expect((await t.post(`/admin/operation-log/${action}`, {}, token)).json().code).toBe(40400);
    }
  });
});
