import { expect, test } from '@playwright/test';
import { api, apiToken, signIn } from './support';

test('the dashboard says when store products on sale run low, and its link lists them', async ({
  page,
}) => {
  const r = `${Date.now() % 100_000}${test.info().retry}`;
  await signIn(page);
  const token = await apiToken(page);
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
