import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../shared/envelope';
import {
  createAccount,
  createOtherMerchant,
  createTestApp,
  OWNER_PASSWORD,
  type TestApp,
} from './test-support';

/**
 * Every API route from the OpenAPI document, called with every kind of credential that must not
 * pass, and by another merchant's owner aimed at this merchant's rows: no call answers 5xx, none
 * changes a row it was refused, and none answers a marker only this merchant's data holds.
 * A new route is in the matrix as soon as it is in the document.
 */

/** Calls anyone may make. */
const PUBLIC = new Set(['POST /admin/auth/login', 'POST /open/config/website_config']);
/** Calls every signed-in account may make, whatever its routes. */
const SIGNED_IN = new Set([
  'POST /admin/auth/loginOut',
  'POST /admin/user/detail',
  'POST /admin/menu/index',
  'POST /admin/help/center',
  'POST /admin/upload',
]);
/** The calls behind the sign-in: the API, and the template demos' mock API (modules/demo-mock). */
const GUARDED = /^\/(admin|vue-element-admin)\//;
/** Text only this merchant's rows hold: an answer holding it to anyone else is a leak. */
const MARKER = 'zq7secret';

/**
 * One body for every route: the fields the routes' schemas read, aimed at the rows numbered 1
 * (every table's first row is this merchant's; each test file starts from emptied tables).
 */
const BODY = {
  id: 1,
  ids: [1],
  articleType: 1,
  title: 'pwned title',
  name: 'pwned01',
  realname: 'pwned',
  password: 'Pwned-pass1',
  oldPassword: 'whatever1',
  newPassword: 'Pwned-pass2',
  confirmPassword: 'Pwned-pass2',
  websiteName: 'pwned site',
  status: 'disabled',
  permissions: [],
  kind: 'customers',
  body: '<p>pwned</p>',
  phone: '13800000000',
};

let t: TestApp;
let routes: { method: string; url: string }[];
/** Every business table's rows, as text: compared before and after refused calls. */
async function snapshot(merchantOnly = false) {
  const tables = ['merchants', 'admins', 'site_settings', 'articles', 'customers', 'help_articles'];
  const out: Record<string, unknown> = {};
  for (const table of tables) {
    const scope =
      merchantOnly && table !== 'merchants'
        ? sql.raw(`where merchant_id = 1`)
        : merchantOnly
          ? sql.raw('where id = 1')
          : sql.raw('');
    const { rows } = (await t.db.execute(
      sql`select * from ${sql.identifier(table)} ${scope} order by id`,
    )) as unknown as { rows: unknown[] };
    out[table] = JSON.stringify(rows);
  }
  return out;
}

