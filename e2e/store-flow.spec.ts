import { expect, type Page, test } from '@playwright/test';
import {
  api,
  customerPhone,
  openStoreWithCounter,
  signedIn,
  suspendAudioUntilClicked,
  verifyStorefrontPhone,
} from './support';

type Figures = { orders: number; takings: string; refunds: string; net: string };
const NONE: Figures = { orders: 0, takings: '0.00', refunds: '0.00', net: '0.00' };
/** Yuan as a decimal string in fen: the test adds money without floats. */
const fen = (yuan: string) => Math.round(Number(yuan) * 100);
const yuan = (value: number) => (value / 100).toFixed(2);

/** Today's counter figures of the store's 对账单 (other tests take money today too). */
async function counterToday(page: Page, token: string) {
  const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
  const statement = (await api(page, token, '/admin/product-order/statement', {
    from: today,
    to: today,
  })) as { rows: (Figures & { payManner: string })[] };
  return { today, counter: statement.rows.find((row) => row.payManner === 'counter') ?? NONE };
}

/**
 * Issue #44, the store's day played end to end: a dish ordered with a spec combination and an
 * add-on; the counter's alert stays until acknowledged, with the sound prompt after a reload; the
 * receipt and the customer's page carry the pickup number; a receipt reprinted; another order
 * rejected (refunded, its stock back); the buyer is a customer and is sent a coupon; the day's
 * statement nets the refund.
 */
