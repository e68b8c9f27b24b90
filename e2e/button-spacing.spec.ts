import { expect, type Page, test } from '@playwright/test';
import { api, customerPhone, signedIn } from './support';

/** Buttons whose two characters antd would space ("全 部"): none should read so. */
const spacedButtons = (page: Page) =>
  page
    .locator('button, [role=button]')
    .evaluateAll((buttons) =>
      buttons
        .map((button) => (button.textContent ?? '').trim())
        .filter((text) => /^\p{Script=Han} \p{Script=Han}$/u.test(text)),
    );

test('two-character buttons read as one word on the login page, in dialogs, the storefront and the pay pages', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const r = `${Date.now() % 100_000}${test.info().retry}`;

  await page.goto('/login');
  await expect(page.getByRole('button', { name: '登录', exact: true })).toBeVisible();
  expect(await spacedButtons(page)).toEqual([]);

  const token = await signedIn(page);
  await api(page, token, '/admin/pay-manner/create', {
    kind: 'counter',
    name: `到店付${r}`,
    enabled: true,
  });
  const soup = await api(page, token, '/admin/product/create', {
    name: `空格汤${r}`,
    price: '6',
    stock: 20,
  });
  await api(page, token, '/admin/product/onSale', { ids: [soup.id] });

  // A confirm opened by a list (App.useApp's modal).
  await page.goto(`/product-list?keyword=${encodeURIComponent(`空格汤${r}`)}`);
  const row = page.locator('tr.ant-table-row:visible').filter({ hasText: `空格汤${r}` });
  await row.getByRole('checkbox').check();
  await page.getByRole('button', { name: '删除所选（1）' }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm.getByRole('button', { name: '取消', exact: true })).toBeVisible();
  expect(await spacedButtons(page)).toEqual([]);
  await confirm.getByRole('button', { name: '取消', exact: true }).click();
  await expect(confirm).toBeHidden();

  // The recharge's pay page.
  await page.goto('/recharge');
  await page.getByRole('button', { name: /去支付/ }).click();
  await expect(page.getByRole('button', { name: '取消支付' })).toBeVisible();
  expect(await spacedButtons(page)).toEqual([]);

  // The storefront (its own provider), its checkout and the order's page, on a phone.
  const customer = await customerPhone(browser);
  await customer.goto('/shop/1');
  await customer.getByTestId(`product-空格汤${r}`).getByRole('button', { name: '+' }).click();
  await customer.getByRole('button', { name: '去结算' }).click();
  await customer.getByLabel(`到店付${r}`).check();
  expect(await spacedButtons(customer)).toEqual([]);
  await customer.getByRole('button', { name: '提交订单 ¥6.00' }).click();
  await expect(customer.getByTestId('order-status')).toHaveText('待付款');
  expect(await spacedButtons(customer)).toEqual([]);
  await customer.context().close();

  // The request client's "log in again", opened outside React.
  await page.context().addCookies([{ name: 'Admin-Token', value: 'expired', url: page.url() }]);
  await page.goto('/product-list');
  const relogin = page.getByRole('dialog');
  await expect(relogin.getByRole('button', { name: '重新登录' })).toBeVisible();
  await expect(relogin.getByRole('button', { name: '取消', exact: true })).toBeVisible();
  expect(await spacedButtons(page)).toEqual([]);
});
