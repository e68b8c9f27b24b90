import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { goodsUpc } from '../../../shared/resources/goods-upc';
import { resourceContract } from '../../kit/resource-contract';
import { createAccount, createTestApp, type TestApp } from '../../test-support';

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
});
