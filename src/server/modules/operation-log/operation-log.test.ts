import ExcelJS from 'exceljs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createAccount,
  createOtherMerchant,
  createTestApp,
  type TestApp,
} from '../../test-support';

/** Every cell of the first sheet of an .xlsx, as text. */
async function xlsxText(buffer: Buffer): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  const cells: string[] = [];
  workbook.worksheets[0]?.eachRow((row) => {
    row.eachCell((cell) => {
      cells.push(String(cell.value));
    });
  });
  return cells.join('\n');
}

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

  it('shows a reader the details only of areas it may open, with masked fields masked', async () => {
    const created = (
      await t.post('/admin/customer/create', { name: '王五', phone: '13800000001' }, token)
    ).json();
    expect(created.code).toBe(200);
    const id = created.data.id;
    const before = created.data;
    const updated = await t.post(
      '/admin/customer/update',
      { ...before, id, phone: '13900000002' },
      token,
    );
    expect(updated.json().code).toBe(200);
    const change = async (as: string) =>
      (await list({ action: 'customer.update' }, as)).data.items[0] as {
        detail: Record<string, unknown> | null;
        targetName: string | null;
        targetLink: string | null;
      };

    // The owner sees all, the customer by name, linking to it.
    expect((await change(token)).detail).toEqual({ phone: ['13800000001', '13900000002'] });
    expect(await change(token)).toMatchObject({
      targetName: '王五',
      targetLink: '/client-list?keyword=%E7%8E%8B%E4%BA%94',
    });
    // A reader of the log who may not open the customers sees that a change was made, not what.
    const { token: auditor } = await createAccount(t, {
      name: 'auditor',
      permissions: ['operation-log'],
    });
    expect(await change(auditor)).toMatchObject({
      detail: null,
      targetName: null,
      targetLink: null,
    });
    // One who may open them but not see phones sees the phones masked, as on the list.
    const { token: clerk } = await createAccount(t, {
      name: 'clerk2',
      permissions: ['operation-log', 'client-list'],
    });
    expect((await change(clerk)).detail).toEqual({ phone: ['138****0001', '139****0002'] });
    expect((await change(clerk)).targetName).toBe('王五');
    // The export holds what the list shows to the same reader.
    const file = await t.post('/admin/operation-log/export', { action: 'customer.' }, clerk);
    expect(file.statusCode).toBe(200);
    const text = await xlsxText(file.rawPayload);
    expect(text).toContain('138****0001');
    expect(text).not.toContain('13800000001');
    expect(text).toContain('变更内容');
    // Headers and file name in the UI's language when it is English.
    const english = await t.post('/admin/operation-log/export', { lang: 'en' }, clerk);
    expect(english.headers['content-disposition']).toContain('operation-log-');
    expect(await xlsxText(english.rawPayload)).toContain('Changes');
  });

  it('is read-only: there is no call that changes it', async () => {
    for (const action of ['create', 'update', 'delete']) {
      expect((await t.post(`/admin/operation-log/${action}`, {}, token)).json().code).toBe(40400);
    }
  });
});
