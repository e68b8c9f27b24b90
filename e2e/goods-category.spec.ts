import { expect, type Page, test } from '@playwright/test';
import { api, signedIn } from './support';

/** The tree's rows, top to bottom, as `name` (a child indented by its depth in dots). */
async function outline(page: Page) {
  // (antd keeps a hidden placeholder node for measuring: only rows with a title count.)
  return page.locator('.ant-tree-treenode:has(.resource-tree-title)').evaluateAll((nodes) =>
    nodes.map((node) => {
      const depth = node.querySelectorAll('.ant-tree-indent-unit').length;
      const name = node.querySelector('.resource-tree-title')?.textContent ?? '';
      return `${'.'.repeat(depth)}${name}`;
    }),
  );
}

test('categories: add a tree, add below, drag to reorder and move, refuse deleting a parent', async ({
  page,
}) => {
  test.setTimeout(120_000); // a long flow: eleven saves and moves
  // A retry finds the first try's rows: its names differ.
  const r = test.info().retry ? `-${test.info().retry}` : '';
  // Other tests add categories too: the outline is this test's rows.
  const names = new Set(['测试家居', '测试锅具', '测试刀具', '测试户外'].map((name) => name + r));
  const mine = (rows: string[]) => rows.filter((row) => names.has(row.replace(/^\.+/, '')));
  await signedIn(page, '/goods-category');
  const save = page.getByRole('button', { name: /保\s*存/ });
  const node = (name: string) =>
    page.locator('.ant-tree-treenode').filter({ has: page.getByText(name, { exact: true }) });

  // A top-level category from the toolbar, on its own page.
  await page.getByRole('button', { name: '新增分类' }).click();
  await expect(page).toHaveURL(/\/goods-category-store$/);
  await page.getByLabel('分类名称').fill(`测试家居${r}`);
  await page.getByLabel('平台类目').fill('Home & Kitchen');
  await save.click();
  await expect(page).toHaveURL(/\/goods-category$/);
  await expect(node(`测试家居${r}`)).toBeVisible();

  // Two below it: the form starts under the row's category.
  for (const name of [`测试锅具${r}`, `测试刀具${r}`]) {
    // (Retried: the tree redraws when the list it just left reloads.)
    await expect(async () => {
      await page.getByRole('button', { name: `添加子分类 测试家居${r}` }).click();
      await expect(page).toHaveURL(/parentId=\d+/, { timeout: 2000 });
    }).toPass();
    await expect(page.getByRole('combobox', { name: '上级分类' }).locator('..')).toContainText(
      `测试家居${r}`,
    );
    await page.getByLabel('分类名称').fill(name);
    await save.click();
    await expect(page).toHaveURL(/\/goods-category$/);
    await expect(node(name)).toBeVisible();
  }
  await page.getByRole('button', { name: '新增分类' }).click();
  await page.getByLabel('分类名称').fill(`测试户外${r}`);
  await save.click();
  await expect
    .poll(async () => mine(await outline(page)))
    .toEqual([`测试家居${r}`, `.测试锅具${r}`, `.测试刀具${r}`, `测试户外${r}`]);

  // Drag 刀具 above 锅具, then onto 户外 (under it).
  await node(`测试刀具${r}`).dragTo(node(`测试锅具${r}`), { targetPosition: { x: 200, y: 2 } });
  await expect
    .poll(async () => mine(await outline(page)))
    .toEqual([`测试家居${r}`, `.测试刀具${r}`, `.测试锅具${r}`, `测试户外${r}`]);
  // Dragged to the right of where it started: into the row it is over (antd's Tree).
  await node(`测试刀具${r}`).dragTo(node(`测试户外${r}`), {
    sourcePosition: { x: 40, y: 16 },
    targetPosition: { x: 300, y: 16 },
  });
  await expect
    .poll(async () => mine(await outline(page)))
    .toEqual([`测试家居${r}`, `.测试锅具${r}`, `测试户外${r}`, `.测试刀具${r}`]);

  // Searching keeps a match's parents.
  await page.getByRole('searchbox', { name: '关键词' }).fill(`锅具${r}`);
  await expect
    .poll(async () => mine(await outline(page)))
    .toEqual([`测试家居${r}`, `.测试锅具${r}`]);
  await page.getByRole('searchbox', { name: '关键词' }).fill('');

  // A category with sub-categories stays.
  await page.getByRole('button', { name: `删除 测试户外${r}` }).click();
  await page.getByRole('button', { name: /确\s*定|OK/ }).click();
  // (The moves' "saved" notes may still be up: the refusal is the alert that says why.)
  await expect(
    page.getByRole('alert').filter({ hasText: '其下还有 1 个子项，请先移走或删除' }),
  ).toBeVisible();
  await expect.poll(async () => mine(await outline(page))).toContain(`测试户外${r}`);
});

test('the goods form picks a category in its tree, found by any part of its path and shown by the whole path; the list filters by path', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const r = `${Date.now() % 100_000}`;
  const token = await signedIn(page);
  const top = await api(page, token, '/admin/goods-category/create', { name: `路径服装${r}` });
  const middle = await api(page, token, '/admin/goods-category/create', {
    name: `路径男装${r}`,
    parentId: top.id,
  });
  await api(page, token, '/admin/goods-category/create', { name: 'T恤', parentId: middle.id });
  const path = `路径服装${r} / 路径男装${r} / T恤`;

  await page.goto('/goods-list');
  await page.getByRole('button', { name: '新增商品' }).click();
  await page.getByLabel('商品标题').fill(`路径短袖${r}`);
  // Typing the middle of the path finds the rows under it: T恤 alone would match other trees'.
  const picker = page.getByRole('combobox', { name: '分类' });
  await picker.fill(`路径男装${r}`);
  const options = page.locator('.ant-select-tree-node-content-wrapper:visible');
  await expect(options.filter({ hasText: /^T恤$/ })).toHaveCount(1);
  await options.filter({ hasText: /^T恤$/ }).click();
  // The box shows where the category sits, not a bare T恤.
  await expect(picker.locator('xpath=ancestor::*[contains(@class,"ant-select")][1]')).toContainText(
    path,
  );
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page).toHaveURL(/\/goods-list$/);

  // The list's category filter names each choice by its path.
  await page.getByRole('combobox', { name: '分类' }).click();
  await page.getByRole('combobox', { name: '分类' }).fill(`路径男装${r} / T`);
  await page.locator('.ant-select-item-option').filter({ hasText: path }).click();
  await page.getByRole('button', { name: /查\s*询/ }).click();
  const rows = page.locator('tr.ant-table-row:visible');
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(`路径短袖${r}`);
});
