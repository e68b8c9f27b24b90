import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createTestApp, type TestApp } from './test-support';

/**
 * A masked field (a customer's, broker's or selling partner's phone) is matched by no search of an
 * account without its permission, wherever it searches: each match would tell one more digit, and
 * a coupon-only account once read a whole number in 24 searches of the coupon dialog's picker.
 * An account with the permission finds the row by those digits.
 */
const CUSTOMER_PHONE = '13912345678';
const BROKER_PHONE = '13712345670';
const PARTNER_PHONE = '13612345671';
/** Digits that only the masked part of each number holds (masked as 139****5678). */
const HIDDEN = '1234';

let t: TestApp;
let owner: string;
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.login();
  const made = await Promise.all([
    t.post('/admin/customer/create', { name: '王小明', phone: CUSTOMER_PHONE }, owner),
    t.post('/admin/broker/create', { name: '李经纪', phone: BROKER_PHONE }, owner),
    t.post(
      '/admin/selling-partner/create',
      { name: '赵分销', phone: PARTNER_PHONE, commissionRate: '5' },
      owner,
    ),
  ]);
  for (const res of made) expect(res.json().code, res.body).toBe(200);
});
afterAll(() => t.close());

const as = async (name: string, permissions: string[]) =>
  (await createAccount(t, { name, permissions })).token;
const data = async (url: string, body: unknown, token: string) => {
  const res = (await t.post(url, body, token)).json();
  expect(res.code, `${url}: ${res.msg}`).toBe(200);
  return res.data;
};

describe('masked fields in searches', () => {
  it("the coupon dialog's customer picker: by phone only with client-list.phone", async () => {
    const issuer = await as('issuer', ['coupon-list', 'coupon-list.issue']);
    const found = (keyword: string, token: string) =>
      data('/admin/coupon/customers', { keyword }, token);
    expect(await found(HIDDEN, issuer)).toEqual([]);
    expect(await found(CUSTOMER_PHONE, issuer)).toEqual([]);
    // Found by name, its phone masked.
    expect(await found('王小明', issuer)).toEqual([
      expect.objectContaining({ name: '王小明', phone: '139****5678' }),
    ]);

    const seer = await as('seer', ['coupon-list', 'coupon-list.issue', 'client-list.phone']);
    expect(await found(HIDDEN, seer)).toEqual([
      expect.objectContaining({ name: '王小明', phone: CUSTOMER_PHONE }),
    ]);
  });

  it('the lists of customers, brokers and selling partners: keyword by phone only with its permission', async () => {
    const cases = [
      ['customer', 'client-list', 'client-list.phone'],
      ['broker', 'broker', 'broker.phone'],
      ['selling-partner', 'selling-partner-list', 'selling-partner-list.phone'],
    ] as const;
    for (const [name, route, phone] of cases) {
      const blind = await as(`${name}-blind`, [route]);
      const seer = await as(`${name}-seer`, [route, phone]);
      const list = (token: string) => data(`/admin/${name}/list`, { keyword: HIDDEN }, token);
      expect((await list(blind)).items, name).toEqual([]);
      expect((await list(seer)).items, name).toHaveLength(1);
      // The export searches as the list does.
      const blindExport = await t.post(`/admin/${name}/export`, { keyword: HIDDEN }, blind);
      const seerExport = await t.post(`/admin/${name}/export`, { keyword: HIDDEN }, seer);
      expect(blindExport.statusCode).toBe(200);
      expect(blindExport.rawPayload.length, name).toBeLessThan(seerExport.rawPayload.length);
    }
  });

  it('the header search: by phone only with its permission', async () => {
    const blind = await as('search-blind', ['client-list', 'broker', 'selling-partner-list']);
    const seer = await as('search-seer', [
      'client-list',
      'broker',
      'selling-partner-list',
      'client-list.phone',
      'broker.phone',
      'selling-partner-list.phone',
    ]);
    const groups = async (token: string) =>
      (await data('/admin/search/records', { q: HIDDEN }, token)).groups.map(
        (g: { screen: string }) => g.screen,
      );
    expect(await groups(blind)).toEqual([]);
    expect((await groups(seer)).sort()).toEqual(['broker', 'client-list', 'selling-partner-list']);
  });

  it('an import that finds rows by phone: only with its permission', async () => {
    const file = Buffer.from(`姓名,手机号\n某人,${CUSTOMER_PHONE}\n`);
    const send = (token: string) =>
      t.app.inject({
        method: 'POST',
        url: '/admin/import/validate',
        payload: Buffer.concat([
          Buffer.from(
            '--b\r\nContent-Disposition: form-data; name="kind"\r\n\r\ncustomer\r\n' +
              '--b\r\nContent-Disposition: form-data; name="file"; filename="c.csv"\r\n' +
              'Content-Type: text/csv\r\n\r\n',
          ),
          file,
          Buffer.from('\r\n--b--\r\n'),
        ]),
        headers: {
          'content-type': 'multipart/form-data; boundary=b',
          authorization: `Bearer ${token}`,
        },
      });
    const blind = await as('import-blind', ['client-list', 'data-helper']);
    const refused = (await send(blind)).json();
    expect(refused.code).toBe(40300);
    expect(refused.msg).toBe(
      '这一栏目的导入按“手机号”查找已有记录，而本账号看不到完整的手机号，不能导入',
    );
    const seer = await as('import-seer', ['client-list', 'data-helper', 'client-list.phone']);
    const report = (await send(seer)).json();
    expect(report.code, report.msg).toBe(200);
    expect(report.data).toMatchObject({ valid: 1, existing: 1 });
  });
});
