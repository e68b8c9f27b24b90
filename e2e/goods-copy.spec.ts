import { expect, test } from '@playwright/test';
import { api, signedIn } from './support';

test('goods: 复制 from a row opens the copy, told apart by its title, with new SKUs and no codes', async ({
  page,
}) => {
  test.setTimeout(90_000);
  // Names of this run only: other runs and specs leave goods behind.
  const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`.toUpperCase();
  const title = `复制测试炒锅${run}`;
  const sku = `CP-${run}`;
  const token = await signedIn(page);
  const made = await api(page, token, '/admin/goods/create', {
    title,
    brand: 'Cookit',
    bulletPoints: ['304 不锈钢'],
  });
  await api(page, token, '/admin/goods/variants/save', {
    goodsId: made.id,
    attributes: [],
    variants: [{ options: {}, sellerSku: sku, cost: '10', price: '59.90', stock: 12, weight: 300 }],
  });

  await page.goto(`/goods-list?keyword=${encodeURIComponent(title)}`);
  // The original's row only: the copy's title begins the same way.
  const original = page.locator('tr').filter({ hasText: new RegExp(`${title}(?!（副本）)`) });
  await expect(original).toHaveCount(1);
  await original.getByRole('button', { name: '复制' }).click();

  // Said done, and the copy opens on its edit page to be changed.
  await expect(page.getByText(`已复制为“${title}（副本）”`)).toBeVisible();
  await expect(page).toHaveURL(/\/goods-store\?id=\d+/);
  const copyId = Number(new URL(page.url()).searchParams.get('id'));
  expect(copyId).not.toBe(made.id);
  await expect(page.getByLabel('商品标题')).toHaveValue(`${title}（副本）`);
  await expect(page.getByLabel('卖家 SKU 1')).toHaveValue(`${sku}-COPY`);
  await expect(page.getByLabel('UPC / EAN 1')).toHaveValue('');
  await expect(page.getByLabel('库存 1')).toHaveValue('0');

  // The list shows both: the copy a draft, beside the original.
  await page.goto(`/goods-list?keyword=${encodeURIComponent(title)}`);
  const copy = page.locator('tr').filter({ hasText: `${title}（副本）` });
  await expect(copy).toContainText('草稿');
  await expect(original).toHaveCount(1);
  // Each SKU is its own, exactly: the original keeps its own, the copy has -COPY.
  const skuOf = async (goodsId: number) =>
    (await api(page, token, '/admin/goods/variants', { goodsId })).variants[0].sellerSku as string;
  expect(await skuOf(made.id)).toMatch(new RegExp(`^${sku}(?!-)$`));
  expect(await skuOf(copyId)).toBe(`${sku}-COPY`);
});
