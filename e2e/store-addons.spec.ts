import { expect, test } from '@playwright/test';
import { customerPhone, openStoreWithCounter, signedIn } from './support';

test('add-ons and a packaging fee: made in the product form, two ticked on the storefront, priced and shown on the order, its page and the admin drawer', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  // Names of their own: the specs share one store.
  const r = Math.random().toString(36).slice(2, 6);
  const token = await signedIn(page);
  const rows = page.locator('tr.ant-table-row:visible');
  const save = page.getByRole('button', { name: /保\s*存/ });

  // Open today whatever the store-details test left (it adds a holiday, closed, on today).
  await openStoreWithCounter(page, token, `柜台付款${r}`);

  // The merchant makes a dish with three add-ons (two at most) and a packaging fee.
  await page.goto('/product-list');
  await page.getByRole('button', { name: '新增商品' }).click();
  await expect(page).toHaveURL(/\/product-store$/);
  await page.getByLabel('商品名称').fill(`炒饭${r}`);
  await page.getByRole('spinbutton', { name: '售价（元）' }).fill('20');
  await page.getByRole('spinbutton', { name: '库存', exact: true }).fill('50');
  const addAddon = page.getByRole('button', { name: '添加加料' });
  const names = page.getByLabel('加料名称', { exact: true });
  const prices = page.getByRole('spinbutton', { name: '加料名称加价' });
  for (const [i, [name, price]] of [
    ['加蛋', '2'],
    ['加肠', '3'],
    ['加葱', '0'],
  ].entries()) {
    await addAddon.click();
    await names.nth(i).fill(name!);
    await prices.nth(i).fill(price!);
  }
  await page.getByRole('spinbutton', { name: '加料最多可选' }).fill('2');
  await page.getByRole('spinbutton', { name: '打包费（元/份）' }).fill('1');
  await save.click();
  await expect(page).toHaveURL(/\/product-list$/);
  const dish = rows.filter({ hasText: `炒饭${r}` });
  await dish.getByRole('button', { name: '上架' }).click();
  await expect(dish).toContainText('在售');

  // The customer (no table: picked up) ticks two add-ons; a third is not offered past the most.
  const customer = await customerPhone(browser);
  await customer.goto('/shop/1');
  await customer.getByTestId(`product-炒饭${r}`).getByRole('button', { name: '选规格' }).click();
  const picker = customer.getByTestId('addons-picker');
  await expect(picker).toContainText('最多选 2 项');
  await picker.getByText('加蛋 +¥2.00').click();
  await picker.getByText('加肠 +¥3.00').click();
  await expect(picker.getByRole('checkbox', { name: '加葱 +¥0.00' })).toBeDisabled();
  await customer.getByRole('button', { name: /加入购物车 · ¥25.00/ }).click();
  await customer.getByRole('button', { name: '去结算' }).click();
  await expect(customer.getByTestId('cart-line-addons')).toHaveText('+加蛋 ¥2.00 +加肠 ¥3.00');
  await expect(customer.getByTestId('shop-packaging-fee')).toContainText('¥1.00');
  await customer.getByLabel(`柜台付款${r}`).check();
  await customer.getByRole('button', { name: '提交订单 ¥26.00' }).click();

  // Its page: the add-ons under the line, the packaging fee, the total.
  await expect(customer.getByTestId('order-status')).toHaveText('待付款');
  await expect(customer.getByText('+加蛋 ¥2.00 +加肠 ¥3.00')).toBeVisible();
  await expect(customer.getByTestId('order-packaging-fee')).toContainText('¥1.00');
  await expect(customer.getByText('合计 ¥26.00')).toBeVisible();
  expect(await customer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    390,
  );
  const orderNo = (await customer.getByText(/^订单号 P\d+/).textContent())!.match(/P\d+/)![0];
  await customer.context().close();

  // The admin's drawer: the line's add-ons beside its specs, its unit price with them.
  await page.goto('/product-order');
  const order = rows.filter({ hasText: orderNo });
  await expect(order).toContainText('¥26.00');
  await order.getByRole('button', { name: '详情' }).click();
  const line = page
    .getByRole('dialog')
    .locator('tr.ant-table-row')
    .filter({ hasText: `炒饭${r}` });
  await expect(line).toContainText('+加蛋 ¥2.00 +加肠 ¥3.00');
  await expect(line).toContainText('¥25.00');
  // The money section names the packaging fee among the sums.
  const fee = page
    .getByRole('dialog')
    .locator('.ant-descriptions-row, tr')
    .filter({ hasText: '打包费（元）' });
  await expect(fee.first()).toContainText('¥1.00');
});
