import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { help } from '../../../shared/resources/help';
import { resourceContract } from '../../kit/resource-contract';
import {
  createAccount,
  createOtherMerchant,
  createTestApp,
  type TestApp,
} from '../../test-support';

resourceContract(
  help,
  { title: '如何上架商品', body: '<p>步骤</p>', sortOrder: 2, published: true },
  { title: '如何上架', published: false },
);

let t: TestApp;
let token: string;
beforeEach(async () => {
  t = await createTestApp();
  token = await t.login();
});
afterEach(() => t.close());

describe('help centre', () => {
  it('manages help articles and shows the published ones to every account of the merchant', async () => {
    const a = (
      await t.post(
        '/admin/help/create',
        { title: '如何上架商品', body: '<p>步骤</p><script>x</script>', sortOrder: 2 },
        token,
      )
    ).json();
    expect(a.data.body).toBe('<p>步骤</p>');
    await t.post('/admin/help/create', { title: '草稿', published: false }, token);
    const { token: clerk } = await createAccount(t, {
      name: 'clerk',
      permissions: ['client-list'],
    });
    const center = (await t.post('/admin/help/center', {}, clerk)).json();
    expect(center.data.map((h: { title: string }) => h.title)).toEqual(['如何上架商品']);
    expect((await t.post('/admin/help/list', {}, clerk)).json().code).toBe(40300);
    expect((await t.post('/admin/help/list', {}, token)).json().data.total).toBe(2);
    const upd = (
      await t.post(
        '/admin/help/update',
        { id: a.data.id, title: '如何上架', body: '', sortOrder: 1, published: true },
        token,
      )
    ).json();
    expect(upd.data.title).toBe('如何上架');
    const other = await createOtherMerchant(t);
    expect((await t.post('/admin/help/center', {}, other.token)).json().data).toEqual([]);
    expect(
      (await t.post('/admin/help/delete', { ids: [a.data.id] }, other.token)).json().code,
    ).toBe(40400);
    expect(
      (await t.post('/admin/help/delete', { ids: [a.data.id] }, token)).json().data.deleted,
    ).toBe(1);
  });
});