function call(route: { method: string; url: string }, token?: string, body: object = BODY) {
  return t.app.inject({
    method: route.method as 'POST',
    url: route.url.replace('{*}', '1/x.png'),
    payload: route.method === 'GET' ? undefined : body,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

beforeAll(async () => {
  t = await createTestApp();
  const doc = (await t.app.inject({ method: 'GET', url: '/docs/openapi.json' })).json();
  routes = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(
    ([url, ops]) => Object.keys(ops).map((method) => ({ method: method.toUpperCase(), url })),
  );
  // This merchant's data, each holding the marker.
  const owner = await t.login();
  const made = [
    await t.post('/admin/article/create', { articleType: 1, title: `${MARKER} article` }, owner),
    await t.post('/admin/customer/create', { name: `${MARKER} customer` }, owner),
    await t.post('/admin/help/create', { title: `${MARKER} help`, body: '<p>x</p>' }, owner),
    await t.post(
      '/admin/website-setting/update',
      {
        id: (await t.post('/admin/website-setting/get', {}, owner)).json().data.id,
        websiteName: `${MARKER} site`,
      },
      owner,
    ),
    await t.post(
      '/admin/account/create',
      { name: `${MARKER}01`, password: 'Clerk-pass1', permissions: ['client-list'] },
      owner,
    ),
  ];
  for (const res of made) expect(res.json().code).toBe(200);
  // The marker shows where it belongs, so its absence elsewhere means something.
  const own = await t.post('/admin/article/list', { articleType: 1 }, owner);
  expect(own.body).toContain(MARKER);
});
afterAll(() => t.close());

describe('the authorization matrix over every route', () => {
  it('finds the routes in the API document', () => {
    expect(routes.length).toBeGreaterThan(30);
  });

  it('refuses every credential that must not pass, changing nothing', async () => {
    // Kinds of sessions that must not pass, each made for the purpose.
    const revoked = await t.login();
    await t.post('/admin/auth/loginOut', {}, revoked);
    const expired = await t.login();
    await t.db.execute(
      sql`update sessions set expires_at = now() - interval '1 second' where id = (select max(id) from sessions)`,
    );
    const { token: disabled } = await createAccount(t, {
      name: 'gone01',
      permissions: ['client-list'],
    });
    await t.db.execute(sql`update admins set status = 'disabled' where name = 'gone01'`);
    await t.caughtUp();
    const before = await snapshot();
    const kinds: [string, string | undefined, number][] = [
      ['no token', undefined, ResultCode.TOKEN_UNKNOWN],
      ['a forged token', 'forged-token-0123456789', ResultCode.TOKEN_UNKNOWN],
      ['a revoked session', revoked, ResultCode.TOKEN_REVOKED],
      ['an expired session', expired, ResultCode.TOKEN_EXPIRED],
      ['a disabled account', disabled, ResultCode.TOKEN_REVOKED],
    ];
    const wrong: string[] = [];
    let calls = 0;
    for (const [kind, token, code] of kinds) {
      for (const route of routes) {
        const key = `${route.method} ${route.url}`;
        if (PUBLIC.has(key) || !GUARDED.test(route.url)) continue;
        const res = await call(route, token);
        calls++;
        if (res.json().code !== code) wrong.push(`${kind}: ${key} answered ${res.json().code}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(calls).toBeGreaterThan(100);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a sub-account every route it was not given', async () => {
    const { token } = await createAccount(t, { name: 'nothing01', permissions: [] });
    const before = await snapshot();
    const wrong: string[] = [];
    for (const route of routes) {
      const key = `${route.method} ${route.url}`;
      if (PUBLIC.has(key) || SIGNED_IN.has(key) || !GUARDED.test(route.url)) continue;
      const res = await call(route, token);
      const { code } = res.json();
      // A route whose permission depends on the body may first refuse the body itself (400).
      if (code !== ResultCode.FORBIDDEN && code !== ResultCode.VALIDATION)
        wrong.push(`${key} answered ${code}`);
    }
    expect(wrong).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it('lets another merchant’s owner neither see nor change this merchant’s rows', async () => {
    const other = await createOtherMerchant(t, 'other01');
    const before = await snapshot(true);
    const leaks: string[] = [];
    const errors: string[] = [];
    let exports = 0;
    // Every route with the common body, and the exports with bodies they take as they are.
    const exportCalls = [
      { method: 'POST', url: '/admin/article/export', body: { articleType: 1 } },
      { method: 'POST', url: '/admin/customer/export', body: {} },
    ];
    for (const route of [...routes, ...exportCalls]) {
      const key = `${route.method} ${route.url}`;
      if (key === 'POST /admin/auth/loginOut') continue;
      const res = await call(route, other.token, 'body' in route ? (route.body as object) : BODY);
      if (res.statusCode >= 500) errors.push(`${key} answered ${res.statusCode}`);
      if (res.body.includes(MARKER)) leaks.push(key);
      if (String(res.headers['content-type']).includes('spreadsheetml')) {
        // An export is zipped: its cells are read back.
        const workbook = new ExcelJS.Workbook();
        await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
        workbook.eachSheet((sheet) =>
          sheet.eachRow((row) =>
            row.eachCell((cell) => {
              if (String(cell.value).includes(MARKER)) leaks.push(`${key} (export)`);
            }),
          ),
        );
        exports++;
      }
    }
    expect(errors).toEqual([]);
    expect(leaks).toEqual([]);
    expect(exports).toBeGreaterThanOrEqual(3);
    expect(await snapshot(true)).toEqual(before);
    // And this merchant still signs in as before.
    expect(await t.login('admin', OWNER_PASSWORD)).toEqual(expect.any(String));
    // The open order list's long poll holds its full 25 s for a merchant with nothing new.
  }, 90_000);
});
