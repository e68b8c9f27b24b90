import { expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { api, signedIn } from './support';

/**
 * Issue #44's rough points of the store's admin screens: the order drawer in sections, the
 * export's columns, the order list on a phone, an unpaid counter order told live, the settlement's
 * sum, an applicant's rate and a spec group not in error before anything is typed.
 */

const suffix = () => `${Date.now() % 1_000_000}${test.info().retry}`;
const customerToken = (r: string) => `rough-customer-${r}-`.padEnd(40, 'x');

/** A store that takes money at the counter, and a dish on sale. */
async function store(page: Page, token: string, r: string) {
  await api(page, token, '/admin/pay-manner/create', {
    kind: 'counter',
    name: `柜台收款${r}`,
    enabled: true,
  });
  const dish = await api(page, token, '/admin/product/create', {
    name: `粗糙面${r}`,
    price: '12',
    stock: 100,
  });
  await api(page, token, '/admin/product/onSale', { ids: [dish.id] });
  return dish.id as number;
}

/** A customer's counter order placed in the storefront's own call: its number and id. */
async function counterOrder(
  page: Page,
  token: string,
  r: string,
  dishId: number,
  extra: Record<string, unknown> = {},
) {
  const placed = await (
    await page.request.post('/open/shop/1/order', {
      data: {
        token: customerToken(r),
        payManner: 'counter',
        items: [{ productId: dishId, quantity: 2 }],
        ...extra,
      },
    })
  ).json();
  expect(placed.code, placed.msg).toBe(200);
  const orderNo = placed.data.orderNo as string;
  const { items } = await api(page, token, '/admin/product-order/list', {
    keyword: orderNo,
    page: 1,
    pageSize: 1,
  });
  return { orderNo, id: items[0].id as number };
}

test('the order drawer reads in sections with a timeline of who and when; the export is headed by the order number and carries discounts, refund and remark', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const r = suffix();
  const token = await signedIn(page);
  const dishId = await store(page, token, r);
  const order = await counterOrder(page, token, r, dishId, { remark: `不要香菜${r}` });
  await api(page, token, '/admin/product-order/confirmPaid', { ids: [order.id] });
  await api(page, token, '/admin/product-order/refund', {
    id: order.id,
    amount: '2.00',
    reason: '少放了',
  });

  await page.goto('/product-order');
  await page.getByPlaceholder('订单号、取餐号、商品、手机号（或尾号 4 位）').fill(order.orderNo);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await expect(page.locator('tr.ant-table-row:visible')).toHaveCount(1);
  await page.getByRole('button', { name: order.orderNo }).click();
  const section = (key: string) => page.getByTestId(`detail-${key}`);
  await expect(section('order')).toContainText('订单');
  await expect(section('order')).toContainText('待接单');
  await expect(section('customer')).toContainText(`不要香菜${r}`);
  await expect(section('money')).toContainText('已退款（元）');
  await expect(section('money')).toContainText('¥2.00');
  // A sum of nothing is left out: no campaign, no coupon.
  await expect(section('money')).not.toContainText('优惠券');
  await expect(section('items')).toContainText(`粗糙面${r}`);
  await expect(section('timeline')).toContainText('时间线');
  // Who did it and when, apart: 顾客 · 2026-…, a staff member by name.
  const events = page.getByTestId('order-timeline-event');
  await expect(events.filter({ hasText: '下单' })).toContainText(/顾客 · \d{4}-\d{2}-\d{2} \d{2}:/);
  await expect(events.filter({ hasText: '确认到店付款' })).toContainText(/店员 admin · \d{4}-/);
  await page.keyboard.press('Escape');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出 Excel' }).click();
  const file = await download;
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await file.path());
  const sheet = workbook.worksheets[0]!;
  const headers = (sheet.getRow(1).values as unknown[]).slice(1);
  expect(headers[0]).toBe('订单号');
  expect(headers).not.toContain('ID');
  for (const header of ['活动优惠（元）', '优惠券', '优惠券抵扣（元）', '已退款（元）', '备注'])
    expect(headers).toContain(header);
  expect(sheet.rowCount).toBe(2);
  const cell = (header: string) => sheet.getRow(2).getCell(headers.indexOf(header) + 1);
  expect(cell('订单号').value).toBe(order.orderNo);
  expect(cell('已退款（元）').value).toBe(2);
  expect(cell('实付（元）').value).toBe(24);
  expect(cell('活动优惠（元）').value).toBe(0);
  expect(cell('备注').value).toBe(`不要香菜${r}`);
});

test('on a phone the order list fits the screen, with the balance in the top bar', async ({
  page,
}) => {
  const r = suffix();
  await page.setViewportSize({ width: 390, height: 844 });
  const token = await signedIn(page);
  const dishId = await store(page, token, r);
  const order = await counterOrder(page, token, r, dishId);
  await page.goto('/product-order');
  const rows = page.locator('tr.ant-table-row:visible');
  await expect(rows.first()).toBeVisible();
  await expect(page.getByTestId('balance')).toBeVisible();
  await expect(page.getByTestId('balance')).toHaveText(/^¥[\d,]+\.\d{2}$/);
  // Nothing scrolls sideways: neither the page nor the table.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
    true,
  );
  const table = page.locator('.ant-table-content, .ant-table-body').first();
  const [wide, room] = await table.evaluate((el) => [el.scrollWidth, el.clientWidth]);
  expect(wide, `the table is ${wide} px wide in ${room}`).toBeLessThanOrEqual(room!);
  // A row reads its number, its state and its sum.
  const row = rows.filter({ hasText: order.orderNo });
  await expect(row).toContainText('待收款');
  await expect(row).toContainText('24.00');
});

