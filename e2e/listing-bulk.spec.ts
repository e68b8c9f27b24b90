import { expect, test } from '@playwright/test';
import { signedIn, twoLiveListings } from './support';

test('listings: 批量改价 +10 % with its preview, then 下架 one with its confirmation', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`.toUpperCase();
  const token = await signedIn(page);
  const {
    skus: [m, l],
  } = await twoLiveListings(page, token, suffix);

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
