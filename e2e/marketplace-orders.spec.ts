import { expect, type Locator, type Page, test } from '@playwright/test';
import { api, signedIn } from './support';

/** A GTIN-13 with its check digit, from twelve digits. */
function gtin(twelve: string) {
  const sum = [...twelve].reduce((s, d, i) => s + Number(d) * (i % 2 ? 3 : 1), 0);
  return `${twelve}${(10 - (sum % 10)) % 10}`;
}

/** A live amazon US listing of `sku` at 13.70 USD, as the goods and feeds screens leave one. */
async function liveListing(page: Page, token: string, sku: string) {
  const setting = await api(page, token, '/admin/goods-setting/create', {
    name: `订单测试美国站 ${sku}`,
    marketplace: 'amazon',
    site: 'US',
    currency: 'USD',
    exchangeRate: '7.2',
    markupPercent: '30',
    fixedFee: '5',
    defaultStock: 20,
  });
  const code = gtin(`29${String(Date.now()).slice(-10)}`);
  await api(page, token, '/admin/goods-upc/import-codes', { codes: code });
  const category = await api(page, token, '/admin/goods-category/create', { name: `锅具 ${sku}` });
  const goods = await api(page, token, '/admin/goods/create', {
    title: `订单测试汤锅 ${sku}`,
    categoryId: category.id,
    images: ['https://img.example.com/pot.jpg'],
    bulletPoints: ['不锈钢'],
  });
  await api(page, token, '/admin/goods/variants/save', {
    goodsId: goods.id,
    attributes: [],
    variants: [
      {
        options: {},
        sellerSku: sku,
        upc: code,
        cost: '72.00',
        price: '99.00',
        stock: 10,
        weight: 500,
      },
    ],
  });
  await api(page, token, '/admin/goods/ready', { ids: [goods.id] });
  await api(page, token, '/admin/feeds/send', { settingId: setting.id, goodsIds: [goods.id] });
  await expect
    .poll(
      async () =>
        (await api(page, token, '/admin/listing/list', { keyword: sku, page: 1, pageSize: 5 }))
          .items[0]?.status,
      { timeout: 30_000 },
    )
    .toBe('active');
}

/** The sales figure of an overview row (its fourth cell, in yuan). */
async function salesOf(row: Locator) {
  return Number((await row.locator('td').nth(3).textContent())?.replace(/,/g, '') ?? 'NaN');
}

/** The overview's latest day and its sales, before this test adds to them. */
async function salesOfLatestDay(page: Page) {
  // Read once the overview has answered: before that the table shows its empty placeholder.
  const answered = page.waitForResponse((r) =>
    r.url().endsWith('/admin/marketplace-order/overview'),
  );
  await page.goto('/transaction_overview');
  await answered;
  const rows = page.locator('tr.ant-table-row, tr.ant-table-placeholder');
  await expect(rows.first()).toBeVisible();
  await expect(page.locator('.ant-table .ant-spin-spinning')).toHaveCount(0);
  const latest = page.locator('tr.ant-table-row').first();
  if ((await latest.count()) === 0) return { day: '', sales: 0 };
  return {
    day: (await latest.locator('td').first().textContent())?.trim(),
    sales: await salesOf(latest),
  };
}

