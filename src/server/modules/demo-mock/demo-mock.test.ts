import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createTestApp, type TestApp } from '../../test-support';
import { createMockData } from './mock-data';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
});
afterAll(() => t.close());

function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: object, as = token) {
  return t.app.inject({
    method,
    url: `/vue-element-admin${url}`,
    ...(body ? { payload: body } : {}),
    headers: as ? { authorization: `Bearer ${as}` } : {},
  });
}

describe('the template demos’ mock API', () => {
  it('lists 100 generated articles with every field, 20 a page, filtered and sorted by id', async () => {
    const first = (await call('GET', '/article/list')).json();
    expect(first.code).toBe(20000);
    expect(first.data.total).toBe(100);
    expect(first.data.items).toHaveLength(20);
    expect(first.data.items[0].id).toBe(1);
    expect(Object.keys(first.data.items[0]).sort()).toEqual(
      [
        'id',
        'timestamp',
        'author',
        'reviewer',
        'title',
        'content_short',
        'content',
        'forecast',
        'importance',
        'type',
        'status',
        'display_time',
        'comment_disabled',
        'pageviews',
        'image_uri',
        'platforms',
      ].sort(),
    );
    const reversed = (await call('GET', '/article/list?sort=-id&page=2&limit=10')).json();
    expect(reversed.data.items.map((a: { id: number }) => a.id)).toEqual([
      90, 89, 88, 87, 86, 85, 84, 83, 82, 81,
    ]);
    const filtered = (await call('GET', '/article/list?importance=2&type=JP&limit=100')).json();
    expect(filtered.data.total).toBeGreaterThan(0);
    for (const a of filtered.data.items) expect([a.importance, a.type]).toEqual([2, 'JP']);
    const word = first.data.items[3].title.split(' ')[1];
    const byTitle = (await call('GET', `/article/list?title=${word}&limit=100`)).json();
    for (const a of byTitle.data.items) expect(a.title).toContain(word);
    expect((await call('GET', '/article/list?sort=id')).json().code).toBe(40000);
  });

  it('makes the same data on every server (a fixed seed)', () => {
    // A second app would empty this file's database (and its sessions): the data alone is compared.
    const one = createMockData();
    const two = createMockData();
    expect(two.listArticles({ limit: 100 })).toEqual(one.listArticles({ limit: 100 }));
    expect(two.transactions).toEqual(one.transactions);
  });

  it('reads, creates and updates an article until restart', async () => {
    expect((await call('GET', '/article/detail?id=5')).json().data.id).toBe(5);
    expect((await call('GET', '/article/detail?id=999')).statusCode).toBe(404);
    const created = (
      await call('POST', '/article/create', { title: 'Made here', type: 'EU' })
    ).json();
    expect(created).toEqual({ code: 20000, data: 'success' });
    const list = (await call('GET', '/article/list?sort=-id&limit=1')).json();
    expect(list.data.total).toBe(101);
    expect(list.data.items[0]).toMatchObject({ id: 101, title: 'Made here', type: 'EU' });
    const updated = (await call('POST', '/article/update', { id: 5, title: 'Changed' })).json();
    expect(updated.data).toBe('success');
    expect((await call('GET', '/article/detail?id=5')).json().data.title).toBe('Changed');
    expect((await call('POST', '/article/create', { title: '' })).json().code).toBe(40000);
    expect((await call('POST', '/article/update', { id: 999, title: 'x' })).statusCode).toBe(404);
    const pv = (await call('GET', '/article/pv?pv=1')).json();
    expect(pv.data.pvData).toEqual(expect.arrayContaining([{ key: 'PC', pv: 1024 }]));
  });

  it('lists the roles with their routes and creates, edits and deletes one', async () => {
    const roles = (await call('GET', '/roles')).json().data;
    expect(roles.map((r: { key: string }) => r.key)).toEqual(['admin', 'editor', 'visitor']);
    const paths = (routes: { path: string; children?: unknown[] }[]): string[] =>
      routes.flatMap((r) => [r.path, ...paths((r.children ?? []) as typeof routes)]);
    expect(paths(roles[0].routes)).toContain('/permission/page');
    expect(paths(roles[1].routes)).not.toContain('/permission/page');
    expect(paths(roles[1].routes)).toContain('/example/list');
    expect(paths(roles[2].routes)).toEqual(['/dashboard']);
    expect((await call('GET', '/routes')).json().data.length).toBeGreaterThan(3);

    const made = (await call('POST', '/role', { name: 'auditor', routes: [] })).json();
    const key = Number(made.data.key);
    expect(key).toBeGreaterThanOrEqual(300);
    expect(key).toBeLessThanOrEqual(5000);
    const put = (await call('PUT', `/role/${key}`, { name: 'auditor 2', description: 'd' })).json();
    expect(put.data).toEqual({ status: 'success' });
    const after = (await call('GET', '/roles')).json().data;
    expect(after.at(-1)).toMatchObject({ key: String(key), name: 'auditor 2', description: 'd' });
    expect((await call('DELETE', `/role/${key}`)).json().data).toEqual({ status: 'success' });
    expect((await call('DELETE', `/role/${key}`)).statusCode).toBe(404);
    expect((await call('POST', '/role', { name: ' ' })).json().code).toBe(40000);
  });

  it('answers the mock login, info, logout, user search and transactions', async () => {
    const good = (await call('POST', '/user/login', { username: 'editor', password: 'x' })).json();
    expect(good).toEqual({ code: 20000, data: { token: 'editor-token' } });
    const bad = (await call('POST', '/user/login', { username: 'nobody', password: 'x' })).json();
    expect(bad).toEqual({ code: 60204, message: 'Account and password are incorrect.' });
    for (const name of ['__proto__', 'constructor', 'toString']) {
      const odd = await call('POST', '/user/login', { username: name, password: 'x' });
      expect(odd.statusCode).toBe(200);
      expect(odd.json().code).toBe(60204);
      const oddInfo = await call('GET', `/user/info?token=${name}`);
      expect(oddInfo.json().code).toBe(50008);
    }
    const info = (await call('GET', '/user/info?token=editor-token')).json();
    expect(info.data.roles).toEqual(['editor']);
    expect((await call('GET', '/user/info?token=nope')).json()).toEqual({
      code: 50008,
      message: 'Login failed, unable to get user details.',
    });
    expect((await call('POST', '/user/logout')).json().data).toBe('success');
    const found = (await call('GET', '/search/user?name=a')).json().data.items;
    expect(found.length).toBeGreaterThan(0);
    const transactions = (await call('GET', '/transaction/list')).json().data;
    expect(transactions.total).toBe(20);
    expect(transactions.items[0]).toHaveProperty('order_no');
  });

  it('needs a session that may open the demos, and gives an unknown path an envelope', async () => {
    const anonymous = (await call('GET', '/article/list', undefined, '')).json();
    expect(anonymous.code).toBe(50008);
    expect(anonymous.msg).toBeTruthy();
    const { token: clerk } = await createAccount(t, {
      name: 'clerk01',
      permissions: ['client-list'],
    });
    expect((await call('GET', '/roles', undefined, clerk)).json().code).toBe(40300);
    const unknown = await call('GET', '/nothing');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe(40400);
  });
});