test('a restaurant’s day: combination + add-on ordered, alert acknowledged, pickup number, reprint, an order rejected, the buyer a customer with a coupon, the statement net of the refund', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const r = String(Date.now()).slice(-4);
  const phone = `136${String(Date.now()).slice(-8)}`;
  const token = await signedIn(page);
  const rows = page.locator('tr.ant-table-row:visible');

  // The store: open, paid at the counter, a printer printing paid orders, a noodle dish with a
  // combination priced on its own (大份 + 特辣 ¥28, its SKU code) and an egg to add.
  await openStoreWithCounter(page, token, `一日柜台付${r}`);
  const printer = await api(page, token, '/admin/printer/create', {
    name: `一日小票机${r}`,
    brand: 'sandbox',
    serial: `SB-DAY${r}`,
    copies: 1,
    paper: '58',
    autoPrint: true,
  });
  const dish = await api(page, token, '/admin/product/create', {
    name: `一日牛肉面${r}`,
    price: '20',
    stock: 30,
    specs: [
      { name: '份量', options: [{ name: '小份' }, { name: '大份', priceDelta: '5' }] },
      { name: '辣度', options: [{ name: '不辣' }, { name: '特辣' }] },
    ],
    skus: [{ options: ['大份', '特辣'], price: '28', stock: 10, code: `NM-L-HOT-${r}` }],
    addons: [{ name: '加蛋', price: '2' }],
    addonsMax: 1,
  });
  await api(page, token, '/admin/product/onSale', { ids: [dish.id] });
  const stock = async () =>
    (await api(page, token, '/admin/product/detail', { id: dish.id })).stock;
  const before = await counterToday(page, token);

  // The counter opens its orders page; after a reload the browser keeps the sound off, and the
  // page asks for a click.
  await suspendAudioUntilClicked(page);
  await page.goto('/product-order');
  await page.reload();
  const prompt = page.getByRole('button', { name: '点击开启提示音' });
  await expect(prompt).toBeVisible();

  // The customer verifies a phone, then orders 大份 + 特辣 with an egg, to pick up, paid at the till.
  const customer = await customerPhone(browser);
  await customer.goto('/shop/1');
  await customer.getByRole('button', { name: '验证手机号' }).click();
  await verifyStorefrontPhone(customer, phone);
  await customer
    .getByTestId(`product-一日牛肉面${r}`)
    .getByRole('button', { name: '选规格' })
    .click();
  await customer.getByText('大份 +¥5.00').click();
  await customer.getByText('特辣').click();
  await customer.getByTestId('addons-picker').getByText('加蛋 +¥2.00').click();
  await customer.getByRole('button', { name: /加入购物车 · ¥30.00/ }).click();
  await customer.getByRole('button', { name: '去结算' }).click();
  await customer.getByLabel(`一日柜台付${r}`).check();
  await customer.getByRole('button', { name: '提交订单 ¥30.00' }).click();
  await expect(customer.getByTestId('order-status')).toHaveText('待付款');
  const first = (await customer.getByText(/^订单号 P\d+/).textContent())!.match(/P\d+/)![0];

  // Unpaid, it shows live at the counter; the money is taken there, and the new order's alert
  // stays (no notice fades it) until 知道了.
  const unpaid = page.getByTestId('unpaid-order').filter({ hasText: first });
  await expect(unpaid).toContainText('¥30.00');
  await unpaid.getByRole('button', { name: '确认已收款' }).click();
  const alert = page
    .locator('.ant-notification-notice')
    .filter({ has: page.getByTestId('new-orders') });
  await expect(alert).toContainText(`新订单 ${first}，¥30.00`);
  // That click on the page let it ring: the prompt is gone, the alert stays.
  await expect(prompt).toHaveCount(0);
  await expect(alert).toBeVisible();
  await alert.getByRole('button', { name: /知道了/ }).click();
  await expect(page.getByTestId('new-orders')).toHaveCount(0);

  // The receipt: the pickup number, the combination with its code, the egg.
  const order = rows.filter({ hasText: first });
  await expect(order).toContainText('待接单');
  const [listed] = (await api(page, token, '/admin/product-order/list', { keyword: first })).items;
  const pickupNo = listed.pickupNo as string;
  expect(pickupNo).toMatch(/^[A-Z]?\d+$/);
  const printed = async () =>
    (
      (await api(page, token, '/admin/printer/print-log', { printerId: printer.id })).items as {
        content: string;
        status: string;
      }[]
    ).filter((entry) => entry.content.includes(first));
  await expect.poll(async () => (await printed()).length).toBe(1);
  const receipt = (await printed())[0]!.content;
  expect(receipt).toContain(`取餐号 ${pickupNo}`);
  expect(receipt).toContain(`一日牛肉面${r}(大份 / 特辣)`);
  expect(receipt).toContain('加蛋');
  // The customer's page shows the same number.
  await expect(customer.getByTestId('order-status')).toHaveText('待接单');
  await expect(customer.getByTestId('pickup-no')).toContainText(pickupNo);

  // 重打小票 from the order's drawer prints it once more.
  await order.getByRole('button', { name: '详情' }).click();
  const drawer = page.getByRole('dialog').filter({ has: page.getByTestId('order-actions') });
  // The line names the combination's own SKU code.
  await expect(drawer.getByTestId('detail-items')).toContainText(`SKU NM-L-HOT-${r}`);
  await drawer.getByRole('button', { name: '重打小票' }).click();
  // (Other tests' auto-print printers in the shared store print it too.)
  await expect(page.getByText(/小票已发送到 \d+ 台打印机/)).toBeVisible();
  await expect.poll(async () => (await printed()).length).toBe(2);
  await drawer.locator('.ant-drawer-close').click();

  // A second order, 小份 不辣 (the product's own stock), paid, then rejected: all of it goes back
  // to the customer and its bowl back to stock.
  await customer.getByRole('button', { name: /返回菜单/ }).click();
  await customer
    .getByTestId(`product-一日牛肉面${r}`)
    .getByRole('button', { name: '选规格' })
    .click();
  await customer.getByText('小份', { exact: true }).click();
  await customer.getByText('不辣', { exact: true }).click();
  await customer.getByRole('button', { name: /加入购物车 · ¥20.00/ }).click();
  await customer.getByRole('button', { name: '去结算' }).click();
  await customer.getByLabel(`一日柜台付${r}`).check();
  await customer.getByRole('button', { name: '提交订单 ¥20.00' }).click();
  await expect(customer.getByTestId('order-status')).toHaveText('待付款');
  const second = (await customer.getByText(/^订单号 P\d+/).textContent())!.match(/P\d+/)![0];
  const stockBefore = await stock();
  await page
    .getByTestId('unpaid-order')
    .filter({ hasText: second })
    .getByRole('button', { name: '确认已收款' })
    .click();
  await expect.poll(stock).toBe(stockBefore - 1);
  const rejected = rows.filter({ hasText: second });
  await rejected.getByRole('button', { name: '详情' }).click();
  await drawer.getByRole('button', { name: '拒单' }).click();
  const confirm = page.locator('.ant-modal-confirm');
  await expect(confirm).toContainText(`拒单 ${second}：¥20.00 将全额原路退回顾客`);
  await confirm.getByLabel('拒单原因').fill('面条售罄');
  await confirm.getByRole('button', { name: '拒单' }).click();
  await expect(page.getByText('已拒单，¥20.00 已退回顾客')).toBeVisible();
  await expect(rejected).toContainText('已退款');
  expect(await stock()).toBe(stockBefore);
  await expect(customer.getByTestId('order-status')).toHaveText('已退款');

  // The buyer is one of the store's customers: two orders, ¥30.00 spent net of the refund.
  await page.goto('/client-list');
  await page.getByPlaceholder('姓名或手机号').fill(phone);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  const client = page.locator('tr[data-row-key]');
  await expect(client).toHaveCount(1);
  await expect(client).toContainText(`顾客${phone.slice(-4)}`);
  await expect(client).toContainText('¥30.00');

  // A coupon sent to them from the coupon list is theirs at the next checkout.
  const couponName = `回头客券${r}`;
  const coupon = await api(page, token, '/admin/coupon/create', {
    name: couponName,
    kind: 'amountOff',
    threshold: '0',
    value: '3',
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
  await page.goto('/coupon-list');
  await rows.filter({ hasText: couponName }).getByRole('button', { name: '发放' }).click();
  const issue = page.getByRole('dialog', { name: `发放“${couponName}”` });
  await issue.getByRole('combobox', { name: '发给顾客' }).fill(`顾客${phone.slice(-4)}`);
  await page
    .locator('.ant-select-item-option')
    .filter({ hasText: `顾客${phone.slice(-4)}` })
    .first()
    .click();
  await issue.locator('.ant-modal-title').click();
  await issue.getByRole('button', { name: /发\s*放/ }).click();
  await expect(page.getByText('已发放 1 张')).toBeVisible();
  await customer.getByRole('button', { name: /返回菜单/ }).click();
  await customer.reload();
  await customer
    .getByTestId(`product-一日牛肉面${r}`)
    .getByRole('button', { name: '选规格' })
    .click();
  await customer.getByText('小份', { exact: true }).click();
  await customer.getByText('不辣', { exact: true }).click();
  await customer.getByRole('button', { name: /加入购物车/ }).click();
  await customer.getByRole('button', { name: '去结算' }).click();
  await customer.getByRole('combobox', { name: '使用优惠券' }).click();
  await expect(
    customer.locator('.ant-select-item-option').filter({ hasText: couponName }),
  ).toBeVisible();
  await customer.context().close();

  // The day's statement: both orders' takings, the rejected one's refund, the net.
  const after = {
    orders: before.counter.orders + 2,
    takings: yuan(fen(before.counter.takings) + 5000),
    refunds: yuan(fen(before.counter.refunds) + 2000),
    net: yuan(fen(before.counter.net) + 3000),
  };
  await page.goto('/product-order');
  await page.getByRole('button', { name: '对账单' }).click();
  const statement = page.getByRole('dialog', { name: '对账单' });
  await expect(
    statement.locator('tr.ant-table-row').filter({ hasText: '到店付款' }).locator('td'),
  ).toHaveText([
    before.today,
    '到店付款',
    String(after.orders),
    after.takings,
    after.refunds,
    after.net,
  ]);
});
