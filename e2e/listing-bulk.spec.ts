import { expect, type Page, test } from '@playwright/test';
import { checkDigit } from '../src/shared/gtin';
import { api, apiToken, signIn } from './support';

/** A UPC-A code nobody else's test holds: 11 random digits and their check digit. */
function randomUpc() {
  const body = `7${String(Math.floor(Math.random() * 1e10)).padStart(10, '0')}`;
  return `${body}${checkDigit(body)}`;
}

/**
 * Two live sandbox listings (a goods of two sizes sent to Amazon US, as e2e/feeds.spec.ts plays
 * it on screen), set up through the API: M at (72 × 1.3 + 5) ÷ 7.2 = 13.70, L at
 * (100 × 1.3 + 5) ÷ 7.2 = 18.75. Answers their SKUs.
 */
async function twoListings(page: Page, token: string, suffix: string) {
  const setting = await api(page, token, '/admin/goods-setting/create', {
    name: `批量测试美国站${suffix}`,
    marketplace: 'amazon',
    site: 'US',
    currency: 'USD',
    exchangeRate: '7.2',
    markupPercent: '30',
    fixedFee: '5',
    defaultStock: 20,
  });
  const category = await api(page, token, '/admin/goods-category/create', {
    name: `批量测试${suffix}`,
  });
  const codes = [randomUpc(), randomUpc()];
  await api(page, token, '/admin/goods-upc/import-codes', { codes: codes.join('\n') });
  const goods = await api(page, token, '/admin/goods/create', {
    title: `批量测试平底锅${suffix}`,
    categoryId: category.id,
    images: ['https://img.example.com/pan.jpg'],
    bulletPoints: ['不粘'],
  });
  const skus = [`LB${suffix}-M`, `LB${suffix}-L`];
  await api(page, token, '/admin/goods/variants/save', {
    goodsId: goods.id,
    attributes: [{ name: '尺码', values: ['M', 'L'] }],
    variants: ['M', 'L'].map((size, i) => ({
      options: { 尺码: size },
      sellerSku: skus[i],
      upc: codes[i],
      cost: i === 0 ? '72.00' : '100.00',
      price: '99.00',
      stock: 10,
      weight: 500,
    })),
  });
  await api(page, token, '/admin/goods/ready', { ids: [goods.id] });
  const sent = await api(page, token, '/admin/feeds/send', {
    settingId: setting.id,
    goodsIds: [goods.id],
  });
  await expect
    .poll(async () => (await api(page, token, '/admin/feeds/detail', { id: sent.id })).status, {
      timeout: 30_000,
    })
    .toBe('done');
  return skus as [string, string];
}

test('listings: 批量改价 +10 % with its preview, then 下架 one with its confirmation', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`.toUpperCase();
  await signIn(page);
  const token = await apiToken(page);
  const [m, l] = await twoListings(page, token, suffix);

  await page.goto(`/listing?keyword=LB${suffix}`);
  // The exact SKU: the family's parent is listed too, as <sku>-PARENT.
  const row = (sku: string) =>
    page.locator('tr.ant-table-row:visible').filter({ hasText: new RegExp(`${sku}(?!-)`) });
  await expect(row(m)).toContainText('13.70');
  await expect(row(l)).toContainText('18.75');
  await expect(row(m)).toContainText('在售');

  // Both chosen: +10 %, previewed per listing before anything is sent.
  await row(m).getByRole('checkbox').check();
  await row(l).getByRole('checkbox').check();
  await page.getByRole('button', { name: '批量改价（2）' }).click();
  const dialog = page.getByRole('dialog', { name: '批量修改 2 个刊登的售价' });
  await expect(dialog.getByRole('radio', { name: '按百分比增减（%）' })).toBeChecked();
  await dialog.getByLabel('数值').fill('10');
  const preview = (sku: string) =>
    dialog.locator('tr.ant-table-row').filter({ hasText: new RegExp(`${sku}(?!-)`) });
  // 13.70 × 1.1 = 15.07; 18.75 × 1.1 = 20.625, half up to 20.63.
  await expect(preview(m)).toContainText('13.70 USD');
  await expect(preview(m)).toContainText('15.07 USD');
  await expect(preview(l)).toContainText('20.63 USD');
  // A cut of 100 % or more is no price: refused before it is sent.
  await dialog.getByLabel('数值').fill('-100');
  await expect(dialog).toContainText('不能小于 -99.99');
  await expect(dialog.getByRole('button', { name: '发送到平台' })).toBeDisabled();
  await dialog.getByLabel('数值').fill('10');
  await dialog.getByRole('button', { name: '发送到平台' }).click();
  const done = page.getByText(/已修改 2 个刊登，批次 F\d+ 发送中/);
  await expect(done).toBeVisible();
  const batchNo = /F\d+/.exec((await done.textContent()) ?? '')![0];
  await expect(dialog).toBeHidden();
  await expect(row(m)).toContainText('15.07');
  await expect(row(l)).toContainText('20.63');

  // One price feed carries both; once the marketplace took it, both are still on sale.
  await page.goto(`/feeds-list?keyword=${batchNo}`);
  const feed = page.locator('tr.ant-table-row:visible').filter({ hasText: batchNo });
  await expect(feed).toContainText('价格');
  await expect(feed).toContainText('已完成', { timeout: 30_000 });
  await expect(feed).toContainText('2/2');
  await page.goto(`/listing?keyword=LB${suffix}`);
  await expect(row(m)).toContainText('15.07');
  await expect(row(m)).toContainText('在售');
  await expect(row(l)).toContainText('在售');

  // 下架 from M's row: asked, naming how many; 下架中 until the marketplace takes it, then 已下架.
  await row(m)
    .getByRole('button', { name: /^下\s*架$/ })
    .click();
  const ask = page.getByRole('dialog').filter({ hasText: '下架这 1 个刊登？' });
  await ask.getByRole('button', { name: /^下\s*架$/ }).click();
  await expect(page.getByText(/已提交下架 1 个刊登/)).toBeVisible();
  await expect(row(m)).toContainText(/下架中|已下架/);
  await expect(row(m)).toContainText('已下架', { timeout: 30_000 });
  await expect(row(m).getByRole('button', { name: /^下\s*架$/ })).toHaveCount(0);
  await expect(row(l)).toContainText('在售');
});
