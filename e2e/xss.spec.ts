import { expect, test } from '@playwright/test';
import {
  type FieldDef,
  fieldEntries,
  has,
  inForm,
  rowLink,
  screenRoutes,
} from '../src/shared/resource';
import { validValue } from '../src/shared/resource-samples';
import { resources } from '../src/shared/resources';
import { PROVIDER_ID_PATTERNS } from '../src/shared/resources/pay-manner';
import { apiToken, signedIn } from './support';

/**
 * XSS payloads through the text fields of every area, then every screen that shows them, in
 * Chromium: no payload runs (no dialog, no flag set by a handler), and each shows as text.
 */
const PAYLOADS = [
  '<img src=x onerror="window.__xss=(window.__xss||0)+1">',
  '<script>window.__xss=(window.__xss||0)+1</script>',
  '"><svg onload="window.__xss=(window.__xss||0)+1">',
  'javascript:window.__xss=(window.__xss||0)+1//',
  '{{constructor.constructor("window.__xss=1")()}}',
];

/** The i-th row's title prefix (on a retry, new: a table's name is unique). */
const titleOf = (i: number, retry: number) => `X${i}${retry ? `r${retry}` : ''}`;

const TEXT_KINDS = ['text', 'longText', 'richText'];
/** A text field a payload can be stored in: in the form, with no rule of its own to refuse it. */
const takesPayload = (f: FieldDef) =>
  TEXT_KINDS.includes(f.kind) && inForm(f) && !f.rule && !f.pattern;

/** Values an area's own rule asks for, beyond what its definition says (an Amazon account's
 * marketplaces must be its region's). */
const ownRules: Record<string, Record<string, unknown>> = {
  'marketplace-account': { region: 'NA', marketplaceIds: ['ATVPDKIKX0DER'] },
  // A provider's ids have a form of their own, checked by the server with the rest of a provider.
  'pay-manner': Object.fromEntries(Object.keys(PROVIDER_ID_PATTERNS).map((key) => [key, ''])),
};

/**
 * Every area's text fields, from the resource definitions: a new area is covered without editing
 * this test. Each row carries the payload in every such field (its title prefixed, so that it can
 * be found); the other fields it must have get values of this test's own (from n: unique fields
 * such as a barcode differ from other tests' rows, and from this test's own on a retry).
 */
function rowsWith(payload: string, i: number, retry: number) {
  const n = 4900 + retry * 1000;
  return resources
    .filter((resource) => has(resource, 'create'))
    .map((resource) => {
      const body: Record<string, unknown> = {};
      for (const [at, [key, f]] of fieldEntries(resource).entries()) {
        if (takesPayload(f)) {
          const max = f.max ?? (f.kind === 'text' ? 200 : 2000);
          const maxBytes = f.maxBytes ?? max;
          const text = key === resource.titleField ? `${titleOf(i, retry)} ${payload}` : payload;
          body[key] =
            f.kind === 'richText'
              ? `<p>${text}</p><a href="javascript:window.__xss=1">x</a>${text}`
              : text.slice(0, Math.min(max, maxBytes));
        } else if (f.kind === 'image' && inForm(f))
          // An image always: an area may require one by its own rule (a banner has one).
          body[key] = 'https://img.example.com/xss.png';
        // A period's times always: an area may require one by its own rule (a coupon of fixed
        // dates), and the end's larger n puts it after the start. From tomorrow: a schedule (a
        // product's 定时上架) may not be in the past.
        else if (f.kind === 'datetime')
          body[key] = new Date(Date.now() + 86_400_000 + (n + i * 100 + at) * 60_000).toISOString();
        else if (f.required) body[key] = validValue(f, n + i * 100 + at);
      }
      if (resource.variants) body[resource.variants.field] = resource.variants.screens[0]!.value;
      return { resource, body: { ...body, ...ownRules[resource.name] } };
    });
}

