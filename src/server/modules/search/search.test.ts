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

const search = async (keyword: string, as = token) =>
  (await t.post('/admin/search/records', { keyword }, as)).json();

describe('record search', () => {
  it('finds rows of the screens the account may open, by their keyword fields', async () => {
    await t.post('/admin/customer/create', { name: '春田', phone: '13812341234' }, token);
    await t.post('/admin/article/create', { articleType: 1, title: '春季新品' }, token);
    await t.post('/admin/article/create', { articleType: 2, title: '春季招聘' }, token);
    const all = await search('春');
    expect(
      all.data.map((r: { route: string; title: string }) => [r.route, r.title]).sort(),
    ).toEqual([
      ['article-introduce', '春季招聘'],
      ['article-news', '春季新品'],
      ['client-list', '春田'],
    ]);
    // A phone is found by its digits only by an account that may see phones.
    expect((await search('1234')).data).toHaveLength(1);

    const { token: editor } = await createAccount(t, {
      name: 'editor',
      permissions: ['article-news', 'client-list'],
    });
    const mine = await search('春', editor);
    expect(mine.data.map((r: { title: string }) => r.title).sort()).toEqual(['春季新品', '春田']);
    expect((await search('1234', editor)).data).toEqual([]);

    const other = await createOtherMerchant(t);
    expect((await search('春', other.token)).data).toEqual([]);
    expect((await t.post('/admin/search/records', { keyword: '春' })).json().code).toBe(50008);
  });
});
