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
