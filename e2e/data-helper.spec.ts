import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { signedIn } from './support';

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

  await signedIn(page, '/data-helper');
  await page.getByTestId('import-file').setInputFiles(file);
  await page.getByRole('button', { name: /校\s*验/ }).click();
  await expect(page.getByText('共 2 行：1 行有效，2 个问题')).toBeVisible();
  const problems = page.locator('tr[data-row-key]');
  await expect(problems).toHaveCount(2);
  await expect(problems.first()).toContainText('姓名');
  // Each problem in the UI's language.
  await expect(problems.first()).toContainText('此项必填');
  // The rows with problems, as a file with their reasons.
  const badRows = page.waitForEvent('download');
  await page.getByRole('button', { name: '下载有问题的行' }).click();
  const bad = new ExcelJS.Workbook();
  await bad.xlsx.readFile(await (await badRows).path());
  expect(bad.worksheets[0]?.rowCount).toBe(2);
  expect(String(bad.worksheets[0]?.getRow(2).getCell(6).value)).toContain('姓名');
  await expect(page.getByRole('button', { name: /导\s*入/ })).toBeDisabled();

  await page.getByRole('checkbox', { name: '只导入有效的 1 行' }).check();
  await page.getByRole('button', { name: /导\s*入/ }).click();
  await expect(page.locator('.ant-alert').filter({ hasText: '已导入 1 行' })).toBeVisible();

  await page.goto('/client-list');
  await expect(page.locator('tr[data-row-key]').filter({ hasText: '孙八' })).toContainText('批发');

  // The same file again: the customer is found by phone, and is not added twice.
  await page.goto('/data-helper');
  await page.getByTestId('import-file').setInputFiles(file);
  await page.getByRole('button', { name: /校\s*验/ }).click();
  await expect(page.getByText('1 行的手机号已存在：跳过这些行')).toBeVisible();
  await page.getByRole('checkbox', { name: '只导入有效的 1 行' }).check();
  await page.getByRole('button', { name: /导\s*入/ }).click();
  await expect(page.locator('.ant-alert').filter({ hasText: '已导入 0 行' })).toBeVisible();
});

test('the import template holds the headers only; its example is on a sheet of its own', async ({
  page,
}) => {
  await signedIn(page, '/data-helper');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: '下载模板' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('客户列表-导入模板.xlsx');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await file.path());
  expect(workbook.worksheets.map((s) => s.name)).toEqual(['客户列表', '填写说明']);
  expect(workbook.worksheets[0]?.rowCount).toBe(1);
  expect(workbook.worksheets[0]?.getRow(1).getCell(1).value).toBe('姓名');
  // Derived figures are not importable.
  expect(workbook.worksheets[0]?.getRow(1).values).not.toContain('订单数');
});
