import { expect, test } from '@playwright/test';
import { signedIn } from './support';

test('listing settings: 获取汇率 in the form, a rate typed over it, and 获取汇率 from the row', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const name = `汇率测试${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  await signedIn(page, '/goods-setting-list');
  await page.getByRole('button', { name: '新增刊登设置' }).click();
  await page.getByRole('textbox', { name: /名称/ }).fill(name);
  // Today's rate of the site's currency (USD) fills the field, and is said.
  await page.getByRole('button', { name: '获取汇率' }).click();
  await expect(page.getByTestId('rate-filled')).toContainText(/今日 USD 汇率 7\.\d{4}/);
  await expect(page.getByRole('spinbutton', { name: /汇率（元）/ })).toHaveValue(/^7\.\d{4}$/);
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page).toHaveURL(/\/goods-setting-list/);

  // Saved with the fetched rate: a fetched one, with its time (not 手动填写).
  await page.getByRole('searchbox', { name: '关键词' }).fill(name);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  const row = page.locator('tr.ant-table-row:visible').filter({ hasText: name });
  await expect(row).toContainText(/7\.\d{4}\s*\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
  await expect(row).not.toContainText('手动填写');

  // A rate typed by hand is the merchant's: 手动填写, never overwritten by the daily fetch.
  await row
    .getByRole('link', { name: '编辑' })
    .or(row.getByRole('button', { name: '编辑' }))
    .click();
  await page.getByRole('spinbutton', { name: /汇率（元）/ }).fill('7.5');
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page).toHaveURL(/\/goods-setting-list/);
  await expect(row).toContainText('7.5000');
  await expect(row).toContainText('手动填写');

  // 获取汇率 from the row: asked, naming how many; today's rate again, fetched.
  await row.getByRole('button', { name: '获取汇率' }).click();
  await page
    .getByRole('dialog')
    .filter({ hasText: '为这 1 个刊登设置获取今日汇率？' })
    .getByRole('button', { name: '获取汇率' })
    .click();
  await expect(page.getByText(/已获取今日汇率：USD 7\.\d{4}/)).toBeVisible();
  await expect(row).not.toContainText('手动填写');
  await expect(row).not.toContainText('7.5000');
});
