import ExcelJS from 'exceljs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support';

describe('collection box import: collected products from .xlsx or CSV', () => {
  let t: TestApp;
  let token: string;
  beforeEach(async () => {
    t = await createTestApp();
    token = await t.login();
  });
  afterEach(() => t.close());

  const call = async (url: string, body: Record<string, unknown> = {}) =>
    (await t.post(url, body, token)).json();
  async function xlsx(rows: unknown[][]) {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('采集');
    for (const row of rows) sheet.addRow(row);
    return Buffer.from(await workbook.xlsx.writeBuffer());
  }
  const send = async (
    action: 'validate' | 'commit',
    file: Buffer,
    fields: Record<string, string> = {},
    filename = 'items.xlsx',
  ) =>
    (
      await t.importFile(action, file, { kind: 'collection-box', ...fields }, token, { filename })
    ).json();
  const items = async () =>
    (await call('/admin/collection-box/list', { sort: 'createdAt', order: 'asc' })).data.items;

  it('makes each row a new item as a collected page is, and says what is wrong with a row', async () => {
    const header = ['标题', '价格', '币种', '品牌', '图片', '描述', '来源链接'];
    const file = await xlsx([
      header,
      [
        '  Trail   jacket ',
        '$1,299.5',
        'usd',
        'Acme',
        'https://shop.example.com/a.jpg, https://shop.example.com/b.jpg',
        '<p>Light &amp; warm</p>',
        'https://shop.example.com/p/1#reviews',
      ],
      ['Mug', 'USD 12', '', '', '', '', ''],
      ['', '5', '', '', '', '', 'https://shop.example.com/p/2'],
      ['Bad price', '-5', 'US', '', 'javascript:alert(1)', '', 'ftp://x'],
      ['Again', '1', '', '', '', '', 'https://shop.example.com/p/1'],
    ]);
    const checked = await send('validate', file);
    expect(
      checked.data.errors.map(
        (e: { row: number; column: string; message: string }) =>
          `${e.row} ${e.column}: ${e.message}`,
      ),
    ).toEqual([
      '4 标题: 此项必填',
      '5 价格: 不是有效的价格，如 19.99',
      '5 币种: 须是三个字母的币种代码，如 USD',
      '5 图片: “javascript:alert(1)”不是 http(s) 图片网址（最多 500 个字符）',
      '5 来源链接: 不是有效的网址',
      '6 来源链接: 与第 2 行重复',
    ]);
    expect((await send('commit', file)).code).toBe(40000);
    expect(await items()).toEqual([]);

    const done = await send('commit', file, { validOnly: 'true' });
    expect(done.data).toMatchObject({ imported: 2 });
    const [jacket, mug] = await items();
    expect(jacket).toMatchObject({
      title: 'Trail jacket',
      price: '1299.50',
      currency: 'USD',
      brand: 'Acme',
      images: ['https://shop.example.com/a.jpg', 'https://shop.example.com/b.jpg'],
      sourceUrl: 'https://shop.example.com/p/1',
      sourceHost: 'shop.example.com',
      status: 'new',
      goodsId: 0,
    });
    expect((await call('/admin/collection-box/detail', { id: jacket.id })).data.description).toBe(
      'Light & warm',
    );
    // Without an address, a row is kept under its content, as a pasted page is.
    expect(mug).toMatchObject({ title: 'Mug', price: '12.00', sourceHost: '' });
    expect(mug.sourceUrl).toMatch(/^pasted:[0-9a-f]{16}$/);

    // An imported item is claimed like a collected one: a goods draft is made from it.
    const claimed = await call('/admin/collection-box/claim', { ids: [jacket.id] });
    expect(claimed.code, claimed.msg).toBe(200);
    const goods = (await call('/admin/goods/list')).data.items;
    expect(goods).toMatchObject([{ title: 'Trail jacket', status: 'draft' }]);
  });

  it('reads CSV (quoted cells, UTF-8 or GB18030) and skips or updates a page already in the box', async () => {
    const csv = [
      'title,price,currency,source url,description',
      '"Mug, ceramic",9.9,cny,https://shop.example.com/mug,"Says ""hi""',
      'on two lines"',
    ].join('\r\n');
    // Headers in either language, or the field's own name.
    const withSourceUrl = csv.replace('source url', 'Source URL');
    const checked = await send('validate', Buffer.from(`\uFEFF${withSourceUrl}`), {}, 'items.csv');
    expect(checked.data).toMatchObject({
      total: 1,
      valid: 1,
      errors: [],
      existing: 0,
      key: '来源链接',
    });
    expect((await send('commit', Buffer.from(withSourceUrl), {}, 'items.csv')).data.imported).toBe(
      1,
    );
    const [mug] = await items();
    expect(mug).toMatchObject({ title: 'Mug, ceramic', price: '9.90', currency: 'CNY' });
    expect((await call('/admin/collection-box/detail', { id: mug.id })).data.description).toBe(
      'Says "hi" on two lines',
    );

    const changed = withSourceUrl.replace('9.9', '11');
    const again = await send('validate', Buffer.from(changed), {}, 'items.csv');
    expect(again.data).toMatchObject({ valid: 1, existing: 1 });
    await send('commit', Buffer.from(changed), {}, 'items.csv');
    expect((await items())[0].price).toBe('9.90');
    await send('commit', Buffer.from(changed), { existing: 'update' }, 'items.csv');
    expect(await items()).toMatchObject([{ id: mug.id, price: '11.00' }]);

    // 标题,价格 / 茶,3 as Excel saves a CSV in China (GB18030).
    const gbk = Buffer.concat([
      Buffer.from('b1eacce22cbcdbb8f1', 'hex'),
      Buffer.from('\r\n'),
      Buffer.from('b2e8', 'hex'),
      Buffer.from(',3\r\n'),
    ]);
    expect((await send('commit', gbk, {}, 'tea.csv')).data, 'GB18030').toMatchObject({
      imported: 1,
    });
    expect((await items()).map((i: { title: string }) => i.title)).toContain('茶');
  });

  it('gives the bad rows of a CSV back as a file, and a template with notes', async () => {
    const csv = 'title,price\nGood,1\nBad,x\n';
    const res = await t.importFile('errors', Buffer.from(csv), { kind: 'collection-box' }, token, {
      filename: 'items.csv',
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(2);
    expect((sheet.getRow(2).values as unknown[]).slice(1)).toEqual([
      3,
      'Bad',
      'x',
      'price: 不是有效的价格，如 19.99',
    ]);

    const template = await t.post(
      '/admin/import/template',
      { kind: 'collection-box', lang: 'en' },
      token,
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(template.rawPayload as unknown as ArrayBuffer);
    expect((book.worksheets[0]!.getRow(1).values as unknown[]).slice(1)).toEqual([
      'Title',
      'Price',
      'Currency',
      'Brand',
      'Images',
      'Description',
      'Source URL',
    ]);
    expect(book.worksheets[1]!.getRow(2).values).toEqual([
      undefined,
      'Title',
      'yes',
      'Required, at most 500 characters',
      'Waterproof hiking jacket',
    ]);
  });
});
