import { expect, test } from '@playwright/test';
import { parseTime } from '../src/shared/format';
import { api, customerPhone, signedIn, verifyStorefrontPhone } from './support';

/** A time as the date-time picker takes it typed (the browser's clock and zone are the test's). */
const typed = (at: Date) => parseTime(at, '{y}-{m}-{d} {h}:{i}')!;

test('coupons: a coupon is made in the form and activated, a customer claims it in the storefront and uses it at checkout, the order and the coupon’s history show it', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  // A retry or a repeat finds the earlier tries' rows: its names differ.
  const r = String(Date.now()).slice(-6);
  const token = await signedIn(page);
  const rows = page.locator('tr.ant-table-row:visible');
  const save = page.getByRole('button', { name: /保\s*存/ });

  // A product in a category of its own, so that no other test's campaign applies to it.
  await api(page, token, '/admin/pay-manner/create', {
    kind: 'sandbox',
    name: `领券支付${r}`,
    enabled: true,
  });
  const category = await api(page, token, '/admin/product-category/create', {
    name: `领券专区${r}`,
    enabled: true,
  });
  const dish = await api(page, token, '/admin/product/create', {
    name: `领券套餐${r}`,
    price: '60',
    stock: 100,
    categoryId: category.id,
  });
  const side = await api(page, token, '/admin/product/create', {
    name: `领券小食${r}`,
    price: '8',
    stock: 100,
    categoryId: category.id,
  });
  await api(page, token, '/admin/product/onSale', { ids: [dish.id, side.id] });

  // The coupon: 10 off over 50 on two products, from a minute ago for a day, 100 of them, claimable.
  const name = `满50减10券${r}`;
  await page.goto('/coupon-list');
  await page.getByRole('button', { name: '新建优惠券' }).click();
  await expect(page).toHaveURL(/\/coupon-store$/);
  await page.getByLabel('名称').fill(name);
  await page.getByRole('spinbutton', { name: '使用门槛（元）' }).fill('50');
  await page.locator('#coupon-new_value').fill('10');
  await page.getByRole('spinbutton', { name: '发放总量' }).fill('100');
  // The form shows what its choices need: days for a validity counted from claiming, dates for
  // fixed dates, a category only for a category's coupon.
  const days = page.getByRole('spinbutton', { name: '领取后有效天数' });
  await expect(days).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: '适用分类' })).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: '适用商品' })).toHaveCount(0);
  await page.getByRole('combobox', { name: '适用范围' }).click();
  await page.locator('.ant-select-item-option').filter({ hasText: '指定商品' }).click();
  const products = page.getByRole('combobox', { name: '适用商品' });
  for (const product of [`领券套餐${r}`, `领券小食${r}`]) {
    await products.fill(product);
    await page.locator('.ant-select-item-option').filter({ hasText: product }).click();
  }
  const chosen = page.locator('.ant-select-multiple');
  await expect(chosen.getByTitle(`领券套餐${r}`)).toBeVisible();
  await expect(chosen.getByTitle(`领券小食${r}`)).toBeVisible();
  // The multi-select stays open after a choice.
  await products.press('Escape');
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
  await page.getByRole('combobox', { name: '有效期' }).click();
  await page.locator('.ant-select-item-option').filter({ hasText: '领取后 N 天' }).click();
  await expect(days).toBeVisible();
  await expect(page.getByRole('textbox', { name: '生效时间' })).toHaveCount(0);
  await page.getByRole('combobox', { name: '有效期' }).click();
  await page.locator('.ant-select-item-option').filter({ hasText: '固定日期' }).click();
  await expect(days).toHaveCount(0);
  const start = page.getByRole('textbox', { name: '生效时间' });
  await start.click();
  await start.fill(typed(new Date(Date.now() - 60_000)));
  const ok = page.locator('.ant-picker-dropdown:visible').getByRole('button', { name: /确\s*定/ });
  await ok.click();
  await expect(page.locator('.ant-picker-dropdown:visible')).toHaveCount(0);
  const end = page.getByRole('textbox', { name: '失效时间' });
  await end.click();
  await end.fill(typed(new Date(Date.now() + 86_400_000)));
  await ok.click();
  await save.click();
  await expect(page).toHaveURL(/\/coupon-list$/);
  const coupon = rows.filter({ hasText: name });
  await expect(coupon).toContainText('满 50.00 减 10.00 元');
  await expect(coupon).toContainText('草稿');
  await coupon.getByRole('button', { name: /启\s*用/ }).click();
  await expect(coupon).toContainText('发放中');

  // The customer claims it on a phone (verified first: a coupon is its phone's, one per phone),
  // and uses it at checkout: 60 − 10.
  const customer = await customerPhone(browser);
  await customer.goto('/shop/1');
  const offer = customer.getByTestId(`coupon-${name}`);
  await expect(offer).toContainText('限商品：');
  await expect(offer).toContainText(`领券套餐${r}`);
  await expect(offer).toContainText(`领券小食${r}`);
  await offer.getByRole('button', { name: /领\s*取/ }).click();
  await expect(
    customer.getByText('领取优惠券、参加限次活动、申请分销员需要先验证手机号'),
  ).toBeVisible();
  await verifyStorefrontPhone(customer, `139${r.padStart(8, '0')}`);
  await expect(customer.getByText('已领取，结算时可使用')).toBeVisible();
  await expect(offer.getByRole('button', { name: /已\s*领/ })).toBeDisabled();
  await customer.getByTestId(`product-领券套餐${r}`).getByRole('button', { name: '+' }).click();
  await customer.getByRole('button', { name: '去结算' }).click();
  await customer.getByRole('combobox', { name: '使用优惠券' }).click();
  // The picker says what the coupon applies to, as the offer did.
  const option = customer.locator('.ant-select-item-option').filter({ hasText: name });
  await expect(option).toContainText('限商品：');
  await expect(option).toContainText(`领券小食${r}`);
  await option.click();
  await expect(customer.getByTestId('shop-coupon-discount')).toHaveText(
    `优惠券 ${name} 抵扣 ¥10.00`,
  );
  await customer.getByLabel(`领券支付${r}`).check();
  await customer.getByRole('button', { name: '提交订单 ¥50.00' }).click();
  await expect(customer.getByTestId('order-status')).toHaveText('待付款');
  await expect(customer.getByTestId('order-coupon')).toHaveText(`优惠券 ${name} 抵扣 ¥10.00`);
  const orderNo = (await customer.getByText(/^订单号 P\d+/).textContent())!.match(/P\d+/)![0];
  const [gateway] = await Promise.all([
    customer.waitForEvent('popup'),
    customer.getByRole('link', { name: '去支付 ¥50.00' }).click(),
  ]);
  await gateway.getByRole('button', { name: /确认支付/ }).click();
  await expect(gateway.getByText('支付成功')).toBeVisible();
  await expect(customer.getByTestId('order-status')).toHaveText('待接单');
  await customer.context().close();

  // The promotion's orders show the coupon and its discount.
  await page.goto('/extension-order');
  const order = rows.filter({ hasText: orderNo });
  await expect(order).toContainText(name);
  await expect(order).toContainText('¥10.00');

  // The coupon's row counts it issued and used; its history shows who used it, on which order.
  await page.goto('/coupon-list');
  // Issued 1, used 1 (the last two columns before the actions).
  await expect(coupon.locator('td').nth(-2)).toHaveText('1');
  await expect(coupon.locator('td').nth(-3)).toHaveText('1');
  await coupon.getByRole('link', { name }).click();
  const history = page.getByTestId('coupon-history');
  await expect(history).toContainText('店铺领取');
  await expect(history).toContainText('已使用');
  await expect(history).toContainText(orderNo);
  await history.scrollIntoViewIfNeeded();
});

