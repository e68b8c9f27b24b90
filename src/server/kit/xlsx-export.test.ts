import ExcelJS from 'exceljs';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

it('neutralises exported text that a spreadsheet would run as a formula', async () => {
  const token = await t.login();
  const created = await t.post(
    '/admin/article/create',
    {
      articleType: 1,
      title: '=HYPERLINK("http://evil.example","click")',
      author: '+cmd',
      summary: '@SUM(A1)',
    },
    token,
  );
  expect(created.json().code).toBe(200);
  await t.post('/admin/article/create', { articleType: 1, title: '-2+3', author: 'a=b' }, token);
  const res = await t.post('/admin/article/export', { articleType: 1, sort: 'createdAt' }, token);
  expect(res.statusCode).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const cells = new Map<string, unknown>();
  sheet.eachRow((row) => {
    row.eachCell((cell) => cells.set(String(cell.value), cell.type));
  });
  for (const text of [
    '\'=HYPERLINK("http://evil.example","click")',
    "'+cmd",
    "'@SUM(A1)",
    "'-2+3",
  ]) {
    expect(cells.get(text)).toBe(ExcelJS.ValueType.String);
  }
  // Text that only contains such a character, and numbers, are left as they are.
  expect(cells.has('a=b')).toBe(true);
  expect([...cells.keys()].some((v) => v.startsWith('=') || v.startsWith('+'))).toBe(false);
});
