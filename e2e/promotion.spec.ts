import { expect, test } from '@playwright/test';
import { parseTime } from '../src/shared/format';
import { api, customerPhone, signedIn, verifyStorefrontPhone } from './support';

/** A time as the date-time picker takes it typed (the browser's clock and zone are the test's). */
const typed = (at: Date) => parseTime(at, '{y}-{m}-{d} {h}:{i}')!;

test('promotion: a campaign is made and published, a partner approved shares its link, a customer orders through it with the discount, the order shows with its commission, which is settled', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  // A retry finds the first try's rows: its names differ.
  const r = test.info().retry ? `-${test.info().retry}` : '';
  const token = await signedIn(page);
  const rows = page.locator('tr.ant-table-row:visible');
  const save = page.getByRole('button', { name: /保\s*存/ });

  // A category of its own, so that the campaign changes no other test's orders.
  await api(page, token, '/admin/pay-manner/create', {
    kind: 'sandbox',
    name: `推广支付${r}`,
    enabled: true,
  });
  const category = await api(page, token, '/admin/product-category/create', {
    name: `推广专区${r}`,
    enabled: true,
  });
  const set = await api(page, token, '/admin/product/create', {
    name: `双人套餐${r}`,
    price: '60',
    stock: 100,
    categoryId: category.id,
  });
  await api(page, token, '/admin/product/onSale', { ids: [set.id] });

  // The campaign: 20 off over 100 on the category, from a minute ago for a day.
  await page.goto('/extension-list');
  await page.getByRole('button', { name: '新建活动' }).click();
  await expect(page).toHaveURL(/\/extension-store$/);
  await page.getByLabel('活动名称').fill(`满100减20${r}`);
  await page.getByRole('spinbutton', { name: '门槛（元）' }).fill('100');
  await page.locator('#extension-new_value').fill('20');
  // Its scope: the category, picked in the categories' multi-select once the scope asks for it.
  await expect(page.getByRole('combobox', { name: '适用分类' })).toHaveCount(0);
  await page.getByRole('combobox', { name: '适用范围' }).click();
  await page.locator('.ant-select-item-option').filter({ hasText: '指定分类' }).click();
  await page.getByRole('combobox', { name: '适用分类' }).fill('推广专区');
  await page
    .locator('.ant-select-item-option')
    .filter({ hasText: `推广专区${r}` })
    .click();
  // The multi-select stays open after a choice.
  await page.getByRole('combobox', { name: '适用分类' }).press('Escape');
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
  const start = page.getByRole('textbox', { name: '开始时间' });
  await start.click();
  await start.fill(typed(new Date(Date.now() - 60_000)));
  const ok = page.locator('.ant-picker-dropdown:visible').getByRole('button', { name: /确\s*定/ });
  await ok.click();
  // The start's panel closes (with an animation) before the end's opens: one OK button at a time.
  await expect(page.locator('.ant-picker-dropdown:visible')).toHaveCount(0);
  const end = page.getByRole('textbox', { name: '结束时间' });
  await end.click();
  await end.fill(typed(new Date(Date.now() + 86_400_000)));
  await ok.click();
  await save.click();
  await expect(page).toHaveURL(/\/extension-list$/);
  const campaign = rows.filter({ hasText: `满100减20${r}` });
  await expect(campaign).toContainText('满 100.00 元减 20.00 元');
  await expect(campaign).toContainText(`推广专区${r}`);
  await expect(campaign).toContainText('草稿');
  await campaign.getByRole('button', { name: '发布' }).click();
  await expect(campaign).toContainText('进行中');

  // The partner: added, approved; its invite link read from its QR dialog.
  const phone = `139${String(Date.now()).slice(-8)}`;
  await page.goto('/selling-partner-list');
  await page.getByRole('button', { name: '新增分销员' }).click();
  await page.getByLabel('姓名').fill(`小王${r}`);
  await page.getByLabel('手机号').fill(phone);
  await page.getByRole('spinbutton', { name: '佣金比例（%）' }).fill('10');
  await save.click();
  await expect(page).toHaveURL(/\/selling-partner-list$/);
  const partner = rows.filter({ hasText: `小王${r}` });
  await expect(partner).toContainText('待审核');
  await expect(partner.getByRole('button', { name: '邀请' })).toBeDisabled();
  // 通过 asks for the rate, filled in with the one given.
  await partner.getByRole('button', { name: '通过' }).click();
  await expect(page.getByRole('dialog').getByRole('spinbutton')).toHaveValue('10.00');
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /通\s*过/ })
    .click();
  await expect(partner).toContainText('已通过');
  await partner.getByRole('button', { name: '邀请' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('img', { name: `“小王${r}”的邀请链接` })).toBeVisible();
  const link = (await dialog.locator('code').textContent())!;
  expect(link).toMatch(/\/shop\/1\?ref=[2-9A-HJKMNP-Z]{8}$/);
  await dialog.getByRole('button', { name: '关闭' }).click();

  // The customer opens the link on a phone: the offer shows, checkout takes 20 off 120.
  const customer = await customerPhone(browser);
  await customer.goto(link);
  await expect(customer.getByTestId('shop-offers')).toContainText(`满100减20${r}`);
  const add = customer.getByTestId(`product-双人套餐${r}`).getByRole('button', { name: '+' });
  await add.click();
  await add.click();
  await customer.getByRole('button', { name: '去结算' }).click();
  await expect(customer.getByTestId('shop-discount')).toHaveText(`满100减20${r} 已优惠 ¥20.00`);
  await customer.getByLabel(`推广支付${r}`).check();
  await customer.getByRole('button', { name: '提交订单 ¥100.00' }).click();
  await expect(customer.getByTestId('order-status')).toHaveText('待付款');
  const orderNo = (await customer.getByText(/^订单号 P\d+/).textContent())!.match(/P\d+/)![0];
  const [gateway] = await Promise.all([
    customer.waitForEvent('popup'),
    customer.getByRole('link', { name: '去支付 ¥100.00' }).click(),
  ]);
  await gateway.getByRole('button', { name: /确认支付/ }).click();
  await expect(gateway.getByText('支付成功')).toBeVisible();
  await expect(customer.getByTestId('order-status')).toHaveText('待接单');
  await customer.context().close();

  // The order, with its discount and the partner's commission, waiting to be settled.
  await page.goto('/extension-order');
  const order = rows.filter({ hasText: orderNo });
  await expect(order).toContainText(`满100减20${r}`);
  await expect(order).toContainText('¥20.00');
  await expect(order).toContainText(`小王${r}`);
  await expect(order).toContainText('¥10.00');
  await expect(order).toContainText('待结算');

  // Settled from the partner's row: once, then the order says so.
  await page.goto('/selling-partner-list');
  await expect(partner).toContainText('¥10.00');
  await partner.getByRole('button', { name: '结算' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /结\s*算/ })
    .click();
  await expect(page.getByText('已结算 1 笔订单，共 ¥10.00')).toBeVisible();
  // The partner's page lists the settlement.
  await partner.getByRole('link', { name: `小王${r}` }).click();
  await expect(page).toHaveURL(/\/selling-partner-store\?id=\d+$/);
  const settled = page.locator('tr.ant-table-row:visible').filter({ hasText: '10.00' });
  await expect(settled).toContainText('1');
  await page.goto('/extension-order');
  await expect(order).toContainText('已结算');
  // The campaign's row counts its order.
  await page.goto('/extension-list');
  await expect(campaign).toContainText('¥20.00');
});

