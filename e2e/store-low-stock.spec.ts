import { expect, test } from '@playwright/test';
import { api, signedIn } from './support';

test('the dashboard says when store products on sale run low, and its link lists them', async ({
  page,
}) => {
  const r = `${Date.now() % 100_000}${test.info().retry}`;
  const token = await signedIn(page);
  const low = await api(page, token, '/admin/product/create', {
    name: `快卖完的卤蛋${r}`,
    price: '3',
    stock: 2,
  });
  const plenty = await api(page, token, '/admin/product/create', {
    name: `还有很多的豆浆${r}`,
    price: '4',
    stock: 80,
  });
  await api(page, token, '/admin/product/onSale', { ids: [low.id, plenty.id] });

  await page.goto('/dashboard');
  await page.getByRole('link', { name: /个在售店铺商品库存不足/ }).click();
  await expect(page).toHaveURL(/\/product-list\?status=on&stockRange=0,5$/);
  const rows = page.locator('tr.ant-table-row:visible');
  await expect(rows.filter({ hasText: `快卖完的卤蛋${r}` })).toBeVisible();
  await expect(rows.filter({ hasText: `还有很多的豆浆${r}` })).toHaveCount(0);
});

test('the dashboard names each spec combination on sale that runs low, and opens its product', async ({
  page,
}) => {
  const r = `${Date.now() % 100_000}${test.info().retry}`;
  const token = await signedIn(page);
  const noodles = await api(page, token, '/admin/product/create', {
    name: `规格快卖完的面${r}`,
    price: '20',
    stock: 80,
    specs: [
      { name: '份量', options: [{ name: '小份' }, { name: '大份' }] },
      { name: '辣度', options: [{ name: '微辣' }, { name: '特辣' }] },
    ],
    skus: [
      { options: ['大份', '特辣'], stock: 2 },
      { options: ['小份', '微辣'], stock: 30 },
    ],
  });
  await api(page, token, '/admin/product/onSale', { ids: [noodles.id] });

  await page.goto('/dashboard');
  const todos = page.getByTestId('todos');
  const low = todos.getByRole('link', { name: `规格快卖完的面${r} · 大份/特辣 剩 2` });
  await expect(low).toBeVisible();
  // Only the combination that runs low: the product has plenty, and so has 小份/微辣.
  await expect(
    todos.getByRole('link', { name: new RegExp(`规格快卖完的面${r} · 小份/微辣`) }),
  ).toHaveCount(0);
  await low.click();
  await expect(page).toHaveURL(new RegExp(`/product-store\\?id=${noodles.id}$`));
  await expect(page.getByLabel('商品名称')).toHaveValue(`规格快卖完的面${r}`);
});
