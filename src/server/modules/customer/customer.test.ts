import ExcelJS from 'exceljs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { customer } from '../../../shared/resources/customer';
import { resourceContract } from '../../kit/resource-contract';
import { createAccount, createTestApp, type TestApp } from '../../test-support';

resourceContract(
  customer,
  {
    name: '张三',
    phone: '13812341234',
    gender: 'male',
    source: 'wechat',
    tags: ['VIP'],
    remark: '',
  },
  { remark: '爱买茶叶', tags: ['VIP', '老客'] },
);

let t: TestApp;
let token: string;
beforeEach(async () => {
  t = await createTestApp();
  token = await t.login();
});
afterEach(() => t.close());

const ZHANG = {
  name: '张三',
  phone: '13812341234',
  gender: 'male',
  source: 'wechat',
  tags: ['VIP', '老客'],
};
const create = async (body: Record<string, unknown> = ZHANG, as = token) =>
  (await t.post('/admin/customer/create', body, as)).json();
const list = async (body: Record<string, unknown> = {}, as = token) =>
  (await t.post('/admin/customer/list', body, as)).json();

describe('customers', () => {
  it('creates, filters, updates and deletes', async () => {
    const zhang = await create();
    expect(zhang.data).toMatchObject({
      name: '张三',
      phone: '13812341234',
      totalSpent: '0.00',
      tags: ['VIP', '老客'],
    });
    await create({ name: '李四', phone: '13900001111', gender: 'female', source: 'store' });
    expect((await list()).data.total).toBe(2);
    expect(
      (await list({ keyword: '1390000' })).data.items.map((c: { name: string }) => c.name),
    ).toEqual(['李四']);
    expect((await list({ gender: 'male' })).data.total).toBe(1);
    expect((await list({ tags: 'VIP' })).data.total).toBe(1);
    expect((await list({ source: 'referral' })).data.total).toBe(0);
    const updated = (
      await t.post(
        '/admin/customer/update',
        { ...ZHANG, id: zhang.data.id, remark: '爱买茶叶' },
        token,
      )
    ).json();
    expect(updated.data.remark).toBe('爱买茶叶');
    expect(
      (await t.post('/admin/customer/delete', { ids: [zhang.data.id] }, token)).json().data.deleted,
    ).toBe(1);
    expect((await list()).data.total).toBe(1);
  });

  it('finds a tag with quotes and backslashes as written, and nothing for one that is not there', async () => {
    // The tag filter writes its value into the statement (see kit/filters.ts hasTag).
    const odd = `O'Neil\\'s`;
    await create({ name: '王五', phone: '13700002222', tags: [odd, 'VIP'] });
    expect((await list({ tags: odd })).data.total).toBe(1);
    for (const absent of ["x'] or true --", "O'Neil", '\\', "'"])
      expect((await list({ tags: absent })).data.total, absent).toBe(0);
  });

  it('does not search phones for an account that may not see them', async () => {
    await create();
    const { token: clerk } = await createAccount(t, {
      name: 'clerk',
      permissions: ['client-list'],
    });
    expect((await list({ keyword: '1234' })).data.total).toBe(1);
    expect((await list({ keyword: '1234' }, clerk)).data.total).toBe(0);
    expect((await list({ keyword: '张' }, clerk)).data.total).toBe(1);
  });

  it('refuses a sort the list does not offer', async () => {
    expect((await list({ sort: 'phone' })).code).toBe(40000);
  });

  it('exports the filtered customers to .xlsx', async () => {
    await create();
    await create({ name: '王五', phone: '13700000000', gender: 'unknown', source: 'store' });
    const res = await t.post('/admin/customer/export', { gender: 'male' }, token);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.rowCount).toBe(2);
    expect(sheet?.getRow(2).getCell(2).value).toBe('张三');
    expect(sheet?.getRow(2).getCell(3).value).toBe('13812341234');
  });
});
