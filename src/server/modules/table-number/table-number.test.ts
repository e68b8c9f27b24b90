import { existsSync } from 'node:fs';
import { unzipSync } from 'fflate';
import { PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tableNumber } from '../../../shared/resources/table-number';
import { resourceContract } from '../../kit/resource-contract';
import { createOtherMerchant, createTestApp, type TestApp } from '../../test-support';
import { findTable } from './service';

resourceContract(
  tableNumber,
  { area: '大厅', name: 'A01', seats: 4, enabled: true },
  { area: '包间', seats: 8 },
);

let t: TestApp;
let token: string;
beforeEach(async () => {
  t = await createTestApp();
  token = await t.login();
});
afterEach(() => t.close());
const call = async (url: string, body: unknown = {}, as = token) =>
  (await t.post(url, body, as)).json();
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47]);

describe('table numbers', () => {
  it('gives each table a QR code to the storefront for that table', async () => {
    const table = (await call('/admin/table-number/create', { area: '大厅', name: 'A01' })).data;
    // The address the request came to.
    const qr = (
      await t.post('/admin/table-number/qr', { id: table.id }, token, {
        host: 'admin.example.com:8080',
      })
    ).json();
    expect(qr.data.url).toBe(`http://admin.example.com:8080/shop/1?table=${table.id}`);
    expect(qr.data.png).toMatch(/^data:image\/png;base64,/);
    expect(qr.data.filename).toBe('大厅-A01.png');
    const png = await t.post('/admin/table-number/qr-png', { id: table.id }, token);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.rawPayload.subarray(0, 4)).toEqual(PNG);
    expect(png.headers['content-disposition']).toContain(encodeURIComponent('大厅-A01.png'));
    // Another merchant's table is not found.
    const other = await createOtherMerchant(t);
    expect((await call('/admin/table-number/qr', { id: table.id }, other.token)).code).toBe(40400);
  });

  it('tells the storefront when its table code is unknown or the table disabled', async () => {
    const store = async (code: string) =>
      (await t.app.inject({ method: 'GET', url: `/open/shop/1/store?table=${code}` })).json();
    const table = (await call('/admin/table-number/create', { area: '大厅', name: 'A02' })).data;
    expect((await store(String(table.id))).data).toMatchObject({
      table: { id: table.id, name: '大厅 A02' },
      tableProblem: null,
    });
    const other = await createOtherMerchant(t);
    const theirs = (await call('/admin/table-number/create', { name: 'B1' }, other.token)).data;
    // Mistyped, another store's, not a number at all: the store opens and says so.
    for (const code of ['99999', String(theirs.id), 'abc']) {
      const opened = await store(code);
      expect(opened.code, code).toBe(200);
      expect(opened.data, code).toMatchObject({ table: null, tableProblem: { kind: 'unknown' } });
    }
    await call('/admin/table-number/update', { id: table.id, enabled: false });
    expect((await store(String(table.id))).data).toMatchObject({
      table: null,
      tableProblem: { kind: 'disabled', name: '大厅 A02' },
    });
    expect((await store('')).data.tableProblem).toBeNull();
  });

  it('points the codes at PUBLIC_URL when it is set', async () => {
    await t.close();
    t = await createTestApp({ PUBLIC_URL: 'https://shop.example.com' });
    token = await t.login();
    const table = (await call('/admin/table-number/create', { name: 'B02' })).data;
    expect((await call('/admin/table-number/qr', { id: table.id })).data.url).toBe(
      `https://shop.example.com/shop/1?table=${table.id}`,
    );
  });

  it('gives the store a code of its own, without a table, and a poster of it to print', async () => {
    await call('/admin/store/update', {
      id: (await call('/admin/store/get')).data.id,
      name: '川味小馆',
    });
    const qr = (
      await t.post('/admin/table-number/store-qr', {}, token, { host: 'shop.example.com' })
    ).json();
    expect(qr.data.url).toBe('http://shop.example.com/shop/1');
    expect(qr.data.png).toMatch(/^data:image\/png;base64,/);
    expect(qr.data.filename).toBe('川味小馆.png');
    const poster = await t.post('/admin/table-number/store-poster', {}, token);
    expect(poster.headers['content-type']).toBe('application/pdf');
    expect(poster.headers['content-disposition']).toContain(encodeURIComponent('川味小馆.pdf'));
    const pdf = await PDFDocument.load(new Uint8Array(poster.rawPayload));
    // One A5 page.
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getPage(0).getSize().width).toBeCloseTo((148 * 72) / 25.4, 0);
    // Another merchant's code is its own store's.
    const other = await createOtherMerchant(t);
    expect((await call('/admin/table-number/store-qr', {}, other.token)).data.url).toMatch(
      /\/shop\/2$/,
    );
  });

  it('packs every code in a ZIP named by area and name, and lays them out on a PDF sheet', async () => {
    for (let i = 1; i <= 14; i++)
      await call('/admin/table-number/create', { area: i <= 7 ? '大厅' : '露台', name: `T${i}` });
    const zip = await t.post('/admin/table-number/qr-zip', {}, token);
    expect(zip.headers['content-type']).toBe('application/zip');
    const files = unzipSync(new Uint8Array(zip.rawPayload));
    expect(Object.keys(files)).toHaveLength(14);
    expect(files['大厅-T1.png']?.subarray(0, 4)).toEqual(new Uint8Array(PNG));
    expect(files['露台-T14.png']).toBeDefined();

    const sheet = await t.post('/admin/table-number/qr-sheet', {}, token);
    expect(sheet.headers['content-type']).toBe('application/pdf');
    const pdf = await PDFDocument.load(new Uint8Array(sheet.rawPayload));
    // 12 codes a page.
    expect(pdf.getPageCount()).toBe(2);
    // With a Chinese font on the machine the labels are its outlines, not Helvetica's "?".
    const fonts = pdf.context
      .enumerateIndirectObjects()
      .map(([, object]) => (object instanceof PDFDict ? object.get(PDFName.of('BaseFont')) : null))
      .filter(Boolean)
      .map(String);
    if (existsSync('/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc'))
      expect(fonts).toEqual([]);
  });

  it('finds an enabled table of the merchant for the storefront, and nothing else', async () => {
    const open = (await call('/admin/table-number/create', { name: 'C1' })).data;
    const closed = (await call('/admin/table-number/create', { name: 'C2', enabled: false })).data;
    expect((await findTable(t.db, 1, open.id))?.name).toBe('C1');
    expect(await findTable(t.db, 1, closed.id)).toBeNull();
    const other = await createOtherMerchant(t);
    expect(await findTable(t.db, other.merchant!.id, open.id)).toBeNull();
  });

  it('refuses a table name the merchant has already', async () => {
    await call('/admin/table-number/create', { name: 'A01' });
    const again = await call('/admin/table-number/create', { area: '包间', name: 'A01' });
    expect(again.code).toBe(40900);
    expect(again.data.fields[0].field).toBe('name');
  });
});
