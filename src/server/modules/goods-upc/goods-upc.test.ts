import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UPC_IMPORT_MAX } from '../../../shared/goods-upc';
import { checkDigit, isGtin } from '../../../shared/gtin';
import { goodsUpc } from '../../../shared/resources/goods-upc';
import { goodsUpc as goodsUpcTable } from '../../db/schema/goods-upc';
import { resourceContract } from '../../kit/resource-contract';
import {
  createAccount,
  createOtherMerchant,
  createTestApp,
  type TestApp,
} from '../../test-support';
import { postEntry } from '../cost-center/ledger';

const CODES = ['036000291452', '4006381333931', '6901234567892'];
resourceContract(
  goodsUpc,
  { code: CODES[0], remark: '' },
  { remark: '留给蓝牙耳机' },
  { another: (n) => ({ code: CODES[n], remark: '' }) },
);

let t: TestApp;
let token: string;
beforeEach(async () => {
  t = await createTestApp();
  token = await t.login();
});
afterEach(() => t.close());

describe('the UPC pool', () => {
  it('tells UPC from EAN, and refuses a code twice or with a wrong check digit', async () => {
    const upc = (await t.post('/admin/goods-upc/create', { code: '036000291452' }, token)).json();
    expect(upc.data).toMatchObject({ kind: 'UPC', status: 'unused', source: 'manual' });
    const ean = (await t.post('/admin/goods-upc/create', { code: '4006381333931' }, token)).json();
    expect(ean.data.kind).toBe('EAN');
    const twice = (await t.post('/admin/goods-upc/create', { code: '036000291452' }, token)).json();
    expect(twice.code).toBe(40900);
    expect(twice.data.fields[0]).toEqual({ field: 'code', message: '已存在，不能重复' });
    const wrong = (await t.post('/admin/goods-upc/create', { code: '036000291453' }, token)).json();
    expect(wrong.data.fields[0].field).toBe('code');
  });

  it('imports pasted codes: the valid ones once each, the rest counted and listed', async () => {
    await t.post('/admin/goods-upc/create', { code: '036000291452' }, token);
    const report = (
      await t.post(
        '/admin/goods-upc/import-codes',
        {
          codes: '036000291452\n4006381333931, 6901234567892\n6901234567892\n12345\n4006381333932',
        },
        token,
      )
    ).json();
    expect(report.data).toEqual({
      added: 2,
      duplicates: 2,
      invalid: ['12345', '4006381333932'],
      invalidCount: 2,
    });
    const list = (await t.post('/admin/goods-upc/list', { source: 'import' }, token)).json();
    expect(list.data.total).toBe(3);
    const imported = (await t.post('/admin/goods-upc/list', {}, token)).json();
    expect(
      imported.data.items.filter((c: { source: string }) => c.source === 'import'),
    ).toHaveLength(2);

    const { token: clerk } = await createAccount(t, {
      name: 'clerk',
      permissions: ['client-list'],
    });
    expect(
      (await t.post('/admin/goods-upc/import-codes', { codes: '4006381333931' }, clerk)).json()
        .code,
    ).toBe(40300);
  });

  it('imports the most codes one paste may hold, past the default body limit', async () => {
    const codes = Array.from({ length: UPC_IMPORT_MAX }, (_, i) => {
      const body = `69${String(i).padStart(10, '0')}`;
      return body + checkDigit(body);
    });
    const text = codes.join('\r\n');
    expect(JSON.stringify({ codes: text }).length).toBeGreaterThan(1024 * 1024);
    const report = (await t.post('/admin/goods-upc/import-codes', { codes: text }, token)).json();
    expect(report.code, report.msg).toBe(200);
    expect(report.data).toEqual({
      added: UPC_IMPORT_MAX,
      duplicates: 0,
      invalid: [],
      invalidCount: 0,
    });
    const again = (
      await t.post('/admin/goods-upc/import-codes', { codes: codes.slice(0, 10).join('\n') }, token)
    ).json();
    expect(again.data).toMatchObject({ added: 0, duplicates: 10 });
    expect(await t.db.$count(goodsUpcTable)).toBe(UPC_IMPORT_MAX);
  }, 60_000);

  it('buys codes from the platform: charged once to the balance, valid, never issued twice', async () => {
    const buy = (count: number, purchase = randomUUID(), as = token) =>
      t.post('/admin/goods-upc/buy', { count, purchase }, as).then((r) => r.json());
    const short = await buy(10);
    expect(short.code).toBe(40900);
    expect(short.msg).toBe('余额（¥0.00）不足以支付本次扣费（¥5.00），请先充值');
    expect((await t.post('/admin/goods-upc/list', {}, token)).json().data.total).toBe(0);

    await postEntry(t.db, { merchantId: 1, type: 'adjustment', amount: '20.00', reference: 'a1' });
    const purchase = randomUUID();
    const bought = await buy(10, purchase);
    expect(bought.data).toMatchObject({ amount: '5.00', balance: '15.00', repeated: false });
    const codes: string[] = bought.data.codes;
    expect(codes).toHaveLength(10);
    expect(codes.every((code) => isGtin(code) && code.startsWith('069'))).toBe(true);
    expect(new Set(codes).size).toBe(10);
    // A second click on the same purchase charges and issues nothing more.
    const again = await buy(10, purchase);
    expect(again.data).toMatchObject({ codes: [], balance: '15.00', repeated: true });
    const pool = (await t.post('/admin/goods-upc/list', { source: 'purchased' }, token)).json();
    expect(pool.data.total).toBe(10);
    const ledger = (await t.post('/admin/cost-center/list', { type: 'charge' }, token)).json();
    expect(ledger.data.items).toHaveLength(1);
    expect(ledger.data.items[0].amount).toBe('-5.00');

    // Another merchant's codes continue the platform's numbers: no code is sold twice.
    const other = await createOtherMerchant(t);
    await postEntry(t.db, {
      merchantId: other.merchant.id,
      type: 'adjustment',
      amount: '1.00',
      reference: 'b1',
    });
    const theirs = await buy(2, randomUUID(), other.token);
    expect(theirs.data.codes.filter((code: string) => codes.includes(code))).toEqual([]);

    expect((await buy(0)).code).toBe(40000);
    expect((await buy(1001)).code).toBe(40000);
    // The pool's own route is not enough: spending the balance is the cost centre's.
    const { token: clerk } = await createAccount(t, { name: 'clerk', permissions: ['goods-upc'] });
    expect((await buy(1, randomUUID(), clerk)).code).toBe(40300);
    const oplog = (await t.post('/admin/operation-log/list', {}, token)).json();
    expect(oplog.data.items.map((r: { action: string }) => r.action)).toContain('goods-upc.buy');
  });

  it('never sells a number twice, though the buyer deletes the codes it bought', async () => {
    await postEntry(t.db, { merchantId: 1, type: 'adjustment', amount: '20.00', reference: 'a1' });
    const buy = (count: number, as = token) =>
      t.post('/admin/goods-upc/buy', { count, purchase: randomUUID() }, as).then((r) => r.json());
    const first: string[] = (await buy(3)).data.codes;
    expect(first).toHaveLength(3);
    // Bought codes deleted: the platform still sold them, and sells the next ones.
    const ids = (await t.post('/admin/goods-upc/list', { source: 'purchased' }, token))
      .json()
      .data.items.map((row: { id: number }) => row.id);
    expect((await t.post('/admin/goods-upc/delete', { ids }, token)).json().data.deleted).toBe(3);
    const second: string[] = (await buy(3)).data.codes;
    expect(second).toHaveLength(3);
    expect(second.filter((code) => first.includes(code))).toEqual([]);
    expect(second.every((code) => isGtin(code) && code.startsWith('069'))).toBe(true);
    // Another merchant buying after the deletion gets none of them either.
    const other = await createOtherMerchant(t);
    await postEntry(t.db, {
      merchantId: other.merchant.id,
      type: 'adjustment',
      amount: '1.00',
      reference: 'b1',
    });
    const theirs: string[] = (await buy(2, other.token)).data.codes;
    expect(theirs.filter((code) => [...first, ...second].includes(code))).toEqual([]);
  });

  it("refuses codes under the platform's prefix by hand, by update and by import", async () => {
    const platform = '069' + '12345678';
    const upc = platform + checkDigit(platform);
    const ean = `0${upc}`;
    expect(isGtin(upc) && isGtin(ean)).toBe(true);
    const refusal =
      '069 开头的 UPC 码（及 0069 开头的 EAN-13）由平台签发，只能通过“购买编码”获得，不能手工添加、导入或修改为此类编码';
    for (const code of [upc, ean]) {
      const made = (await t.post('/admin/goods-upc/create', { code }, token)).json();
      expect(made.code).toBe(40000);
      expect(made.data.fields[0]).toEqual({ field: 'code', message: refusal });
    }
    // An update cannot turn another code into one of the platform's.
    const mine = (await t.post('/admin/goods-upc/create', { code: CODES[0] }, token)).json().data;
    const changed = (
      await t.post('/admin/goods-upc/update', { id: mine.id, code: upc, remark: '' }, token)
    ).json();
    expect(changed.code).toBe(40000);
    expect(changed.data.fields[0].field).toBe('code');
    // A paste holding one is refused whole, saying which.
    const imported = (
      await t.post('/admin/goods-upc/import-codes', { codes: `${CODES[1]}\n${upc}` }, token, {
        'accept-language': 'en',
      })
    ).json();
    expect(imported.code).toBe(40000);
    expect(imported.msg).toBe(
      `1 codes start with the platform’s prefix 069 (such as ${upc}): the platform issues these, so they are bought, not imported. Remove them and import again`,
    );
    const pool = await t.db.select({ code: goodsUpcTable.code }).from(goodsUpcTable);
    expect(pool.map((row) => row.code)).toEqual([CODES[0]]);

    // Codes it bought stay editable, and pasting them back is not a refusal (they are there).
    await postEntry(t.db, { merchantId: 1, type: 'adjustment', amount: '1.00', reference: 'a1' });
    const bought = (
      await t.post('/admin/goods-upc/buy', { count: 1, purchase: randomUUID() }, token)
    ).json().data.codes[0];
    const [row] = (await t.post('/admin/goods-upc/list', { source: 'purchased' }, token)).json()
      .data.items;
    const edited = (
      await t.post(
        '/admin/goods-upc/update',
        { id: row.id, code: bought, remark: '留给耳机' },
        token,
      )
    ).json();
    expect(edited.code, edited.msg).toBe(200);
    const again = (await t.post('/admin/goods-upc/import-codes', { codes: bought }, token)).json();
    expect(again.data).toMatchObject({ added: 0, duplicates: 1 });
  });

  it("starts the platform's numbers past every 069 code already in a pool (migration 0042)", async () => {
    // A pool from before the sequence: a code bought, and one added by hand under the prefix.
    const code = (n: number) => {
      const body = `069${String(n).padStart(8, '0')}`;
      return body + checkDigit(body);
    };
    await t.db.insert(goodsUpcTable).values([
      { merchantId: 1, code: code(7_000_000), kind: 'UPC', source: 'purchased' },
      { merchantId: 1, code: `0${code(7_000_002)}`, kind: 'EAN', source: 'manual' },
    ]);
    const migration = await readFile(
      new URL('../../../../drizzle/0042_platform_upc_sequence.sql', import.meta.url),
      'utf8',
    );
    const start = migration.split('--> statement-breakpoint')[1]!;
    expect(start).toMatch(/setval/);
    await t.db.execute(sql.raw(start));
    await postEntry(t.db, { merchantId: 1, type: 'adjustment', amount: '1.00', reference: 'a1' });
    const bought = (
      await t.post('/admin/goods-upc/buy', { count: 2, purchase: randomUUID() }, token)
    ).json();
    expect(bought.data.codes).toEqual([code(7_000_003), code(7_000_004)]);
  });
});
