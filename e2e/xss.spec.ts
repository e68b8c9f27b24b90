import { expect, test } from '@playwright/test';
import { apiToken, signIn } from './support';

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

/** The n-th UPC-A code of this test's own (other tests' codes share the database): 11 digits and their check digit. */
function upc(n: number): string {
  const digits = `049000${String(n).padStart(5, '0')}`;
  const sum = [...digits].reverse().reduce((s, d, i) => s + Number(d) * (i % 2 === 0 ? 3 : 1), 0);
  return `${digits}${(10 - (sum % 10)) % 10}`;
}

test('no payload runs on any screen that shows it', async ({ page, browser }) => {
  // The control: rendered as HTML outside the app, a payload does run.
  const control = await browser.newPage();
  await control.setContent(`<div>${PAYLOADS[0]}</div>`);
  await expect.poll(() => control.evaluate(() => (window as { __xss?: number }).__xss)).toBe(1);
  await control.close();

  const token = await apiToken(page);
  const post = async (url: string, data: object) => {
    const res = await page.request.post(url, {
      data,
      headers: { authorization: `Bearer ${token}` },
    });
    return (await res.json()) as { code: number };
  };
  for (const [i, payload] of PAYLOADS.entries()) {
    const made = [
      await post('/admin/article/create', {
        articleType: 1,
        title: `T${i} ${payload}`.slice(0, 200),
        summary: payload,
        author: payload.slice(0, 64),
        body: `<p>${payload}</p><a href="javascript:window.__xss=1">x</a>${payload}`,
      }),
      await post('/admin/customer/create', { name: payload.slice(0, 64), remark: payload }),
      await post('/admin/help/create', { title: `H${i} ${payload}`, body: payload }),
      await post('/admin/goods-keywords/create', {
        name: `K${i} ${payload}`.slice(0, 64),
        keywords: payload,
        remark: payload,
      }),
      await post('/admin/goods-upc/create', { code: upc(i), remark: payload }),
      await post('/admin/account/create', {
        name: `xss${i}`,
        realname: payload.slice(0, 64),
        password: 'Xss-pass1',
      }),
    ];
    for (const res of made) expect(res.code).toBe(200);
  }
  expect(
    (
      await post('/admin/site/update', {
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
  await signIn(page);
  for (const path of [
    '/dashboard',
    '/article-news',
    '/client-list',
    '/service-help',
    '/goods-keywords',
    '/goods-upc',
    '/website-setting',
    '/operation-log',
    '/permission-account',
  ]) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
  }
  // An article opened for editing renders its body in the editor.
  await page.goto('/article-news');
  await page.getByText(/^T0 /).first().click();
  await page.waitForLoadState('networkidle');
  expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
  // The payloads are on the pages, as text.
  await page.goto('/client-list');
  await expect(page.getByText(PAYLOADS[1]!.slice(0, 40)).first()).toBeVisible();
  expect(dialogs).toBe(0);
});
