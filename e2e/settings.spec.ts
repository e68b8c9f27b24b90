import { expect, test } from '@playwright/test';
import { signedIn } from './support';

test('the website name changes the page title at once', async ({ page }) => {
  await signedIn(page, '/website-setting');
  const name = page.getByRole('textbox', { name: /网站名称/ });
  await expect(name).toHaveValue('商户管理后台');
  await name.fill('小王茶叶店');
  await page.getByRole('textbox', { name: '联系邮箱' }).fill('not-an-email');
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('邮箱格式不正确')).toBeVisible();
  await page.getByRole('textbox', { name: '联系邮箱' }).fill('shop@example.com');
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page).toHaveTitle('网站设置 - 小王茶叶店');
  await page.reload();
  await expect(page).toHaveTitle('网站设置 - 小王茶叶店');
  await expect(page.getByRole('textbox', { name: '联系邮箱' })).toHaveValue('shop@example.com');

  // The operation log shows the change.
  await page.goto('/operation-log');
  await expect(page.locator('tr[data-row-key]').first()).toContainText('修改网站设置');
  await expect(page.locator('tr[data-row-key]').first()).toContainText('小王茶叶店');

  await page.goto('/website-setting');
  await page.getByRole('textbox', { name: /网站名称/ }).fill('商户管理后台');
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page).toHaveTitle('网站设置 - 商户管理后台');
});

test('help articles written in the help screen open from the help-centre link', async ({
  page,
}) => {
  await signedIn(page, '/service-help');
  await page.getByRole('button', { name: '新增帮助' }).click();
  const drawer = page.getByRole('dialog');
  await drawer.getByRole('textbox', { name: /标题/ }).fill('如何导出客户');
  await drawer.getByRole('textbox', { name: '内容' }).click();
  await page.keyboard.type('在客户列表点击导出 Excel。');
  await drawer.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.locator('tr[data-row-key]').filter({ hasText: '如何导出客户' })).toContainText(
    '显示中',
  );

  await page.getByRole('button', { name: '帮助中心' }).click();
  const center = page.getByRole('dialog', { name: '帮助中心' });
  await center.getByText('如何导出客户').click();
  await expect(center).toContainText('在客户列表点击导出 Excel。');
});
