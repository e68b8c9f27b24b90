import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { api, signedIn } from './support';

/** A goods file: a T-shirt in red and blue × M and L, one row per variant. */
async function goodsFile(r: string, bluePrice: string) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('商品');
  sheet.addRow(['商品编码', '商品标题', '分类', '品牌', '规格', '卖家 SKU', '售价（元）', '库存']);
  sheet.addRow([
    `T${r}`,
    `导入T恤${r}`,
    '导入服装/上衣',
    'Acme',
    '颜色:红;尺码:M',
    `IM${r}-RM`,
    '39.90',
    10,
  ]);
  sheet.addRow([`T${r}`, '', '', '', '颜色:红;尺码:L', `IM${r}-RL`, '39.90', 5]);
  sheet.addRow([`T${r}`, '', '', '', '颜色:蓝;尺码:M', `IM${r}-BM`, bluePrice, 0]);
  sheet.addRow([`T${r}`, '', '', '', '颜色:蓝;尺码:L', `IM${r}-BL`, '42', 7]);
  const file = path.join(os.tmpdir(), `goods-import-${r}-${bluePrice}.xlsx`);
  await workbook.xlsx.writeFile(file);
  return file;
}

test('goods import: a bad row is shown and keeps its goods out; fixed, the goods land as drafts with their variants', async ({
  page,
}) => {
  const r = String(Date.now()).slice(-6);
  const token = await signedIn(page);
  // A retry finds the first try's categories: a name is used once among siblings.
  const category = async (name: string, parentId: number | null) => {
    const made = await (
      await page.request.post('/admin/goods-category/create', {
        data: { name, parentId },
        headers: { authorization: `Bearer ${token}` },
      })
    ).json();
    if (made.code === 200) return made.data as { id: number };
    const { items } = await api(page, token, '/admin/goods-category/tree', {});
    const found = (items as { id: number; name: string; parentId: number | null }[]).find(
      (c) => c.name === name && c.parentId === parentId,
    );
    expect(found, `${name}: ${made.msg}`).toBeTruthy();
    return found as { id: number };
  };
  const clothes = await category('导入服装', null);
  await category('上衣', clothes.id);

  // The goods list's Import opens the data helper with goods chosen.
  await page.goto('/goods-list');
  await page.getByRole('button', { name: /导\s*入/ }).click();
  await expect(page).toHaveURL(/\/data-helper\?kind=goods$/);
  await expect(page.getByRole('radio', { name: '商品列表', exact: true })).toBeChecked();

  await page.getByTestId('import-file').setInputFiles(await goodsFile(r, '35.999'));
  await page.getByRole('button', { name: /校\s*验/ }).click();
  await expect(page.getByText('共 4 行：0 行有效，4 个问题')).toBeVisible();
  const problems = page.locator('tr[data-row-key]');
  await expect(problems.filter({ hasText: '售价（元）' })).toContainText('金额（元）最多两位小数');
  // The goods' other rows stay out with it: a goods is never written in part.
  await expect(problems.filter({ hasText: '同一商品的第 4 行有问题' })).toHaveCount(3);
  await expect(page.getByRole('button', { name: /^导\s*入$/ })).toBeDisabled();

  await page.getByTestId('import-file').setInputFiles(await goodsFile(r, '35'));
  await page.getByRole('button', { name: /校\s*验/ }).click();
  await expect(page.getByText('共 4 行：4 行有效，0 个问题')).toBeVisible();
  await page.getByRole('button', { name: /^导\s*入$/ }).click();
  await expect(page.locator('.ant-alert').filter({ hasText: '已导入 4 行' })).toBeVisible();

  await page.goto(`/goods-list?keyword=${encodeURIComponent(`导入T恤${r}`)}`);
  const row = page.locator('tr[data-row-key]').filter({ hasText: `导入T恤${r}` });
  await expect(row).toContainText('草稿');
  await expect(row).toContainText('上衣');
  await expect(row).toContainText('35.00');
  await expect(row.getByRole('cell', { name: '22', exact: true })).toBeVisible();
  await row.getByRole('link', { name: `导入T恤${r}` }).click();
  await expect(page).toHaveURL(/\/goods-store\?id=\d+/);
  await expect(page.getByLabel('卖家 SKU 1')).toHaveValue(`IM${r}-RM`, { timeout: 30_000 });
  await expect(page.getByLabel('卖家 SKU 4')).toHaveValue(`IM${r}-BL`);
});

test('collection box import: a CSV of collected products from the box’s toolbar lands as new items', async ({
  page,
}) => {
  const r = String(Date.now()).slice(-6);
  const file = path.join(os.tmpdir(), `collected-${r}.csv`);
  await writeFile(
    file,
    `标题,价格,币种,来源链接\n"Trail jacket ${r}, blue",59.9,usd,https://shop.example.com/p/${r}\n`,
  );
  await signedIn(page, '/collection-box');
  await page.getByRole('button', { name: /导\s*入/ }).click();
  await expect(page).toHaveURL(/\/data-helper\?kind=collection-box$/);
  await page.getByTestId('import-file').setInputFiles(file);
  await page.getByRole('button', { name: /校\s*验/ }).click();
  await expect(page.getByText('共 1 行：1 行有效，0 个问题')).toBeVisible();
  await page.getByRole('button', { name: /^导\s*入$/ }).click();
  await expect(page.locator('.ant-alert').filter({ hasText: '已导入 1 行' })).toBeVisible();
  await page.goto('/collection-box');
  const row = page.locator('tr[data-row-key]').filter({ hasText: `Trail jacket ${r}, blue` });
  await expect(row).toContainText('USD 59.90');
  await expect(row).toContainText('待认领');
});
