import { expect, test } from '@playwright/test';
import { signIn } from './support';

test('keyword sets: the search terms are counted in bytes as typed, and saved within the limit', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/goods-keywords');
  await expect(page).toHaveTitle('关键词库 - 商户管理后台');
  await page.getByRole('button', { name: '新增关键词' }).click();
  await expect(page).toHaveURL(/\/goods-keywords-store$/);
  await page.getByRole('textbox', { name: /名称/ }).fill('蓝牙耳机 美国站');
  const terms = page.getByRole('textbox', { name: /搜索关键词/ });
  // 84 Chinese characters are 252 bytes: over Amazon's 250.
  await terms.fill('蓝牙耳机'.repeat(21));
  await expect(page.getByText('252 / 250')).toBeVisible();
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('最多 250 字节（一个汉字 3 字节）')).toBeVisible();
  await terms.fill('wireless earbuds 蓝牙耳机');
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page).toHaveURL(/\/goods-keywords$/);
  const row = page.locator('tr[data-row-key]').filter({ hasText: '蓝牙耳机 美国站' });
  await expect(row).toContainText('亚马逊');
  await expect(row).toContainText('wireless earbuds 蓝牙耳机');
});