test('a customer applies in the storefront to become a selling partner; the merchant finds the application pending', async ({
  page,
  browser,
}) => {
  const r = test.info().retry ? `-${test.info().retry}` : '';
  const phone = `137${String(Date.now()).slice(-8)}`;
  const customer = await customerPhone(browser);
  await customer.goto('/shop/1');
  // The phone is verified first, in the drawer: the application is the verified phone's.
  await customer.getByRole('button', { name: '成为分销员' }).click();
  await verifyStorefrontPhone(customer, phone);
  await customer.getByLabel('您的姓名').fill(`申请人${r}`);
  await customer.getByRole('button', { name: '提交申请' }).click();
  await expect(customer.getByText('已提交申请，请等待店铺审核')).toBeVisible();
  // The same phone again: told it has applied.
  await customer.getByRole('button', { name: '成为分销员' }).click();
  await customer.getByRole('button', { name: '提交申请' }).click();
  await expect(customer.getByText('这个手机号已经申请过，请等待店铺审核')).toBeVisible();
  await customer.context().close();

  await signedIn(page, '/selling-partner-list');
  const row = page.locator('tr.ant-table-row:visible').filter({ hasText: `申请人${r}` });
  await expect(row).toContainText('待审核');
  await expect(row.getByRole('button', { name: '通过' })).toBeVisible();
});
