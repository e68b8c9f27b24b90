import { type Browser, expect, type Page } from '@playwright/test';
import { E2E_ADMIN_PASSWORD } from '../playwright.config';

export const OWNER = { name: 'admin', password: E2E_ADMIN_PASSWORD, realname: '店铺管理员' };

/** Signs in through the login page and waits for the dashboard. */
export async function signIn(page: Page, name = OWNER.name, password = OWNER.password) {
  await page.goto('/login');
  await page.getByPlaceholder('请输入账号').fill(name);
  await page.getByPlaceholder('请输入密码').fill(password);
  await page
    .getByRole('button', { name: '登 录' })
    .or(page.getByRole('button', { name: '登录' }))
    .click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('account-menu')).toBeVisible();
}

/** A token straight from the API (for setting up state without the UI). */
export async function apiToken(page: Page, name = OWNER.name, password = OWNER.password) {
  const response = await page.request.post('/admin/auth/login', { data: { name, password } });
  const body = await response.json();
  expect(body.code).toBe(200);
  return body.data.token as string;
}

/** A call on the API as the signed-in account (setting up state), its answer's data; it must succeed. */
export async function api(page: Page, token: string, url: string, data: unknown = {}) {
  const body = await (
    await page.request.post(url, { data, headers: { authorization: `Bearer ${token}` } })
  ).json();
  expect(body.code, `${url}: ${body.msg}`).toBe(200);
  return body.data;
}

/** A customer's phone (390 × 844, Chinese): a page in a context of its own, closed with it. */
export async function customerPhone(browser: Browser) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    locale: 'zh-CN',
  });
  return context.newPage();
}

/**
 * Verifies `phone` in the storefront's form (the one showing, in a drawer or in place): the code
 * asked for, read from the SMS sandbox's phone on the page, entered.
 */
export async function verifyStorefrontPhone(customer: Page, phone: string) {
  const form = customer.getByTestId('verify-phone').filter({ visible: true });
  await form.getByLabel('手机号').fill(phone);
  await form.getByRole('button', { name: '获取验证码' }).click();
  const sms = form.getByTestId('sandbox-sms');
  await expect(sms).toContainText(/验证码是 \d{6}/);
  const code = /验证码是 (\d{6})/.exec((await sms.textContent()) ?? '')![1]!;
  await form.getByLabel('6 位验证码').fill(code);
  await form.getByRole('button', { name: /^验\s*证$/ }).click();
  await expect(customer.getByTestId('shop-me')).toContainText(
    `已验证手机 ${phone.slice(0, 3)}****${phone.slice(-4)}`,
  );
}
