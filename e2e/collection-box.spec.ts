import { createServer } from 'node:http';
import { expect, test } from '@playwright/test';
import { COLLECT_FIXTURE_PORT } from '../playwright.config';
import { signedIn } from './support';

/** A 1×1 PNG: the shop's picture. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/**
 * A shop's product page with its schema.org Product data and two colours, served where the
 * server may fetch it; its picture too, and one on a host that does not exist.
 */
const PRODUCT = {
  '@context': 'https://schema.org',
  '@type': 'Product',
  name: '采集测试登山包',
  image: ['pack.png', 'https://cdn.invalid/pack-2.jpg'],
  brand: { '@type': 'Brand', name: 'Summit' },
  description: '40 升，防泼水',
  offers: { '@type': 'Offer', price: '59.00', priceCurrency: 'USD' },
  variesBy: 'https://schema.org/color',
  hasVariant: [
    { '@type': 'Product', color: '石灰绿', sku: 'P-G', offers: { price: '59.00' } },
    { '@type': 'Product', color: '夜空蓝', sku: 'P-B', offers: { price: '62.00' } },
  ],
};

test('collection box: collect a product page, its picture kept and its variants, claim it, open its goods draft', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // A retry's page is a new one: the box keeps each page once.
  const path = `/pack-${test.info().retry}-${Date.now()}`;
  const shop = createServer((request, response) => {
    if (request.url === '/pack.png') {
      response.writeHead(200, { 'content-type': 'image/png' });
      response.end(PNG);
      return;
    }
    response.writeHead(request.url === path ? 200 : 404, { 'content-type': 'text/html' });
    response.end(
      `<html><head><script type="application/ld+json">${JSON.stringify(PRODUCT)}</script></head></html>`,
    );
  });
  await new Promise<void>((resolve) => shop.listen(COLLECT_FIXTURE_PORT, '127.0.0.1', resolve));
  try {
    const url = `http://127.0.0.1:${COLLECT_FIXTURE_PORT}${path}`;
    await signedIn(page, '/collection-box');
    await page.getByRole('button', { name: '采集' }).first().click();
    const drawer = page.getByRole('dialog');
    await drawer.getByLabel('商品链接').fill(`${url}\nhttp://10.0.0.1/private`);
    await drawer.getByRole('button', { name: '开始采集' }).click();
    await expect(drawer.getByText('采集 1 个，已有 0 个，失败或拒绝 1 个')).toBeVisible({
      timeout: 30_000,
    });
    await expect(
      drawer.getByText('10.0.0.1 指向内网或本机地址（10.0.0.1），不能采集'),
    ).toBeVisible();
    // Its picture is kept as the merchant's; the one that could not be fetched is said.
    await expect(drawer.getByText('已保存 1 张图片到素材库 · 2 个规格')).toBeVisible();
    await expect(drawer.getByTestId('images-failed')).toContainText(
      'https://cdn.invalid/pack-2.jpg',
    );
    await expect(drawer.getByTestId('images-failed')).toContainText('找不到 cdn.invalid 的地址');
    await page.keyboard.press('Escape');

    const row = page.locator('tr').filter({ hasText: '采集测试登山包' }).first();
    await expect(row).toContainText('USD 59.00');
    await expect(row).toContainText('待认领');
    await expect(row.locator('img[src^="/uploads/"]')).toBeVisible();
    // Its variants in its detail.
    await row.getByRole('button', { name: '详情' }).click();
    const variants = page.getByTestId('collected-variants');
    await expect(variants.locator('tr.ant-table-row')).toHaveCount(2);
    await expect(variants.locator('tr.ant-table-row').nth(1)).toContainText('夜空蓝');
    await expect(variants.locator('tr.ant-table-row').nth(1)).toContainText('62.00');
    await page.keyboard.press('Escape');
    await row.getByRole('checkbox').check();
    await page.getByRole('button', { name: '认领' }).first().click();
    await expect(row).toContainText('已认领');
    await row.getByRole('link', { name: '打开商品草稿' }).click();
    await expect(page).toHaveURL(/\/goods-store\?id=\d+/);
    await expect(page.getByLabel('商品标题')).toHaveValue('采集测试登山包', { timeout: 30_000 });
    // The draft's grid: a row a colour, at its price.
    await expect(page.getByLabel('售价（元） 2')).toHaveValue('62.00');
  } finally {
    shop.closeAllConnections();
    shop.close();
  }
});
