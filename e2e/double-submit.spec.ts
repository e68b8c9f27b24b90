import { expect, test } from '@playwright/test';
import { api, signedIn } from './support';

/** Issue #44: Save clicked twice in a row (a double click) makes one row, not two. */
test('a double click on 保存 makes one product, and one category in a drawer form', async ({
  page,
}) => {
  const r = `${Date.now() % 100_000}`;
  const token = await signedIn(page);
  const save = page.getByRole('button', { name: /保\s*存/ });
  const count = async (resource: string, keyword: string) =>
    (await api(page, token, `/admin/${resource}/list`, { keyword, page: 1, pageSize: 20 })).total;

  // The product's page form: its answer is slowed, so the second click lands while the first is out.
  await page.route('**/admin/product/create', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await route.continue();
  });
  await page.goto('/product-store');
  await page.getByLabel('商品名称').fill(`双击汤${r}`);
  await page.getByRole('spinbutton', { name: '售价（元）' }).fill('12');
  await page.getByRole('spinbutton', { name: '库存' }).fill('10');
  await save.dblclick();
  await expect(page).toHaveURL(/\/product-list$/);
  await expect(
    page.locator('tr.ant-table-row:visible').filter({ hasText: `双击汤${r}` }),
  ).toHaveCount(1);
  expect(await count('product', `双击汤${r}`)).toBe(1);

  // A drawer form (the category's): Save in the drawer's footer.
  await page.goto('/category-one');
  await page.getByRole('button', { name: '新增分类' }).click();
  await page.getByLabel('分类名称').fill(`双击分类${r}`);
  await save.dblclick();
  await expect(
    page.locator('tr.ant-table-row:visible').filter({ hasText: `双击分类${r}` }),
  ).toHaveCount(1);
  expect(await count('product-category', `双击分类${r}`)).toBe(1);
});