test('coupons: issued by hand to a chosen customer, whose redeem code in the storefront makes it theirs at checkout', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const r = String(Date.now()).slice(-6);
  const token = await signedIn(page);
  const rows = page.locator('tr.ant-table-row:visible');
  const name = `会员专享券${r}`;
  const coupon = await api(page, token, '/admin/coupon/create', {
    name,
    kind: 'amountOff',
    threshold: '0',
    value: '5',
    scope: 'all',
    validity: 'fixed',
    startAt: new Date(Date.now() - 60_000).toISOString(),
    endAt: new Date(Date.now() + 86_400_000).toISOString(),
    totalQuantity: 10,
    perCustomerLimit: 1,
    stackable: false,
    claimable: false,
  });
  await api(page, token, '/admin/coupon/activate', { ids: [coupon.id] });
  await api(page, token, '/admin/customer/create', { name: `老顾客${r}`, phone: `139${r}00` });
  await api(page, token, '/admin/product/onSale', {
    ids: [
      (
        await api(page, token, '/admin/product/create', {
          name: `券后套餐${r}`,
          price: '30',
          stock: 10,
        })
      ).id,
    ],
  });

  // Issued from its row to the customer found by name.
  await page.goto('/coupon-list');
  const row = rows.filter({ hasText: name });
  await row.getByRole('button', { name: '发放' }).click();
  const dialog = page.getByRole('dialog', { name: `发放“${name}”` });
  await dialog.getByRole('combobox', { name: '发给顾客' }).fill(`老顾客${r}`);
  await page
    .locator('.ant-select-item-option')
    .filter({ hasText: `老顾客${r}` })
    .click();
  // The list closes on a click elsewhere (it covers the dialog's buttons); the choice is named.
  await dialog.locator('.ant-modal-title').click();
  await expect(dialog.locator('.ant-select-selection-item')).toContainText(`老顾客${r}`);
  await dialog.getByRole('button', { name: /发\s*放/ }).click();
  await expect(page.getByText('已发放 1 张')).toBeVisible();

  // Its history names the customer and the code to send them.
  await row.getByRole('link', { name }).click();
  const issued = page.getByTestId('coupon-history').locator('tr.ant-table-row').first();
  await expect(issued).toContainText(`老顾客${r}`);
  await expect(issued).toContainText('商家发放');
  await expect(issued).toContainText('未使用');
  const code = (await issued.locator('td').nth(2).textContent())!.trim();
  expect(code).toMatch(/^[0-9A-Z]{6,}$/);

  // The customer enters the code in the storefront: the coupon is theirs at checkout.
  const customer = await customerPhone(browser);
  await customer.goto('/shop/1');
  await customer.getByPlaceholder('输入商家发放的券码').fill(code);
  await customer.getByRole('button', { name: /兑\s*换/ }).click();
  await expect(customer.getByText('兑换成功，结算时可使用')).toBeVisible();
  await customer.getByTestId(`product-券后套餐${r}`).getByRole('button', { name: '+' }).click();
  await customer.getByRole('button', { name: '去结算' }).click();
  await customer.getByRole('combobox', { name: '使用优惠券' }).click();
  await expect(customer.locator('.ant-select-item-option').filter({ hasText: name })).toBeVisible();
  await customer.context().close();
});
