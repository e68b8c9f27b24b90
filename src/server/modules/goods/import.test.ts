import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { UPLOADED_IMAGE } from '../../../shared/resource-schema';
import { goodsUpc } from '../../db/schema/goods-upc';
import { materials } from '../../db/schema/material';
import { operationLogs } from '../../db/schema/operation-log';
import { createTestApp, type TestApp } from '../../test-support';
import { parseOptions } from './import';

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
/**
 * The pictures' site, on this machine (allowed to be fetched, as COLLECT_ALLOW_HOSTS allows the
 * collection box's test site): /img/<name> is a PNG, but /img/missing.jpg (404) and
 * /img/notes.txt (text).
 */
let site: Server;
let origin: string;
beforeAll(async () => {
  site = createServer((request, response) => {
    const at = request.url ?? '/';
    if (at === '/img/notes.txt') {
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end('notes');
    } else if (at.startsWith('/img/') && at !== '/img/missing.jpg') {
      response.writeHead(200, { 'content-type': 'image/png' });
      response.end(PNG);
    } else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
afterAll(() => {
  site.closeAllConnections();
  site.close();
});

describe('goods import: a file of variant rows', () => {
  let t: TestApp;
  let token: string;
  let uploads: string;
  beforeEach(async () => {
    uploads = await mkdtemp(path.join(tmpdir(), 'goods-import-uploads-'));
    t = await createTestApp({ COLLECT_ALLOW_HOSTS: new URL(origin).host, UPLOAD_DIR: uploads });
    token = await t.login();
  });
  afterEach(async () => {
    await t.close();
    await rm(uploads, { recursive: true, force: true });
  });
  /** The files in the uploads' folder. */
  const stored = async () =>
    (await readdir(uploads, { recursive: true, withFileTypes: true })).filter((f) => f.isFile());

  const call = async (url: string, body: Record<string, unknown> = {}) =>
    (await t.post(url, body, token)).json();
  const send = async (
    action: 'validate' | 'commit',
    rows: unknown[][],
    fields: Record<string, string> = {},
    language?: 'zh' | 'en',
  ) =>
    (
      await t.importFile(action, await xlsx(rows), { kind: 'goods', ...fields }, token, {
        language,
      })
    ).json();

  async function xlsx(rows: unknown[][]) {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('商品');
    for (const row of rows) sheet.addRow(row);
    return Buffer.from(await workbook.xlsx.writeBuffer());
  }

  const HEADER = [
    '商品编码',
    '商品标题',
    '分类',
    '品牌',
    '商品图片',
    '五点描述1',
    '五点描述2',
    '商品描述',
    '规格',
    '卖家 SKU',
    'UPC / EAN',
    '成本（元）',
    '售价（元）',
    '库存',
    '重量（克）',
  ];
  const CODES = ['036000291452', '012345678905', '4006381333931', '9780201379624'];
  /** A T-shirt in red and blue × M and L (its goods cells on the first row), and a mug by title. */
  const goodFile = (): unknown[][] => [
    HEADER,
    [
      'T-1',
      'Cotton tee',
      '服装/上衣',
      'Acme',
      `${origin}/img/t1.jpg, ${origin}/img/t2.jpg`,
      '100% cotton',
      'Machine wash',
      'Soft & light\nSecond line',
      '颜色:红;尺码:M',
      'TEE-R-M',
      CODES[0],
      '12.5',
      '39.9',
      10,
      180,
    ],
    [
      'T-1',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '颜色:红;尺码:L',
      'TEE-R-L',
      CODES[1],
      '12.5',
      '39.9',
      5,
      190,
    ],
    ['T-1', '', '', '', '', '', '', '', '颜色:蓝；尺码：M', 'TEE-B-M', '', '12.5', '35', 0, 180],
    [
      'T-1',
      'Cotton tee',
      '',
      '',
      '',
      '',
      '',
      '',
      '颜色:蓝;尺码:L',
      'TEE-B-L',
      '',
      '12.5',
      '42',
      7,
      200,
    ],
    ['', '陶瓷马克杯', '杯子', '', '', '', '', '', '', 'MUG-1', '', '8', '25.00', 30, 350],
  ];

  async function setUp() {
    await call('/admin/goods-upc/import-codes', { codes: CODES.join('\n') });
    const clothes = (await call('/admin/goods-category/create', { name: '服装' })).data.id;
    const tops = (await call('/admin/goods-category/create', { name: '上衣', parentId: clothes }))
      .data.id;
    const cups = (await call('/admin/goods-category/create', { name: '杯子' })).data.id;
    return { tops, cups };
  }

  it('reads attribute cells', () => {
    expect(parseOptions('颜色:红;尺码:M')).toEqual([
      ['颜色', '红'],
      ['尺码', 'M'],
    ]);
    expect(parseOptions(' 颜色：红 ； ')).toEqual([['颜色', '红']]);
    expect(parseOptions('')).toEqual([]);
    expect(parseOptions('红')).toMatchObject({ key: 'goods:import.errors.optionsFormat' });
    expect(parseOptions('a:1;a:2')).toMatchObject({ key: 'goods:import.errors.optionsRepeat' });
    expect(parseOptions('a:1;b:2;c:3;d:4')).toMatchObject({
      key: 'goods:import.errors.optionsCount',
    });
  });

  it('makes one draft per goods with its variant grid, codes from the pool and its figures', async () => {
    const { tops, cups } = await setUp();
    const checked = await send('validate', goodFile());
    expect(checked.data).toMatchObject({
      total: 5,
      valid: 5,
      errors: [],
      existing: 0,
      key: '卖家 SKU',
    });
    const done = await send('commit', goodFile());
    expect(done.code, done.msg).toBe(200);
    expect(done.data).toMatchObject({ imported: 5, updated: 0 });

    const list = (await call('/admin/goods/list', { sort: 'updatedAt', order: 'asc' })).data.items;
    expect(list).toHaveLength(2);
    const tee = list.find((g: { title: string }) => g.title === 'Cotton tee');
    const mug = list.find((g: { title: string }) => g.title === '陶瓷马克杯');
    expect(tee).toMatchObject({
      status: 'draft',
      categoryId: tops,
      brand: 'Acme',
      variantCount: 4,
      stockTotal: 22,
      priceMin: '35.00',
    });
    expect(mug).toMatchObject({
      status: 'draft',
      categoryId: cups,
      variantCount: 1,
      stockTotal: 30,
      priceMin: '25.00',
    });
    const detail = (await call('/admin/goods/detail', { id: tee.id })).data;
    // The pictures fetched and kept as the merchant's uploads, in the file's order.
    expect(detail.images).toEqual([
      expect.stringMatching(UPLOADED_IMAGE),
      expect.stringMatching(UPLOADED_IMAGE),
    ]);
    expect(detail.images[0]).not.toBe(detail.images[1]);
    expect(detail.bulletPoints).toEqual(['100% cotton', 'Machine wash']);
    expect(detail.description).toBe('<p>Soft &amp; light</p><p>Second line</p>');

    // The grid as the goods' page shows it: attributes in the order first seen, every combination.
    const grid = (await call('/admin/goods/variants', { goodsId: tee.id })).data;
    expect(grid.attributes).toEqual([
      { name: '颜色', values: ['红', '蓝'] },
      { name: '尺码', values: ['M', 'L'] },
    ]);
    expect(
      grid.variants.map(
        (v: { sellerSku: string; upc: string; price: string; stock: number; weight: number }) =>
          `${v.sellerSku} ${v.upc} ${v.price} ${v.stock} ${v.weight}`,
      ),
    ).toEqual([
      `TEE-R-M ${CODES[0]} 39.90 10 180`,
      `TEE-R-L ${CODES[1]} 39.90 5 190`,
      'TEE-B-M  35.00 0 180',
      'TEE-B-L  42.00 7 200',
    ]);
    const mugGrid = (await call('/admin/goods/variants', { goodsId: mug.id })).data;
    expect(mugGrid).toMatchObject({
      attributes: [],
      variants: [{ options: {}, sellerSku: 'MUG-1' }],
    });
    const pool = await t.db.select().from(goodsUpc);
    expect(
      pool
        .filter((c) => c.status === 'assigned')
        .map((c) => c.code)
        .sort(),
    ).toEqual([CODES[0], CODES[1]].sort());
    // The page saves the imported grid as it is: it is one the grid's own rules accept.
    expect(
      (
        await call('/admin/goods/variants/save', {
          goodsId: tee.id,
          attributes: grid.attributes,
          variants: grid.variants,
        })
      ).code,
    ).toBe(200);
    const [log] = await t.db
      .select()
      .from(operationLogs)
      .where(eq(operationLogs.action, 'import.goods'));
    expect(log?.detail).toMatchObject({ imported: 5, updated: 0, skipped: 0 });
  });

  it('lists every bad row in the UI language and writes nothing, or only whole goods without one', async () => {
    await setUp();
    await call('/admin/goods-upc/import-codes', { codes: '036000291469' });
    const rows = goodFile();
    rows[2]![12] = '39.999'; // bad money
    rows[3]![10] = '036000291453'; // bad check digit
    rows[5]![2] = '茶具'; // unknown category
    rows.push(['', '保温杯', '', '', '', '', '', '', '', 'MUG-1', '', '', '', '', '']); // repeated SKU
    rows.push(['', '帆布袋', '', '', '', '', '', '', '', 'BAG-1', '123456789012', '', '', '', '']); // not in the pool
    rows.push([
      '',
      '帆布袋 2',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      'BAG-2',
      '036000291469',
      '',
      '',
      '',
      '',
    ]); // fine
    const checked = await send('validate', rows);
    const errors = checked.data.errors.map(
      (e: { row: number; column: string; message: string }) => `${e.row} ${e.column}: ${e.message}`,
    );
    expect(errors).toEqual([
      '2 : 同一商品的第 3 行有问题，此行也未导入',
      '3 售价（元）: 金额（元）最多两位小数',
      '4 UPC / EAN: 不是有效的 UPC / EAN 编码（12 或 13 位数字，含校验位）',
      '5 : 同一商品的第 3 行有问题，此行也未导入',
      '6 分类: 商品分类中没有“茶具”',
      '7 卖家 SKU: 与第 6 行重复',
      '8 UPC / EAN: 不在您的 UPC 码库中，请先添加',
    ]);
    expect(checked.data).toMatchObject({ total: 8, valid: 1 });
    const english = await send('validate', rows, {}, 'en');
    expect(english.data.errors[1]).toMatchObject({
      column: '售价（元）',
      message: 'An amount in yuan with at most 2 decimals',
    });
    expect(english.data.errors[0].message).toBe(
      'Row 3 of the same goods has a problem, so this row is not imported either',
    );

    const refused = await send('commit', rows);
    expect(refused.code).toBe(40000);
    expect((await call('/admin/goods/list')).data.total).toBe(0);

    // Only the valid rows: the one goods whose rows are all good; no part of the others.
    const partial = await send('commit', rows, { validOnly: 'true' });
    expect(partial.data).toMatchObject({ imported: 1 });
    const list = (await call('/admin/goods/list')).data.items;
    expect(list.map((g: { title: string }) => g.title)).toEqual(['帆布袋 2']);
  });

  it('says what is wrong with a goods as a whole: its title, grid and SKUs against the data', async () => {
    await setUp();
    await call('/admin/goods/variants/save', {
      goodsId: (await call('/admin/goods/create', { title: '旧商品' })).data.id,
      attributes: [],
      variants: [
        { options: {}, sellerSku: 'OLD-1', upc: '', cost: '1', price: '2', stock: 1, weight: 1 },
      ],
    });
    const checked = await send('validate', [
      HEADER,
      ['A', '', '', '', '', '', '', '', '颜色:红', 'A-1', '', '', '', '', ''],
      ['B', 'Grid', '', '', '', '', '', '', '颜色:红;尺码:M', 'B-1', '', '', '', '', ''],
      ['B', '', '', '', '', '', '', '', '颜色:蓝;尺码:L', 'B-2', '', '', '', '', ''],
      ['C', 'Names', '', '', '', '', '', '', '颜色:红', 'C-1', '', '', '', '', ''],
      ['C', '', '', '', '', '', '', '', '尺码:M', 'C-2', '', '', '', '', ''],
      ['D', 'Mixed', '', '', '', '', '', '', '颜色:红', 'OLD-1', '', '', '', '', ''],
      ['D', '', '', '', '', '', '', '', '颜色:蓝', 'D-2', '', '', '', '', ''],
      ['E', 'Differs', '', 'Acme', '', '', '', '', '颜色:红', 'E-1', '', '', '', '', ''],
      ['E', '', '', 'Other', '', '', '', '', '颜色:蓝', 'E-2', CODES[0], '', '', '', ''],
      ['F', 'Twice', '', '', '', '', '', '', '颜色:红', 'F-1', '', '', '', '', ''],
      ['F', '', '', '', '', '', '', '', '颜色:红', 'F-2', '', '', '', '', ''],
      ['G', 'No SKU', '', '', '', '', '', '', '', '', '', '', '9', '', ''],
    ]);
    const problems = checked.data.errors
      .filter((e: { column: string }) => e.column)
      .map((e: { row: number; message: string }) => `${e.row} ${e.message}`);
    expect(problems).toEqual([
      '2 这个商品的行都没有填写商品标题',
      '3 规格不完整，缺少：红 / L、蓝 / M',
      '6 属性与同一商品第 5 行的不同',
      '8 SKU OLD-1 已属于商品“旧商品”；已有商品的新规格请在商品页面添加',
      '10 与同一商品第 9 行填写的不同',
      '12 与同一商品第 11 行的规格相同',
      '13 此项必填',
    ]);
    expect(checked.data.valid).toBe(0);
  });

  it('finds goods already there by seller SKU, and skips them or updates their cells and figures', async () => {
    const { cups } = await setUp();
    expect((await send('commit', goodFile())).code).toBe(200);
    const again = await send('validate', goodFile());
    expect(again.data).toMatchObject({ total: 5, valid: 5, errors: [], existing: 5 });
    const skipped = await send('commit', goodFile());
    expect(skipped.data).toMatchObject({ imported: 0, updated: 0 });
    expect((await call('/admin/goods/list')).data.total).toBe(2);

    const tee = (await call('/admin/goods/list', { keyword: 'Cotton' })).data.items[0];
    await call('/admin/goods/update', { id: tee.id, images: ['https://img.example.com/t1.jpg'] });
    const changed: unknown[][] = [
      ['商品编码', '商品标题', '分类', '卖家 SKU', 'UPC / EAN', '售价（元）', '库存'],
      ['T-1', 'Cotton tee v2', '杯子', 'TEE-R-M', CODES[2], '45', '1'],
      ['T-1', '', '', 'TEE-B-L', '', '', '3'],
    ];
    const updated = await send('commit', changed, { existing: 'update' });
    expect(updated.data, updated.msg).toMatchObject({ imported: 0, updated: 2 });
    const after = (await call('/admin/goods/detail', { id: tee.id })).data;
    expect(after).toMatchObject({
      title: 'Cotton tee v2',
      categoryId: cups,
      brand: 'Acme',
      images: ['https://img.example.com/t1.jpg'],
      variantCount: 4,
      stockTotal: 1 + 5 + 0 + 3,
      priceMin: '35.00',
    });
    const grid = (await call('/admin/goods/variants', { goodsId: tee.id })).data.variants;
    expect(grid[0]).toMatchObject({
      sellerSku: 'TEE-R-M',
      upc: CODES[2],
      price: '45.00',
      stock: 1,
    });
    expect(grid[3]).toMatchObject({ sellerSku: 'TEE-B-L', price: '42.00', stock: 3 });
    const status = new Map((await t.db.select().from(goodsUpc)).map((c) => [c.code, c.status]));
    expect(status.get(CODES[0])).toBe('unused');
    expect(status.get(CODES[2])).toBe('assigned');
  });

  it('gives a template with its headers, notes and an example that imports as it stands', async () => {
    await setUp();
    const res = await t.post('/admin/import/template', { kind: 'goods' }, token);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const [rows, notes, example] = workbook.worksheets;
    const headers = (rows!.getRow(1).values as unknown[]).slice(1);
    expect(headers).toEqual(expect.arrayContaining(HEADER));
    expect(rows!.rowCount).toBe(1);
    expect(notes!.name).toBe('填写说明');
    expect(example!.name).toBe('示例');
    // The template as given imports nothing: its example is not on the first sheet.
    const empty = await t.importFile('commit', res.rawPayload, { kind: 'goods' }, token);
    expect(empty.json().msg).toBe('没有可导入的有效行');
    // Its example rows, copied onto the first sheet, are a valid goods.
    const exampleRows: unknown[][] = [];
    example!.eachRow((row) =>
      exampleRows.push(Array.from((row.values as unknown[]).slice(1), (v) => v ?? '')),
    );
    // (Its pictures' addresses are example.com's: here, the test's site.)
    const done = await send(
      'commit',
      exampleRows.map((row) =>
        row.map((cell) =>
          typeof cell === 'string'
            ? cell.replaceAll('https://example.com/', `${origin}/img/`)
            : cell,
        ),
      ),
    );
    expect(done.code, JSON.stringify(done.data?.errors)).toBe(200);
    expect(done.data.imported).toBe(4);
  });

  it('keeps the pictures as uploads; a picture not fetched is its row’s error, and nothing is written', async () => {
    await setUp();
    const header = [...HEADER, '规格图片'];
    const withPictures = (images: string, variantImage: string): unknown[][] =>
      goodFile().map((row, i) => [
        ...row.map((cell, c) => (i === 1 && c === 4 ? images : cell)),
        i === 0 ? '规格图片' : i === 1 ? variantImage : '',
      ]);
    expect(withPictures('', '')[0]).toEqual(header);

    const bad = await send(
      'commit',
      withPictures(`${origin}/img/t1.jpg, ${origin}/img/missing.jpg`, `${origin}/img/notes.txt`),
    );
    expect(bad.code).toBe(40000);
    expect(bad.data.errors.filter((e: { row: number }) => e.row === 2)).toEqual([
      {
        row: 2,
        column: '商品图片',
        message: `图片 ${origin}/img/missing.jpg 未能保存：网站返回 HTTP 404`,
      },
      {
        row: 2,
        column: '规格图片',
        message: `图片 ${origin}/img/notes.txt 未能保存：不是图片（text/plain）`,
      },
    ]);
    // The goods' other rows are held back with it; nothing is written, no file is left.
    expect(bad.data.errors).toHaveLength(2 + 3);
    expect((await call('/admin/goods/list')).data.total).toBe(0);
    expect(await stored()).toEqual([]);
    expect(await t.db.select().from(materials)).toEqual([]);

    // Only the valid rows: the mug; the T-shirt's fetched picture goes with it.
    const mugOnly = await send(
      'commit',
      withPictures(`${origin}/img/t1.jpg, ${origin}/img/missing.jpg`, ''),
      { validOnly: 'true' },
    );
    expect(mugOnly.data).toMatchObject({ imported: 1, valid: 1 });
    expect(await stored()).toEqual([]);

    const good = await send(
      'commit',
      withPictures(`${origin}/img/t1.jpg`, `${origin}/img/red.jpg`).filter((_, i) => i !== 5),
    );
    expect(good.code, JSON.stringify(good.data?.errors)).toBe(200);
    const tee = (await call('/admin/goods/list', { keyword: 'Cotton' })).data.items[0];
    const [picture] = (await call('/admin/goods/detail', { id: tee.id })).data.images;
    expect(picture).toMatch(UPLOADED_IMAGE);
    const served = await t.app.inject({ method: 'GET', url: picture });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);
    const [red] = (await call('/admin/goods/variants', { goodsId: tee.id })).data.variants;
    expect(red).toMatchObject({
      sellerSku: 'TEE-R-M',
      image: expect.stringMatching(UPLOADED_IMAGE),
    });
    // Both kept, in the material library as an upload is.
    expect(await stored()).toHaveLength(2);
    const library = await t.db.select().from(materials);
    expect(library.map((m) => m.url).sort()).toEqual([picture, red.image].sort());
    expect(library.map((m) => m.name).sort()).toEqual(['red.jpg', 't1.jpg']);
  });
});
