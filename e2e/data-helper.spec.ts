import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { signIn } from './support';

test('import customers: every problem is listed, then only the valid rows are written', async ({
  page,
}) => {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('客户');
  sheet.addRow(['姓名', '手机号', '性别', '标签']);
  sheet.addRow(['孙八', '13855556666', '男', '批发']);
  sheet.addRow(['', '12', '女', '']);
  const file = path.join(os.tmpdir(), `import-${Date.now()}.xlsx`);
  await workbook.xlsx.writeFile(file);

  await signIn(page);
  await page.goto('/data-helper');
  await page.getByTestId('import-file').setInputFiles(file);
  await page.getByRole('button', { name: /校\s*验/ }).click();
  await expect(page.getByText('共 2 行：1 行有效，2 个问题')).toBeVisible();
  const problems = page.locator('tr[data-row-key]');
  await expect(problems).toHaveCount(2);
  await expect(problems.first()).toContainText('姓名');
  await expect(page.getByRole('button', { name: /导\s*入/ })).toBeDisabled();

  await page.getByRole('checkbox', { name: '只导入有效的 1 行' }).check();
  await page.getByRole('button', { name: /导\s*入/ }).click();
  await expect(page.locator('.ant-alert').filter({ hasText: '已导入 1 行' })).toBeVisible();

  await page.goto('/client-list');
  await expect(page.locator('tr[data-row-key]').filter({ hasText: '孙八' })).toContainText('批发');
});
