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

const search = async (q: string, as = token) =>
  (await t.post('/admin/search/records', { q }, as)).json();

describe('record search', () => {
  it('finds customers and articles of the areas the account may open, grouped by screen', async () => {
    await t.post('/admin/customer/create', { name: '张小凡', phone: '13812345678' }, token);
    await t.post('/admin/article/create', { articleType: 1, title: '张小凡的新店开业' }, token);
    await t.post('/admin/article/create', { articleType: 3, title: '张小凡参加活动' }, token);
    const other = await createOtherMerchant(t);
    await t.post('/admin/customer/create', { name: '张小凡' }, other.token);

    const all = await search('小凡');
    expect(all.code).toBe(200);
    // In the menu's order: the articles' group comes before the customers'.
    expect(all.data.groups.map((g: { screen: string }) => g.screen)).toEqual([
      'article-news',
      'article-activity',
      'client-list',
    ]);
    expect(all.data.groups[2].hits).toEqual([
      {
        title: '张小凡',
        note: '13812345678',
        link: '/client-list?keyword=%E5%BC%A0%E5%B0%8F%E5%87%A1',
      },
    ]);
    expect((await search('1234567')).data.groups[0].hits[0].title).toBe('张小凡');

    // Only the news, and customers without their phones: not found by phone, shown masked.
    const { token: clerk } = await createAccount(t, {
      name: 'clerk',
      permissions: ['article-news', 'client-list'],
    });
    const theirs = await search('小凡', clerk);
    expect(theirs.data.groups.map((g: { screen: string }) => g.screen)).toEqual([
      'article-news',
      'client-list',
    ]);
    expect(theirs.data.groups[1].hits[0].note).toBe('138****5678');
    expect((await search('1234567', clerk)).data.groups).toEqual([]);
    expect((await search('小凡', (await createAccount(t, { name: 'none' })).token)).data).toEqual({
      groups: [],
    });
  });
});
