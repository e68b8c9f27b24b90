import { expect, test } from '@playwright/test';
import { signedIn } from './support';

test('goods: add one, make its variant grid, fill a column, refuse a twice-used SKU, and say what is missing', async ({
  page,
}) => {
  test.setTimeout(120_000); // a long flow on one page
  // A retry finds the first try's rows: its names and SKUs differ.
  const r = test.info().retry ? `-${test.info().retry}` : '';
  const token = await signedIn(page);
  const category = await page.request.post('/admin/goods-category/create', {
    data: { name: `变体测试锅具${r}` },
    headers: { authorization: `Bearer ${token}` },
  });
  expect((await category.json()).code).toBe(200);

  await page.goto('/goods-list');
  await page.getByRole('button', { name: '新增商品' }).click();
  await expect(page.getByText('保存商品后即可添加规格')).toBeVisible({ timeout: 30_000 });
  await page.getByLabel('商品标题').fill(`变体测试炒锅${r}`);
  // (The list is virtual: only the first rows are drawn, so the category is found by typing.)
  await page.getByRole('combobox', { name: '分类' }).fill('变体测试');
  await page
    .locator('.ant-select-tree-node-content-wrapper')
    .filter({ hasText: `变体测试锅具${r}` })
    .click();
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page).toHaveURL(/\/goods-list$/);

  const row = page.locator('tr').filter({ hasText: `变体测试炒锅${r}` });
  await expect(row).toContainText(`变体测试锅具${r}`);
  await expect(row).toContainText('草稿');
  await row.getByRole('link', { name: '编辑' }).click();
  await expect(page).toHaveURL(/\/goods-store\?id=\d+/);

  // Two attributes make four rows.
  await page.getByRole('button', { name: '添加属性' }).click();
  await page.getByLabel('属性名，如 颜色 1').fill('颜色');
  await page.getByLabel('属性值，输入后按回车 1').fill('红');
  await page.keyboard.press('Enter');
  await page.getByLabel('属性值，输入后按回车 1').fill('蓝');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: '添加属性' }).click();
  await page.getByLabel('属性名，如 颜色 2').fill('尺码');
  await page.getByLabel('属性值，输入后按回车 2').fill('M,L,');
  await page.getByRole('button', { name: '生成规格表' }).click();
  const grid = page.locator('.ant-table-tbody tr.ant-table-row:visible'); // (the list stays open in its tab)
  await expect(grid).toHaveCount(4);
  await expect(grid.first()).toContainText('红 / M');

  // A price for every row at once; SKUs one by one, the last one twice.
  await page.getByLabel('批量填充 售价（元）').fill('59.9');
  await page.getByRole('button', { name: '批量填充' }).click();
  await expect(page.getByLabel('售价（元） 4')).toHaveValue('59.90');
  for (const [i, sku] of ['VT-RM', 'VT-RL', 'VT-BM', 'VT-RM'].map((sku) => sku + r).entries())
    await page.getByLabel(`卖家 SKU ${i + 1}`).fill(sku);
  await page.getByRole('button', { name: '保存规格' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '蓝 / L' })).toContainText('已存在');
  await page.getByLabel('卖家 SKU 4').fill(`VT-BL${r}`);
  await page.getByRole('button', { name: '保存规格' }).click();
  await expect(page.getByText('规格已保存')).toBeVisible();

  await page.goto('/goods-list');
  await expect(row).toContainText('¥59.90');
  // Not ready yet: no image, no bullet points, no codes.
  await row.getByRole('button', { name: '完成编辑' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '还差' })).toContainText('商品图片');
  await expect(row).toContainText('草稿');
});
