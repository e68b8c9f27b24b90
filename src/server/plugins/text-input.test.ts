import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ResultCode } from '../../shared/envelope';
import { createTestApp, type TestApp } from '../test-support';

let t: TestApp;
let token: string;
beforeEach(async () => {
  t = await createTestApp();
  token = await t.login();
});
afterEach(() => t.close());

const ARTICLE = { articleType: 1, title: 'A title', body: '<p>x</p>' };

describe('text no database column can hold', () => {
  const cases: [string, string, Record<string, unknown>, string][] = [
    [
      'a NUL in a text field',
      '/admin/website-setting/update',
      { id: 1, websiteName: 'Shop\u0000' },
      'websiteName',
    ],
    ['a NUL in a keyword', '/admin/account/list', { keyword: 'a\u0000b' }, 'keyword'],
    [
      'a NUL in a nested value',
      '/admin/account/create',
      {
        name: 'clerk09',
        realname: 'x',
        password: 'Clerk-pass1',
        permissions: ['client-list\u0000'],
      },
      'permissions.0',
    ],
    ['a lone surrogate', '/admin/article/create', { ...ARTICLE, title: 'A \ud800 title' }, 'title'],
    [
      'a lone low surrogate',
      '/admin/website-setting/update',
      { id: 1, websiteName: 'x\udc00' },
      'websiteName',
    ],
    ['a NUL in a key', '/admin/article/create', { ...ARTICLE, 'x\u0000': 1 }, 'x\\u0000'],
  ];
  for (const [what, url, body, field] of cases) {
    it(`refuses ${what} with 400 naming the field`, async () => {
      const res = await t.post(url, body, token);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe(ResultCode.VALIDATION);
      expect(res.json().data.fields[0].field).toBe(field);
      expect(res.json().msg).toBe(res.json().data.fields[0].message);
      expect(res.json().msg).toMatch(/NUL|代理字符/);
    });
  }

  it('keeps every other character, astral ones included', async () => {
    const { id } = (await t.post('/admin/website-setting/get', {}, token)).json().data;
    const res = await t.post(
      '/admin/website-setting/update',
      { id, websiteName: '店铺 😀 \t é' },
      token,
    );
    expect(res.json().code).toBe(200);
    expect(res.json().data.websiteName).toBe('店铺 😀 \t é');
  });
});
