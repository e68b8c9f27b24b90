import ExcelJS from 'exceljs';
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
    expect((await list({ tag: 'VIP' })).data.total).toBe(1);
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

  it('validates the fields and the sort', async () => {
    expect((await create({ name: '' })).data.fields[0].field).toBe('name');
    expect((await create({ name: 'x', phone: '12345' })).data.fields[0].field).toBe('phone');
    expect((await list({ sort: 'phone' })).code).toBe(40000);
  });

  it('masks phones for accounts without the phone permission, and keeps them on save', async () => {
    const zhang = await create();
    const { token: clerk } = await createAccount(t, {
      name: 'clerk',
      permissions: ['client-list'],
    });
    expect((await list({}, clerk)).data.items[0].phone).toBe('138****1234');
    // Saving the masked phone back does not overwrite the real one.
    await t.post(
      '/admin/customer/update',
      { ...ZHANG, phone: '138****1234', id: zhang.data.id, remark: 'x' },
      clerk,
    );
    expect((await list()).data.items[0].phone).toBe('13812341234');
    const { token: lead } = await createAccount(t, {
      name: 'lead',
      permissions: ['client-list', 'client-list.phone'],
    });
    expect((await list({}, lead)).data.items[0].phone).toBe('13812341234');
    const { token: none } = await createAccount(t, { name: 'none', permissions: ['article-news'] });
    expect((await list({}, none)).code).toBe(40300);
  });

  it('keeps merchants apart', async () => {
    const zhang = await create();
    const other = await createOtherMerchant(t);
    expect((await list({}, other.token)).data.total).toBe(0);
    expect(
      (await t.post('/admin/customer/detail', { id: zhang.data.id }, other.token)).json().code,
    ).toBe(40400);
    expect(
      (await t.post('/admin/customer/delete', { ids: [zhang.data.id] }, other.token)).json().code,
    ).toBe(40400);
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
