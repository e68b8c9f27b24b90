import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32, deflateRawSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ResultCode } from '../../../shared/envelope';
import { IMPORT_MAX_ROWS } from '../../../shared/import';
import { customers } from '../../db/schema/customer';
import { operationLogs } from '../../db/schema/operation-log';
import { csvRows } from '../../kit/import';
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
  const payload = multipartBody(file, fields);
  const res = await t.app.inject({
    method: 'POST',
    url: `/admin/import/${action}`,
    payload,
    headers: {
      'content-type': MULTIPART,
      authorization: `Bearer ${as}`,
    },
  });
  return res.json();
}

const MULTIPART = 'multipart/form-data; boundary=----import';

/** The body the data helper sends: its fields and the file. */
function multipartBody(file: Buffer, fields: Record<string, string>): Buffer {
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
  return Buffer.concat(parts);
}

const HEADER = ['姓名', '手机号', '性别', '来源', '标签', '订单数', '消费总额'];

/**
 * A minimal .xlsx made by hand (inline strings, one sheet of `rows`), so a test can make a small
 * file holding a large sheet. `lie` writes the sheet's unpacked size as 100 bytes in the zip.
 */
function handMadeXlsx(rows: string[][], lie = false): Buffer {
  const xmlText = (v: string) => v.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const column = (i: number) => String.fromCharCode(65 + i);
  const sheetRows = rows.map(
    (cells, r) =>
      `<row r="${r + 1}">${cells
        .map(
          (v, c) => `<c r="${column(c)}${r + 1}" t="inlineStr"><is><t>${xmlText(v)}</t></is></c>`,
        )
        .join('')}</row>`,
  );
  const ns = 'http://schemas.openxmlformats.org';
  const files: [string, string][] = [
    [
      '[Content_Types].xml',
      `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="${ns}/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>`,
    ],
    [
      '_rels/.rels',
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${ns}/package/2006/relationships"><Relationship Id="rId1" Type="${ns}/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ],
    [
      'xl/workbook.xml',
      `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${ns}/spreadsheetml/2006/main" xmlns:r="${ns}/officeDocument/2006/relationships"><sheets><sheet name="s" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ],
    [
      'xl/_rels/workbook.xml.rels',
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${ns}/package/2006/relationships"><Relationship Id="rId1" Type="${ns}/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${ns}/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
    ],
    [
      'xl/sharedStrings.xml',
      `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${ns}/spreadsheetml/2006/main" count="0" uniqueCount="0"/>`,
    ],
    [
      'xl/worksheets/sheet1.xml',
      `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${ns}/spreadsheetml/2006/main"><sheetData>${sheetRows.join('')}</sheetData></worksheet>`,
    ],
  ];
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of files) {
    const content = Buffer.from(text);
    const data = deflateRawSync(content);
    const nameBytes = Buffer.from(name);
    const size = lie && name.includes('worksheets') ? 100 : content.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt16LE(0x21, 12);
    local.writeUInt32LE(crc32(content), 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(crc32(content), 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += 30 + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

describe('import centre', () => {
  it('lists every bad row by row and column, and writes nothing while any row fails', async () => {
    const file = await xlsx([
      HEADER,
      ['张三', '13800000000', '男', '门店', 'VIP，老客', 3, '268.50'],
      ['', '123', '男'],
      ['李四', '13900000000', '火星人'],
    ]);
    const report = await send('validate', file, { kind: 'customer' });
    expect(report.data).toMatchObject({ kind: 'customer', total: 3, valid: 1 });
    expect(report.data.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ row: 3, column: '姓名' }),
        expect.objectContaining({ row: 3, column: '手机号' }),
        expect.objectContaining({ row: 4, column: '性别' }),
      ]),
    );
    const refused = await send('commit', file, { kind: 'customer' });
    expect(refused.code).toBe(40000);
    expect(await t.db.select().from(customers)).toHaveLength(0);

    const partial = await send('commit', file, { kind: 'customer', validOnly: 'true' });
    expect(partial.data.imported).toBe(1);
    const [zhang] = await t.db.select().from(customers);
    // Figures derived from orders are not taken from a file; a source not given is “import”.
    expect(zhang).toMatchObject({
      name: '张三',
      gender: 'male',
      source: 'store',
      tags: ['VIP', '老客'],
      orderCount: 0,
      totalSpent: '0.00',
    });
    const [log] = await t.db
      .select()
      .from(operationLogs)
      .where(eq(operationLogs.action, 'import.customer'));
    expect(log?.detail).toMatchObject({ imported: 1, skipped: 2 });
  });

  it('reports cells the database cannot hold as row errors, not a failed import', async () => {
    const file = await xlsx([
      ['姓名', '注册时间'],
      ['王五', '2026-01-01'],
      ['赵六', '0000-01-01'],
      ['钱七', '+200000-01-01'],
      ['孙八', '2026-01-01'],
    ]);
    const report = await send('validate', file, { kind: 'customer' });
    expect(report.code).toBe(200);
    expect(report.data).toMatchObject({ total: 4, valid: 2 });
    expect(report.data.errors).toEqual([
      expect.objectContaining({ row: 3, column: '注册时间' }),
      expect.objectContaining({ row: 4, column: '注册时间' }),
    ]);
    const done = await send('commit', file, { kind: 'customer', validOnly: 'true' });
    expect(done.code).toBe(200);
    expect(done.data.imported).toBe(2);
    const names = (await t.db.select().from(customers)).map((c) => c.name).sort();
    expect(names).toEqual(['孙八', '王五']);
    const [wang] = await t.db.select().from(customers).where(eq(customers.name, '王五'));
    // A time typed without an offset is on the merchant's clock: midnight in China.
    expect(wang?.registeredAt.toISOString()).toBe('2025-12-31T16:00:00.000Z');
    expect(wang?.source).toBe('import');
  });

  it('finds repeats by phone, in the file and in the data, and skips or updates them', async () => {
    await t.post('/admin/customer/create', { name: '老张', phone: '13800000000' }, token);
    const file = await xlsx([
      ['姓名', '手机号', '备注'],
      ['张三', '13800000000', '老客户'],
      ['李四', '13900000000', ''],
      ['李四二', '13900000000', ''],
    ]);
    const report = await send('validate', file, { kind: 'customer' });
    expect(report.data).toMatchObject({ total: 3, valid: 2, existing: 1 });
    expect(report.data.errors).toEqual([
      expect.objectContaining({ row: 4, column: '手机号', message: '与第 3 行重复' }),
    ]);
    const skipped = await send('commit', file, { kind: 'customer', validOnly: 'true' });
    expect(skipped.data).toMatchObject({ imported: 1, updated: 0 });
    expect((await t.db.select().from(customers)).map((c) => c.name).sort()).toEqual([
      '李四',
      '老张',
    ]);
    const again = await send('commit', file, {
      kind: 'customer',
      validOnly: 'true',
      existing: 'update',
    });
    expect(again.data).toMatchObject({ imported: 0, updated: 2 });
    const [zhang] = await t.db.select().from(customers).where(eq(customers.phone, '13800000000'));
    expect(zhang).toMatchObject({ name: '张三', remark: '老客户' });
  });

  it('gives a template whose example is never imported, and the bad rows as a file', async () => {
    const res = await t.post('/admin/import/template', { kind: 'customer' }, token);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const [rows, notes] = workbook.worksheets;
    expect(rows?.rowCount).toBe(1);
    expect(rows?.getRow(1).values).toEqual([
      undefined,
      '姓名',
      '手机号',
      '性别',
      '来源',
      '标签',
      '注册时间',
      '备注',
    ]);
    expect(notes?.getRow(4).getCell(3).value).toBe('可填：男、女、未知');
    // Imported unchanged, the template brings nothing.
    const template = Buffer.from(res.rawPayload);
    expect((await send('validate', template, { kind: 'customer' })).data).toMatchObject({
      total: 0,
      valid: 0,
    });

    const file = await xlsx([
      ['姓名', '手机号'],
      ['张三', '13800000000'],
      ['', '123'],
    ]);
    const errors = await t.app.inject({
      method: 'POST',
      url: '/admin/import/errors',
      payload: multipartBody(file, { kind: 'customer' }),
      headers: { 'content-type': MULTIPART, authorization: `Bearer ${token}` },
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(errors.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(1).values).toEqual([undefined, '行号', '姓名', '手机号', '问题']);
    expect(sheet.getRow(2).getCell(1).value).toBe(3);
    expect(String(sheet.getRow(2).getCell(4).value)).toMatch(/^姓名: .*；手机号: /);
  });

  it('imports articles into the chosen list, and needs that list’s route', async () => {
    const file = await xlsx([
      ['标题', '状态'],
      ['第一篇', '已发布'],
      ['第二篇', '草稿'],
    ]);
    const done = await send('commit', file, { kind: 'article', variant: '3' });
    expect(done.data.imported).toBe(2);
    const list = (await t.post('/admin/article/list', { articleType: 3 }, token)).json();
    expect(list.data.total).toBe(2);
    const { token: helper } = await createAccount(t, {
      name: 'helper',
      permissions: ['data-helper', 'article-news'],
    });
    expect((await send('validate', file, { kind: 'article', variant: '3' }, helper)).code).toBe(
      40300,
    );
    expect((await send('validate', file, { kind: 'customer' }, helper)).code).toBe(40300);
  });

  it('refuses a small file that unpacks past the limit before parsing it, whatever sizes it declares', async () => {
    await t.close();
    t = await createTestApp({ IMPORT_MAX_UNPACKED: String(4 * 1024 * 1024) });
    token = await t.login();
    const big = 'a'.repeat(200_000);
    const rows = [['姓名', '备注'], ...Array.from({ length: 40 }, (_, i) => [`n${i}`, big])];
    for (const lie of [false, true]) {
      const file = handMadeXlsx(rows, lie);
      // 8 MB of sheet in a file of a few dozen KB.
      expect(file.length).toBeLessThan(100_000);
      const res = await send('validate', file, { kind: 'customer' });
      expect(res.code).toBe(ResultCode.PAYLOAD_TOO_LARGE);
      expect(res.msg).toBe('表格解压后超过 4 MB，请拆分为较小的文件');
    }
    // The same kind of file within the limit is read.
    const small = handMadeXlsx([
      ['姓名', '备注'],
      ['n1', 'short'],
    ]);
    expect((await send('validate', small, { kind: 'customer' })).data).toMatchObject({
      total: 1,
      valid: 1,
    });
  });

  it('leaves no temporary file behind, whatever order the file keeps its parts in', async () => {
    // Excel and exceljs write the sheets before the shared strings; a streaming reader then spools
    // each sheet to a temporary file, which an early stop (a row limit, a bad file) would leave.
    const folder = mkdtempSync(path.join(tmpdir(), 'ma-import-tmp-'));
    const saved = process.env.TMPDIR;
    process.env.TMPDIR = folder;
    try {
      const file = await xlsx([HEADER, ['张三', '13800000000']]);
      expect((await send('validate', file, { kind: 'customer' })).data.valid).toBe(1);
      const many = await xlsx([
        ['姓名'],
        ...Array.from({ length: IMPORT_MAX_ROWS + 2 }, () => ['n']),
      ]);
      expect((await send('validate', many, { kind: 'customer' })).code).toBe(ResultCode.VALIDATION);
      expect(readdirSync(folder)).toEqual([]);
    } finally {
      process.env.TMPDIR = saved;
      if (saved === undefined) delete process.env.TMPDIR;
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('stops reading at the row limit', async () => {
    const rows = [['姓名'], ...Array.from({ length: IMPORT_MAX_ROWS + 5 }, (_, i) => [`n${i}`])];
    const res = await send('validate', handMadeXlsx(rows), { kind: 'customer' });
    expect(res.code).toBe(ResultCode.VALIDATION);
    expect(res.msg).toBe(`每次最多导入 ${IMPORT_MAX_ROWS} 行`);
    expect(res.data.fields).toEqual([{ field: 'file', message: res.msg }]);
  });

  it('refuses files that are not spreadsheets or lack headers', async () => {
    expect(
      (await send('validate', Buffer.from('hello'), { kind: 'customer' })).data.fields[0].field,
    ).toBe('file');
    expect(
      (await send('validate', await xlsx([['foo'], ['bar']]), { kind: 'customer' })).data.fields[0]
        .field,
    ).toBe('file');
  });
});

describe('products import', () => {
  it('takes a menu from a sheet, and reports a dish already on it', async () => {
    const file = await xlsx([
      ['商品名称', '售价（元）', '原价（元）', '库存'],
      ['宫保鸡丁', '32', '38', '50'],
      ['拍黄瓜', '12.5', '', '20'],
    ]);
    const done = await send('commit', file, { kind: 'product' });
    expect(done.code, done.msg).toBe(200);
    expect(done.data.imported).toBe(2);
    const list = (await (await t.post('/admin/product/list', {}, token)).json()).data.items;
    expect(list.map((p: { name: string; price: string }) => `${p.name} ${p.price}`).sort()).toEqual(
      ['宫保鸡丁 32.00', '拍黄瓜 12.50'],
    );
    const again = await send('validate', file, { kind: 'product' });
    // Both already on the menu, found by name: skipped, never added twice.
    expect(again.data.existing).toBe(2);
    const twice = await send('commit', file, { kind: 'product', validOnly: 'true' });
    expect((await (await t.post('/admin/product/list', {}, token)).json()).data.total).toBe(2);
    expect(twice.code).toBe(200);
  });
});

describe('CSV rows', () => {
  const cells = (text: string) => [...csvRows(text)].map((r) => `${r.number}:${r.cells.join('|')}`);
  it('reads quoted cells with commas, doubled quotes and line breaks, and tab-separated files', () => {
    expect(cells('a,b\r\n"x, y","say ""hi""\nagain"\n,last')).toEqual([
      '1:a|b',
      '2:x, y|say "hi"\nagain',
      '3:|last',
    ]);
    expect(cells('标题\t价格\n"茶"\t3\n')).toEqual(['1:标题|价格', '2:茶|3']);
  });
});