test('an unpaid counter order appears live as 待收款, and 确认已收款 in the alert takes the money', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const r = suffix();
  const token = await signedIn(page);
  const dishId = await store(page, token, r);
  await page.goto('/product-order');
  await expect(page.getByText('实时')).toBeVisible();
  // Marks this document: a reload would lose it.
  await page.evaluate(() => {
    (window as unknown as { stayed: boolean }).stayed = true;
  });

  // Someone orders at their table and walks to the till.
  const order = await counterOrder(page, token, r, dishId);
  const line = page.getByTestId('unpaid-order').filter({ hasText: order.orderNo });
  await expect(line).toContainText('待收款');
  await expect(line).toContainText('¥24.00');
  const row = page.locator('tr.ant-table-row:visible').filter({ hasText: order.orderNo });
  await expect(row).toContainText('待收款');
  await expect(row.getByRole('button', { name: '确认已收款' })).toBeVisible();

  await line.getByRole('button', { name: '确认已收款' }).click();
  await expect(row).toContainText('待接单');
  await expect(
    page.locator('.ant-notification-notice').getByText(`新订单 ${order.orderNo}，¥24.00`),
  ).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
});

test('the settlement dialog says the sum and its currency before it is confirmed', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const r = suffix();
  const token = await signedIn(page);
  const dishId = await store(page, token, r);
  const partner = await api(page, token, '/admin/selling-partner/create', {
    name: `结算员${r}`,
    phone: `139${r.padStart(8, '0').slice(-8)}`,
    commissionRate: '10',
  });
  await api(page, token, '/admin/selling-partner/approve-rate', {
    id: partner.id,
    commissionRate: '10',
  });
  const order = await counterOrder(page, token, r, dishId, { ref: partner.inviteCode });
  await api(page, token, '/admin/product-order/confirmPaid', { ids: [order.id] });

  await page.goto('/selling-partner-list');
  await page.getByPlaceholder('姓名、手机号、邀请码').fill(`结算员${r}`);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  const row = page.locator('tr.ant-table-row:visible').filter({ hasText: `结算员${r}` });
  await row.getByRole('button', { name: '结算' }).click();
  const dialog = page.getByRole('dialog');
  // 10 % of 24.00.
  await expect(dialog.getByTestId('settle-due')).toContainText('本次结算 1 笔订单，佣金合计');
  await expect(dialog.getByTestId('settle-due')).toContainText('¥2.40 人民币');
  await dialog.getByRole('button', { name: '结算 ¥2.40' }).click();
  await expect(page.getByText('已结算 1 笔订单，共 ¥2.40')).toBeVisible();
});

test('approving an applicant asks for its rate, and 0 % only when confirmed', async ({ page }) => {
  const r = suffix();
  const token = await signedIn(page);
  await api(page, token, '/admin/selling-partner/create', {
    name: `申请人${r}`,
    phone: `137${r.padStart(8, '0').slice(-8)}`,
    commissionRate: '0',
  });
  await page.goto('/selling-partner-list');
  await page.getByPlaceholder('姓名、手机号、邀请码').fill(`申请人${r}`);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  const row = page.locator('tr.ant-table-row:visible').filter({ hasText: `申请人${r}` });
  await expect(row).toContainText('待审核');
  await row.getByRole('button', { name: '通过' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`通过“申请人${r}”的分销员申请`);
  const ok = dialog.getByRole('button', { name: /通\s*过/ });
  await ok.click();
  await expect(dialog).toContainText('请填写佣金比例');
  const rate = dialog.getByRole('spinbutton', { name: '佣金比例（%）' });
  await rate.fill('0');
  await ok.click();
  await expect(dialog.getByRole('checkbox')).toBeVisible();
  await expect(dialog.locator('.ant-form-item-explain-error')).toContainText('请填写佣金比例');
  await expect(row).toContainText('待审核');
  await rate.fill('12');
  await ok.click();
  await expect(page.getByText('已通过，佣金比例 12 %')).toBeVisible();
  await expect(row).toContainText('已通过');
  await expect(row).toContainText('12.00');
});

test('a spec group just added is not in error before anything is typed; saving says what is missing', async ({
  page,
}) => {
  await signedIn(page, '/product-list');
  await page.getByRole('button', { name: '新增商品' }).click();
  await page.getByRole('button', { name: '添加规格' }).click();
  await expect(page.getByLabel('规格名')).toBeVisible();
  const drawer = page.locator('form').filter({ has: page.getByLabel('规格名') });
  await expect(drawer.locator('.ant-form-item-has-error')).toHaveCount(0);
  await expect(drawer.locator('.ant-input-status-error')).toHaveCount(0);
  await page.getByRole('button', { name: '添加选项' }).click();
  await expect(page.getByLabel('选项', { exact: true })).toHaveCount(2);
  await expect(drawer.locator('.ant-form-item-has-error')).toHaveCount(0);
  // Saving checks it.
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(drawer.locator('.ant-form-item-has-error').first()).toBeVisible();
});
