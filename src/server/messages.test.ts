import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-support';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
});
afterAll(() => t.close());

const zh = { 'accept-language': 'zh-CN' };
const en = { 'accept-language': 'en' };

describe('messages in the request’s language', () => {
  it('says a bad field in Chinese or English, in msg and on the field', async () => {
    const bad = { code: '036000291453', remark: 'x'.repeat(201) };
    const chinese = (await t.post('/admin/goods-upc/create', bad, token, zh)).json();
    expect(chinese.code).toBe(40000);
    expect(chinese.msg).toBe('不是有效的 UPC / EAN 编码（12 或 13 位数字，含校验位）');
    expect(chinese.data.fields).toEqual([
      { field: 'code', message: '不是有效的 UPC / EAN 编码（12 或 13 位数字，含校验位）' },
      { field: 'remark', message: '最多 200 个字符' },
    ]);
    const english = (await t.post('/admin/goods-upc/create', bad, token, en)).json();
    expect(english.msg).toBe('Not a valid UPC or EAN code (12 or 13 digits with its check digit)');
    expect(english.data.fields).toEqual([
      {
        field: 'code',
        message: 'Not a valid UPC or EAN code (12 or 13 digits with its check digit)',
      },
      { field: 'remark', message: 'At most 200 characters' },
    ]);
  });

  it('says the server’s own refusals in the language asked, Chinese by default', async () => {
    const blank = { name: '', password: 'x' };
    expect((await t.post('/admin/auth/login', blank, undefined, en)).json().msg).toBe(
      'Account is required',
    );
    expect((await t.post('/admin/auth/login', blank)).json().msg).toBe('请输入账号');
    const wrong = { name: 'admin', password: 'wrong-password' };
    expect((await t.post('/admin/auth/login', wrong, undefined, zh)).json().msg).toBe(
      '账号或密码错误',
    );
    expect((await t.post('/admin/auth/login', wrong, undefined, en)).json().msg).toBe(
      'Incorrect account or password',
    );
    const missing = { id: 999_999 };
    expect((await t.post('/admin/customer/detail', missing, token, zh)).json().msg).toBe(
      '未找到该客户，可能已被删除',
    );
    expect((await t.post('/admin/customer/detail', missing, token, en)).json().msg).toBe(
      'This customer was not found; it may have been deleted',
    );
    expect((await t.post('/admin/user/detail', {}, undefined, en)).json().msg).toBe(
      'Please sign in',
    );
  });

  it('names a taken unique value on its field', async () => {
    await t.post('/admin/goods-upc/create', { code: '036000291452' }, token);
    const twice = (
      await t.post('/admin/goods-upc/create', { code: '036000291452' }, token, zh)
    ).json();
    expect(twice).toMatchObject({ code: 40900, msg: '已存在，不能重复' });
    expect(twice.data.fields).toEqual([{ field: 'code', message: '已存在，不能重复' }]);
  });
});
