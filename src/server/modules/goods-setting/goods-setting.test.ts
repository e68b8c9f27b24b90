import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { goodsSetting } from '../../../shared/resources/goods-setting';
import { resourceContract } from '../../kit/resource-contract';
import { createTestApp, type TestApp } from '../../test-support';

resourceContract(
  goodsSetting,
  {
    name: '亚马逊美国站',
    marketplace: 'amazon',
    site: 'US',
    exchangeRate: '7.2000',
    markupPercent: '30.00',
    fixedFee: '10.00',
    endIn99: true,
    handlingDays: 3,
    defaultStock: 100,
  },
  { exchangeRate: '7.1500', endIn99: false },
);

describe('goods-setting: the rules a price formula keeps', () => {
  let t: TestApp;
  let token: string;
  beforeEach(async () => {
    t = await createTestApp({ JOBS: 'off' });
    token = await t.login();
  });
  afterEach(() => t.close());

  const base = {
    name: '德国站',
    marketplace: 'amazon',
    site: 'DE',
    exchangeRate: '7.8000',
    markupPercent: '30',
    fixedFee: '0',
  };
  const create = async (body: Record<string, unknown>) =>
    (await t.post('/admin/goods-setting/create', body, token)).json();
  const fieldsOf = (res: { data?: { fields?: { field: string }[] } }) =>
    (res.data?.fields ?? []).map((f) => f.field);

  it('takes the currency from the site, whatever the form sends', async () => {
    const made = await create({ ...base, currency: 'USD' });
    expect(made.code).toBe(200);
    expect(made.data.currency).toBe('EUR');
    const moved = await (
      await t.post('/admin/goods-setting/update', { id: made.data.id, site: 'JP' }, token)
    ).json();
    expect(moved.data.currency).toBe('JPY');
  });

  it('refuses an exchange rate of 0 and a markup beyond -90 %…+1000 %', async () => {
    for (const [field, value] of [
      ['exchangeRate', '0'],
      ['exchangeRate', '0.0000'],
      ['markupPercent', '100000'],
      ['markupPercent', '-95'],
    ] as const) {
      const res = await create({ ...base, [field]: value });
      expect(res.code, `${field} ${value}`).toBe(40000);
      expect(fieldsOf(res)).toEqual([field]);
    }
    expect((await create({ ...base, markupPercent: '-90' })).code).toBe(200);
    expect((await create({ ...base, name: '其二', markupPercent: '1000' })).code).toBe(200);
  });

  it('refuses a second setting of the same name', async () => {
    expect((await create(base)).code).toBe(200);
    const again = await create({ ...base, site: 'FR' });
    expect(again.code).toBe(40900);
    expect(fieldsOf(again)).toEqual(['name']);
  });
});