test('marketplace orders: a listing sells in the sandbox, is shipped with a tracking number and delivered, and the overview, the ranking and the dashboard count it', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const sku = `MPO-${Date.now().toString(36).toUpperCase()}`;
  const buyer = `Buyer ${sku}`;
  const token = await signedIn(page);
  await liveListing(page, token, sku);
  // Other tests' orders (the Amazon one's) may be counted today already.
  const before = await salesOfLatestDay(page);

  // The sandbox marketplace's buyer buys two.
  await page.goto('/orders-list');
  await page.getByRole('button', { name: '沙箱平台' }).click();
  const sandbox = page.getByRole('dialog', { name: '沙箱平台 · 模拟买家' });
  await sandbox.getByRole('combobox', { name: '在线商品' }).fill(sku);
  await page.locator('.ant-select-item-option').filter({ hasText: sku }).click();
  await sandbox.getByRole('spinbutton', { name: '数量' }).fill('2');
  await sandbox.getByRole('textbox', { name: '买家' }).fill(buyer);
  await sandbox.getByRole('button', { name: /^下\s*单$/ }).click();
  const bought = page.getByText(/沙箱买家已下单：[\d-]+/);
  await expect(bought).toBeVisible();
  const orderNo = (await bought.textContent())!.split('：')[1]!;
  await page.keyboard.press('Escape');

  // The order comes to the list; the marketplace confirms the payment and it is to ship.
  await page.getByRole('searchbox', { name: '买家' }).fill(buyer);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  const row = page.locator('tr.ant-table-row').filter({ hasText: orderNo });
  await expect(row).toContainText('订单测试汤锅');
  await expect(row).toContainText('27.40 USD');
  await expect(row).toContainText('待发货', { timeout: 20_000 });

  // The dashboard's to-do opens the orders to ship.
  await page.goto('/dashboard');
  await page.getByRole('link', { name: /个平台订单待发货/ }).click();
  await expect(page).toHaveURL(/\/orders-list\?status=unshipped/);
  await expect(row).toBeVisible();

  // Shipped from its row with a carrier and a tracking number.
  await row.getByRole('button', { name: /^发\s*货$/ }).click();
  const ship = page.getByRole('dialog', { name: /发货 · 1 个订单/ });
  await ship.getByRole('textbox', { name: `运单号 ${orderNo}` }).fill('bad number!');
  await ship.getByRole('button', { name: /^发\s*货$/ }).click();
  await expect(ship.getByText('运单号为 1–40 位字母、数字或连字符')).toBeVisible();
  await ship.getByRole('textbox', { name: `运单号 ${orderNo}` }).fill('1Z999AA10123456784');
  await ship.getByRole('button', { name: /^发\s*货$/ }).click();
  await expect(page.getByText('已发货 1 个订单')).toBeVisible();
  await page.goto(`/orders-list?buyer=${encodeURIComponent(buyer)}`);
  await expect(row).toContainText('已发货');

  // The sandbox's carrier delivers it.
  await page.getByRole('button', { name: '沙箱平台' }).click();
  const parcel = sandbox.locator('.ant-list-item').filter({ hasText: orderNo });
  await expect(parcel).toContainText('1Z999AA10123456784');
  await parcel.getByRole('button', { name: /^妥\s*投$/ }).click();
  await expect(page.getByText(`已妥投：${orderNo}`)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(row).toContainText('已妥投');
  await row.getByRole('button', { name: /详\s*情/ }).click();
  const detail = page.getByRole('dialog', { name: orderNo });
  for (const step of ['买家下单', '平台确认付款', '发货', '妥投'])
    await expect(detail.locator('.ant-timeline')).toContainText(step);
  await page.keyboard.press('Escape');

  // The overview counts it today (2 × 13.70 USD at 7.2 = ¥197.28), and the ranking ranks its SKU.
  await page.goto('/transaction_overview');
  await expect(page.getByRole('img', { name: '每日销售额与净收入' })).toBeVisible();
  const today = page.locator('tr.ant-table-row').first();
  await expect(today).toBeVisible();
  const day = (await today.locator('td').first().textContent())?.trim();
  const expected = (day === before.day ? before.sales : 0) + 197.28;
  await expect.poll(async () => salesOf(today)).toBeCloseTo(expected, 2);
  await page.goto('/order-data-top');
  const ranked = page.locator('tr.ant-table-row').filter({ hasText: sku });
  await expect(ranked).toContainText('订单测试汤锅');
  await expect(ranked).toContainText('197.28');
  await ranked.getByRole('link', { name: sku }).click();
  await expect(page).toHaveURL(new RegExp(`/orders-list\\?skus=${sku}`));
  await expect(page.locator('tr.ant-table-row').filter({ hasText: orderNo })).toBeVisible();

  // The dashboard's figure opens today's orders.
  await page.goto('/dashboard');
  await expect(page.getByTestId('figure-marketplace-orders')).not.toHaveText('0');
  await page.getByTestId('figure-marketplace-orders').click();
  await expect(page).toHaveURL(/\/orders-list\?orderedAtRange=\d{4}-\d{2}-\d{2},\d{4}-\d{2}-\d{2}/);
  await expect(page.locator('tr.ant-table-row').filter({ hasText: orderNo })).toBeVisible();

  // Part of it goes back to the buyer, in the order's currency, from its detail.
  await page.goto(`/orders-list?buyer=${encodeURIComponent(buyer)}`);
  await row.getByRole('button', { name: /详\s*情/ }).click();
  await detail.getByRole('button', { name: /^退\s*款$/ }).click();
  const refund = page.getByRole('dialog', { name: `退款 · ${orderNo}` });
  await expect(refund).toContainText('最多可退');
  await refund.getByRole('spinbutton', { name: '退款金额（USD）' }).fill('5');
  await refund.getByLabel('原因').fill('Item arrived damaged');
  await refund.getByRole('button', { name: /确\s*定/ }).click();
  // A second question names the amount in the order's currency.
  const sure = page.locator('.ant-modal-confirm');
  await expect(sure).toContainText('确认退款 5.00 USD 给买家？');
  await sure.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.locator('.ant-message').getByText('已退款')).toBeVisible();
  await expect(refund).toHaveCount(0);
  await expect(detail.locator('.ant-timeline')).toContainText('退款');
});
