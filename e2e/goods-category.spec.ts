import { expect, type Page, test } from '@playwright/test';
import { signIn } from './support';

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
  await signIn(page);
  await page.goto('/goods-category');
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
