import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { api, apiToken, signedIn } from './support';

test('add customers, filter them and export the filter to .xlsx', async ({ page }) => {
  await signedIn(page, '/client-list');
  await expect(page).toHaveTitle('客户列表 - 商户管理后台');
  for (const [name, phone, gender] of [
    ['赵六', '13811112222', '女'],
    ['钱七', '13933334444', '男'],
  ] as const) {
    await page.getByRole('button', { name: '新增客户' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('textbox', { name: /姓名/ }).fill(name);
    await drawer.getByRole('textbox', { name: '手机号' }).fill(phone);
    await drawer.getByRole('combobox', { name: '性别' }).click();
    await page.locator('.ant-select-item-option').filter({ hasText: gender }).click();
    await drawer.getByRole('button', { name: /保\s*存/ }).click();
    await expect(page.locator('tr[data-row-key]').filter({ hasText: name })).toBeVisible();
  }

  await page.getByPlaceholder('姓名或手机号').fill('1381111');
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await expect(page.locator('tr[data-row-key]')).toHaveCount(1);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出 Excel' }).click();
  const file = await download;
  // The file is named in the UI's language, and holds what the list shows.
  expect(file.suggestedFilename()).toMatch(/^客户列表-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await file.path());
  const sheet = workbook.worksheets[0];
  expect(sheet?.getRow(1).getCell(2).value).toBe('姓名');
  expect(sheet?.rowCount).toBe(2);
  expect(sheet?.getRow(2).getCell(2).value).toBe('赵六');
  expect(sheet?.getRow(2).getCell(3).value).toBe('13811112222');
  expect(sheet?.getRow(2).getCell(4).value).toBe('女');
  const headers = sheet?.getRow(1).values as string[];
  const spent = headers.indexOf('消费总额');
  expect(sheet?.getRow(2).getCell(spent).numFmt).toBe('0.00');
  const registered = headers.indexOf('注册时间');
  expect(sheet?.getRow(2).getCell(registered).value).toBeInstanceOf(Date);
  expect(sheet?.getRow(2).getCell(registered).numFmt).toBe('yyyy-mm-dd hh:mm');

  // The detail drawer.
  await page.locator('tr[data-row-key]').getByRole('button', { name: '赵六' }).click();
  await expect(page.getByRole('dialog')).toContainText('13811112222');
});

test('a drawer left open goes with its view, and comes back with what was typed in it', async ({
  page,
}) => {
  await signedIn(page);
  await page
    .getByRole('navigation', { name: '常用功能' })
    .getByRole('link', { name: '客户列表' })
    .click();
  await page.getByRole('button', { name: '新增客户' }).click();
  const name = page.getByRole('dialog').getByRole('textbox', { name: /姓名/ });
  await name.fill('孙八');

  // The back button shows the dashboard: the customer view's drawer is not left over it.
  await page.goBack();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: '常用功能' })).toBeVisible();

  await page.goForward();
  await expect(page).toHaveURL(/\/client-list$/);
  await expect(name).toHaveValue('孙八');
});

test('on a phone the list keeps the columns that matter', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signedIn(page);
  await page.request.post('/admin/customer/create', {
    data: { name: '手机上的客户' },
    headers: { authorization: `Bearer ${await apiToken(page)}` },
  });
  await page.goto('/client-list');
  const table = page.getByRole('table', { name: '客户列表' });
  await expect(table.getByRole('columnheader', { name: '姓名' })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: '性别' })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: '操作' })).toBeVisible();
  for (const name of ['手机号', '来源', '标签', '订单数', '消费总额', '注册时间'])
    await expect(table.getByRole('columnheader', { name })).toBeHidden();
  // A row's actions open from one narrow button, which leaves the name its room; the one chosen
  // runs and the menu closes.
  const row = table.locator('tr.ant-table-row').first();
  const more = row.getByRole('button', { name: '操作' });
  const moreBox = await more.boundingBox();
  expect(moreBox?.width).toBeLessThanOrEqual(64);
  await expect(row.getByRole('button', { name: '编辑' })).toHaveCount(0);
  await more.click();
  await page.getByRole('tooltip').getByRole('button', { name: '编辑' }).click();
  await expect(page.getByRole('dialog').getByRole('textbox', { name: /姓名/ })).toBeVisible();
  await expect(page.getByRole('tooltip')).toBeHidden();
  await page.keyboard.press('Escape');
  // The toolbar's buttons wrap onto the phone's width instead of running off it (the article
  // list has the most of them).
  await page.goto('/article-news');
  const box = await page.getByRole('button', { name: '导出 Excel' }).boundingBox();
  expect(box && box.x + box.width).toBeLessThanOrEqual(390);
  await page.goto('/client-list');
  // A row's detail: each label stands above its value, across the drawer, not squeezed beside it.
  await table.getByText('手机上的客户').first().click();
  const detail = page.getByRole('dialog');
  const label = detail.locator('.ant-descriptions-item-label', { hasText: '消费总额' });
  await expect(label).toBeVisible();
  expect((await label.boundingBox())?.width).toBeGreaterThan(300);
  await page.keyboard.press('Escape');
  await expect(detail).toBeHidden();
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(table.getByRole('columnheader', { name: '手机号' })).toBeVisible();
  // On a wide screen the label is beside its value again, on one line.
  await table.getByText('手机上的客户').first().click();
  await expect(label).toBeVisible();
  const wide = await label.boundingBox();
  expect(wide?.width).toBeLessThan(200);
  expect(wide?.height).toBeLessThan(48);
});

test('a storefront buyer with a verified phone is listed as a customer once an order is paid', async ({
  page,
}) => {
  // A retry or a repeat finds the earlier tries' rows: its names and phone differ.
  const r = String(Date.now()).slice(-6);
  const phone = `137${r.padStart(8, '0')}`;
  const buyer = `e2e-buyer-${r}-`.padEnd(40, 'x');
  const token = await signedIn(page);
  await api(page, token, '/admin/pay-manner/create', {
    kind: 'counter',
    name: `到店付款${r}`,
    enabled: true,
  });
  const dish = await api(page, token, '/admin/product/create', {
    name: `客户套餐${r}`,
    price: '18.80',
    stock: 10,
  });
  await api(page, token, '/admin/product/onSale', { ids: [dish.id] });

  // The storefront's calls: the phone verified with the code the SMS sandbox shows, the order
  // placed with the device's token.
  const shop = async (path: string, data: unknown) => {
    const body = await (await page.request.post(`/open/${path}`, { data })).json();
    expect(body.code, `${path}: ${body.msg}`).toBe(200);
    return body.data;
  };
  await shop('shop/1/verify/send', { token: buyer, phone });
  const [sms] = await shop('sms-sandbox/inbox', { phone });
  const code = /验证码是 (\d{6})/.exec(sms.text)![1];
  await shop('shop/1/verify/check', { token: buyer, phone, code });
  const placed = await shop('shop/1/order', {
    token: buyer,
    payManner: 'counter',
    items: [{ productId: dish.id, quantity: 1 }],
  });
  // Paid at the counter.
  const orders = await api(page, token, '/admin/product-order/list', { keyword: placed.orderNo });
  await api(page, token, '/admin/product-order/confirmPaid', { ids: [orders.items[0].id] });

  await page.goto('/client-list');
  await page.getByPlaceholder('姓名或手机号').fill(phone);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  const row = page.locator('tr[data-row-key]');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`顾客${phone.slice(-4)}`);
  await expect(row.getByRole('cell', { name: '1', exact: true })).toBeVisible();
  await expect(row).toContainText(`¥${placed.totalAmount}`);
});