test('no payload runs on any screen that shows it', async ({ page, browser }) => {
  // Every area's rows, then every screen and editor: several times a single screen's budget.
  test.setTimeout(360_000);
  // The control: rendered as HTML outside the app, a payload does run.
  const control = await browser.newPage();
  await control.setContent(`<div>${PAYLOADS[0]}</div>`);
  await expect.poll(() => control.evaluate(() => (window as { __xss?: number }).__xss)).toBe(1);
  await control.close();

  const token = await apiToken(page);
  const post = async <T = { id: number }>(url: string, data: object) => {
    const res = await page.request.post(url, {
      data,
      headers: { authorization: `Bearer ${token}` },
    });
    return (await res.json()) as { code: number; msg: string; data: T };
  };
  const made: Record<string, { id: number; title: string; variant?: unknown }> = {};
  // A retry runs on the same database: its titles and unique values are new ones.
  const retry = test.info().retry;
  for (const [i, payload] of PAYLOADS.entries()) {
    for (const { resource, body } of rowsWith(payload, i, retry)) {
      const res = await post(`/admin/${resource.name}/create`, body);
      expect(res.code, `${resource.name}: ${res.msg}`).toBe(200);
      made[resource.name] ??= {
        id: res.data.id,
        title: String(body[resource.titleField]),
        variant: resource.variants ? body[resource.variants.field] : undefined,
      };
    }
    // The collection box's rows come from other shops' pages: a hostile one carries the payload
    // in its Open Graph tags, which the box keeps as text.
    const attribute = (text: string) =>
      text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
    const title = `${titleOf(i, retry)} ${payload}`;
    const collected = await post<{ results: { outcome: string; id: number }[] }>(
      '/admin/collection-box/collect',
      {
        html: `<meta property="og:type" content="product">
        <meta property="og:title" content="${attribute(title)}">
        <meta property="og:description" content="${attribute(payload)}">`,
        url: `https://xss.example/${i}/${retry}`,
      },
    );
    expect(collected.data.results[0]?.outcome).toBe('collected');
    made['collection-box'] ??= { id: collected.data.results[0]!.id, title };
    // The screens not (yet) declared as resources.
    const account = await post('/admin/account/create', {
      name: `xss${i}r${retry}`,
      realname: payload.slice(0, 64),
      password: 'Xss-pass1',
    });
    expect(account.code).toBe(200);
  }
  // The website settings: the merchant's one row (the sidebar and the title show its name).
  const site = await post('/admin/website-setting/get', {});
  expect(
    (
      await post('/admin/website-setting/update', {
        id: site.data.id,
        websiteName: PAYLOADS[0]!.slice(0, 60),
        address: PAYLOADS[2],
      })
    ).code,
  ).toBe(200);

  let dialogs = 0;
  page.on('dialog', async (dialog) => {
    dialogs++;
    await dialog.dismiss();
  });
  await signedIn(page);
  const ran = () => page.evaluate(() => (window as { __xss?: number }).__xss);
  // Every area's list, with the payloads on it as text.
  for (const resource of resources.filter((r) => made[r.name])) {
    await page.goto(`/${screenRoutes(resource)[0]}`);
    // A screen's code loads on its first visit: on a busy machine that can take a while. (The
    // payload's first 14 characters: a title of 20, such as a table's, holds them after `X1r1 `.)
    await expect(page.getByText(PAYLOADS[1]!.slice(0, 14)).first(), resource.name).toBeVisible({
      timeout: 30_000,
    });
    expect(await ran(), resource.name).toBeUndefined();
  }
  // The screens that are not resources, and each rich text body in its row's add/edit page.
  const editors = resources
    .filter((r) => r.page && fieldEntries(r).some(([, f]) => f.kind === 'richText' && inForm(f)))
    .map((r) => rowLink(r, made[r.name]!));
  expect(editors.length).toBeGreaterThan(0);
  for (const path of [
    '/dashboard',
    '/website-setting',
    '/operation-log',
    '/permission-account',
    ...editors,
  ]) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    expect(await ran(), path).toBeUndefined();
  }
  expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
  expect(dialogs).toBe(0);
});
