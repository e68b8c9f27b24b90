import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { customers, operationLogs } from '../../db/schema';
import { createAccount, createTestApp, type TestApp } from '../../test-support';

let t: TestApp;
let token: string;
beforeEach(async () => {
  t = await createTestApp();
  token = await t.login();
});
afterEach(() => t.close());

async function xlsx(rows: unknown[][]) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('s');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function send(
  action: 'validate' | 'commit',
  file: Buffer,
  fields: Record<string, string>,
  as = token,
) {
  const boundary = '----import';
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.xlsx"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  const res = await t.app.inject({
    method: 'POST',
    url: `/admin/import/${action}`,
    payload: Buffer.concat(parts),
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      authorization: `Bearer ${as}`,
    },
  });
  return res.json();
}

const HEADER = ['姓名', '手机号', '性别', '来源', '标签', '订单数', '消费总额'];

describe('import centre', () => {
  it('lists every bad row by row and column, and writes nothing while any row fails', async () => {
    const file = await xlsx([
      HEADER,
      ['张三', '13800000000', '男', '门店', 'VIP，老客', 3, '268.50'],
      ['', '123', '男'],
      ['李四', '13900000000', '火星人'],
    ]);
    const report = await send('validate', file, { kind: 'customers' });
    expect(report.data).toMatchObject({ kind: 'customers', total: 3, valid: 1 });
    expect(report.data.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ row: 3, column: '姓名' }),
        expect.objectContaining({ row: 3, column: '手机号' }),
        expect.objectContaining({ row: 4, column: '性别' }),
      ]),
    );
    const refused = await send('commit', file, { kind: 'customers' });
    expect(refused.code).toBe(40000);
    expect(await t.db.select().from(customers)).toHaveLength(0);

    const partial = await send('commit', file, { kind: 'customers', validOnly: 'true' });
    expect(partial.data.imported).toBe(1);
    const [zhang] = await t.db.select().from(customers);
    expect(zhang).toMatchObject({
      name: '张三',
      gender: 'male',
      tags: ['VIP', '老客'],
      orderCount: 3,
      totalSpent: '268.50',
    });
    const [log] = await t.db
      .select()
      .from(operationLogs)
      .where(eq(operationLogs.action, 'import.customers'));
    expect(log?.detail).toMatchObject({ imported: 1, skipped: 2 });
  });

  it('reports cells the database cannot hold as row errors, not a failed import', async () => {
    const file = await xlsx([
      [...HEADER, '注册时间'],
      ['王五', '', '', '', '', 3_000_000_000, '1', '2026-01-01'],
      ['赵六', '', '', '', '', 1, '1', '0000-01-01'],
      ['钱七', '', '', '', '', 1, '1', '+200000-01-01'],
      ['孙八', '', '', '', '', 1, '1', '2026-01-01'],
    ]);
    const report = await send('validate', file, { kind: 'customers' });
    expect(report.code).toBe(200);
    expect(report.data).toMatchObject({ total: 4, valid: 1 });
    expect(report.data.errors).toEqual([
      expect.objectContaining({ row: 2, column: '订单数' }),
      expect.objectContaining({ row: 3, column: '注册时间' }),
      expect.objectContaining({ row: 4, column: '注册时间' }),
    ]);
    const done = await send('commit', file, { kind: 'customers', validOnly: 'true' });
    expect(done.code).toBe(200);
    expect(done.data.imported).toBe(1);
    expect((await t.db.select().from(customers)).map((c) => c.name)).toEqual(['孙八']);
  });

  it('imports articles into the chosen list, and needs that list’s route', async () => {
    const file = await xlsx([
      ['标题', '状态'],
      ['第一篇', '已发布'],
      ['第二篇', '草稿'],
    ]);
    const done = await send('commit', file, { kind: 'articles', articleType: '3' });
    expect(done.data.imported).toBe(2);
    const list = (await t.post('/admin/article/list', { articleType: 3 }, token)).json();
    expect(list.data.total).toBe(2);
    const { token: helper } = await createAccount(t, {
      name: 'helper',
      permissions: ['data-helper', 'article-news'],
    });
    expect(
      (await send('validate', file, { kind: 'articles', articleType: '3' }, helper)).code,
    ).toBe(40300);
    expect((await send('validate', file, { kind: 'customers' }, helper)).code).toBe(40300);
  });

  it('refuses files that are not spreadsheets or lack headers', async () => {
    expect(
      (await send('validate', Buffer.from('hello'), { kind: 'customers' })).data.fields[0].field,
    ).toBe('file');
    expect(
      (await send('validate', await xlsx([['foo'], ['bar']]), { kind: 'customers' })).data.fields[0]
        .field,
    ).toBe('file');
  });
});
