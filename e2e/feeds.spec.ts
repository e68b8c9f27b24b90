import { expect, type Page, test } from '@playwright/test';
import { signedIn } from './support';

/** A call as the screens make it. */
async function call(page: Page, token: string, url: string, data: unknown) {
  const body = await (
    await page.request.post(url, { data, headers: { authorization: `Bearer ${token}` } })
  ).json();
  expect(body.code, `${url}: ${body.msg}`).toBe(200);
  return body.data;
}

test('feeds: send ready goods, follow the feed to its end, see the listing live and change its price', async ({
  page,
}) => {
  test.setTimeout(150_000);
  // A retry finds the first try's rows: its names and SKUs differ.
  const r = test.info().retry ? `-${test.info().retry}` : '';
  const token = await signedIn(page);
  // Ready goods, as the goods screens leave them (their own browser tests play those steps).
  await call(page, token, '/admin/goods-setting/create', {
    name: `刊登测试美国站${r}`,
    marketplace: 'amazon',
    site: 'US',
    currency: 'USD',
    exchangeRate: '7.2',
    markupPercent: '30',
    fixedFee: '5',
    defaultStock: 20,
  });
  const category = await call(page, token, '/admin/goods-category/create', {
    name: `刊登测试${r}`,
  });
  const codes = r ? ['9780201379624', '4006381333986'] : ['5901234123457', '9501101530003'];
  await call(page, token, '/admin/goods-upc/import-codes', { codes: codes.join('\n') });
  const goods = await call(page, token, '/admin/goods/create', {
    title: `刊登测试炒锅${r}`,
    categoryId: category.id,
    images: ['https://img.example.com/wok.jpg'],
    bulletPoints: ['不粘'],
  });
  await call(page, token, '/admin/goods/variants/save', {
    goodsId: goods.id,
    attributes: [{ name: '尺码', values: ['M', 'L'] }],
    variants: ['M', 'L'].map((size, i) => ({
      options: { 尺码: size },
      sellerSku: `FEED-${size}${r}`,
      upc: codes[i],
      cost: '72.00',
      price: '99.00',
      stock: 10,
      weight: 500,
    })),
  });
  await call(page, token, '/admin/goods/ready', { ids: [goods.id] });

  // Sent from the feeds screen; its progress moves by itself to the end.
  await page.goto('/feeds-list');
  await page.getByRole('button', { name: '发送到平台' }).click();
  const dialog = page.getByRole('dialog', { name: '发送商品到平台' });
  await dialog.locator('#feed-setting').fill('刊登测试美国站');
  await page
    .locator('.ant-select-item-option')
    .filter({ hasText: `刊登测试美国站${r}` })
    .click();
  await dialog.locator('#feed-goods').fill('刊登测试炒锅');
  await page
    .locator('.ant-select-item-option')
    .filter({ hasText: `刊登测试炒锅${r}` })
    .click();
  // (Other tests' goods are ready too: the list stays open over the button until the field is left.)
  await dialog.locator('.ant-modal-title').click();
  await dialog.getByRole('button', { name: '发送 1 个商品' }).click();
  // Two sizes go as a variation family: its parent and two children.
  await expect(page.getByText(/已提交批次 F\d+，共 3 条/)).toBeVisible();
  const row = page.locator('tr.ant-table-row').first();
  await expect(row).toContainText('已完成', { timeout: 30_000 });
  await expect(row).toContainText('3/3');
  await row.getByRole('button', { name: /详\s*情/ }).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.locator('tr.ant-table-row')).toHaveCount(3);
  const medium = drawer
    .locator('tr.ant-table-row')
    .filter({ hasText: new RegExp(`FEED-M${r}(?!-)`) })
    .first();
  await expect(medium).toContainText('13.70 USD');
  await expect(medium).toContainText('成功');
  await page.keyboard.press('Escape');

  // Live: each variant is a listing; a new price goes out as a price feed.
  await page.goto('/listing');
  const listing = page
    .locator('tr.ant-table-row')
    .filter({ hasText: new RegExp(`FEED-M${r}(?!-)`) });
  await expect(listing).toContainText('13.70');
  await expect(listing).toContainText('在售');
  await listing.getByRole('button', { name: /编\s*辑/ }).click();
  await page.getByLabel('售价').fill('15.99');
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(listing).toContainText('15.99');
  await page.goto('/feeds-list');
  const priceFeed = page.locator('tr.ant-table-row').first();
  await expect(priceFeed).toContainText('价格');
  await expect(priceFeed).toContainText('已完成', { timeout: 30_000 });

  // The goods is listed now.
  await page.goto('/goods-list');
  await expect(
    page.locator('tr.ant-table-row').filter({ hasText: `刊登测试炒锅${r}` }),
  ).toContainText('已刊登');
});
