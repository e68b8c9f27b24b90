import { expect, test } from '@playwright/test';
import { signIn } from './support';

test('the website name changes the page title at once', async ({ page }) => {
  await signIn(page);
  await page.goto('/website-setting');
  const name = page.getByRole('textbox', { name: /网站名称/ });
  await expect(name).toHaveValue('商户管理后台');
  await name.fill('小王茶叶店');
  await page.getByRole('textbox', { name: '联系邮箱' }).fill('not-an-email');
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('Not an email address')).toBeVisible();
  await page.getByRole('textbox', { name: '联系邮箱' }).fill('shop@example.com');
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page).toHaveTitle('网站设置 - 小王茶叶店');
  await page.reload();
  await expect(page).toHaveTitle('网站设置 - 小王茶叶店');
  await expect(page.getByRole('textbox', { name: '联系邮箱' })).toHaveValue('shop@example.com');

  // The operation log shows the change.
  await page.goto('/operation-log');
  await expect(page.locator('.ant-table-row').first()).toContainText('修改网站设置');
  await expect(page.locator('.ant-table-row').first()).toContainText('小王茶叶店');

  await page.goto('/website-setting');
  await page.getByRole('textbox', { name: /网站名称/ }).fill('商户管理后台');
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page).toHaveTitle('网站设置 - 商户管理后台');
});
