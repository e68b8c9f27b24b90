import { expect, test } from '@playwright/test';
import { signedIn, twoLiveListings } from './support';

test('listings: 下架 both, 重新上架 with the goods’ stock, then the goods’ stock follows to them', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`.toUpperCase();
  const token = await signedIn(page);
  const {
    skus: [m, l],
    goodsId,
  } = await twoLiveListings(page, token, suffix, 'LR');

  await page.goto(`/listing?keyword=LR${suffix}`);
  // The exact SKU: the family's parent is listed too, as <sku>-PARENT.
  const row = (sku: string) =>
    page.locator('tr.ant-table-row:visible').filter({ hasText: new RegExp(`${sku}(?!-)`) });
  // The stock sits under the price (… USD 13.70 库存 10 在售 …).
  const stock = (n: number) => new RegExp(`库存\\s*${n}\\D`);
  await expect(row(m)).toContainText(stock(10));
  await expect(row(m)).toContainText('在售');

  // Both off sale.
  await row(m).getByRole('checkbox').check();
  await row(l).getByRole('checkbox').check();
  await page.getByRole('button', { name: '下架（2）' }).click();
  await page
    .getByRole('dialog')
    .filter({ hasText: '下架这 2 个刊登？' })
    .getByRole('button', { name: /^下\s*架$/ })
    .click();
  await expect(page.getByText(/已提交下架 2 个刊登/)).toBeVisible();
  await expect(row(m)).toContainText('已下架', { timeout: 30_000 });
  await expect(row(l)).toContainText('已下架', { timeout: 30_000 });
  await expect(row(m)).toContainText(stock(0));
  // Off sale, a row offers 重新上架 in place of 下架.
  await expect(row(m).getByRole('button', { name: /^下\s*架$/ })).toHaveCount(0);

  // M back from its row: asked, naming how many; 上架中 until the marketplace takes it, then 在售
  // with the goods' stock (10).
  await row(m).getByRole('button', { name: '重新上架' }).click();
  const ask = page.getByRole('dialog').filter({ hasText: '重新上架这 1 个刊登？' });
  await expect(ask).toContainText('商品当前库存');
  await ask.getByRole('button', { name: '重新上架' }).click();
  const relisted = page.getByText(/已提交重新上架 1 个刊登（批次 F\d+）/);
  await expect(relisted).toBeVisible();
  const firstBatch = (await relisted.textContent()) ?? '';
  await expect(row(m)).toContainText(/上架中|在售/);
  await expect(row(m)).toContainText('在售', { timeout: 30_000 });
  await expect(row(m)).toContainText(stock(10));
  await expect(row(l)).toContainText('已下架');

  // L from the chosen rows (M, on sale, is skipped).
  await row(m).getByRole('checkbox').check();
  await row(l).getByRole('checkbox').check();
  await page.getByRole('button', { name: '重新上架（2）' }).click();
  await page
    .getByRole('dialog')
    .filter({ hasText: '重新上架这 2 个刊登？' })
    .getByRole('button', { name: '重新上架' })
    .click();
  // The first batch's notice may still be up: this one names another batch.
  await expect(
    page.getByText(/已提交重新上架 1 个刊登（批次 F\d+）/).filter({ hasNotText: firstBatch }),
  ).toBeVisible();
  await expect(page.getByText('1 个不是已下架状态或是变体父体，已跳过')).toBeVisible();
  await expect(row(l)).toContainText('在售', { timeout: 30_000 });

  // The goods' stock changed in its variant grid: M 4, L 0 go to both listings.
  await page.goto(`/goods-store?id=${goodsId}`);
  await page.getByLabel('库存 1').fill('4');
  await page.getByLabel('库存 2').fill('0');
  await page.getByRole('button', { name: '保存规格' }).click();
  await expect(page.getByText('规格已保存')).toBeVisible();
  await page.goto(`/listing?keyword=LR${suffix}`);
  await expect(row(m)).toContainText(stock(4));
  await expect(row(l)).toContainText(stock(0));
  // Out of stock, L stays on sale (it sells again once stock is back); the feed is taken.
  await expect(row(l)).toContainText('在售', { timeout: 30_000 });

  // L now has no stock: relisting it once it is off sale is refused, naming it.
  await row(l).getByRole('checkbox').check();
  await page.getByRole('button', { name: '下架（1）' }).click();
  await page
    .getByRole('dialog')
    .filter({ hasText: '下架这 1 个刊登？' })
    .getByRole('button', { name: /^下\s*架$/ })
    .click();
  await expect(row(l)).toContainText('已下架', { timeout: 30_000 });
  await row(l).getByRole('button', { name: '重新上架' }).click();
  await page
    .getByRole('dialog')
    .filter({ hasText: '重新上架这 1 个刊登？' })
    .getByRole('button', { name: '重新上架' })
    .click();
  await expect(page.getByText(`${l} 的商品库存为 0`)).toBeVisible();
  await expect(row(l)).toContainText('已下架');
});
