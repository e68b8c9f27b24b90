import { expect, test } from '@playwright/test';
import { WECHATPAY_FAKE_PORT } from '../playwright.config';
import { fakeWechatAccount } from '../src/server/payment/fake-wechatpay';
import { api, customerPhone, openStore, signedIn } from './support';

/**
 * A store paid through its own WeChat Pay (Native): the customer's phone shows the code to scan,
 * a fake WeChat Pay (on the port the server's WECHATPAY_BASE_URL names) takes the payment and
 * notifies the server, and the counter's open list shows the order without a reload.
 */
const account = fakeWechatAccount();
const wechat = account.fake;

test.beforeAll(async () => {
  await wechat.start(WECHATPAY_FAKE_PORT);
});
test.afterAll(() => wechat.close());

test('WeChat Pay: the customer sees the code to scan, pays in WeChat, and the counter sees the order live', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const r = test.info().retry ? `-${test.info().retry}` : '';
  const token = await signedIn(page);

  // Open today, whatever another test left; the store's WeChat Pay is this fake's merchant
  // account (any other WeChat Pay manner is switched off).
  await openStore(page, token);
  const manners = await api(page, token, '/admin/pay-manner/list', { page: 1, pageSize: 100 });
  for (const manner of manners.items as { id: number; kind: string }[])
    if (manner.kind === 'wechat')
      await api(page, token, '/admin/pay-manner/update', { id: manner.id, enabled: false });
  await api(page, token, '/admin/pay-manner/create', {
    ...account.payManner(),
    name: `微信扫码${r}`,
    enabled: true,
  });
  const soyMilk = await api(page, token, '/admin/product/create', {
    name: `豆浆${r}`,
    price: '6',
    stock: 20,
  });
  await api(page, token, '/admin/product/onSale', { ids: [soyMilk.id] });

  // The counter keeps the order list open.
  await page.goto('/product-order');
  await expect(page.getByText('实时')).toBeVisible();

  // The customer orders on a phone and is shown WeChat Pay's code for the order.
  const customer = await customerPhone(browser);
  await customer.goto('/shop/1');
  await customer.getByTestId(`product-豆浆${r}`).getByRole('button', { name: '+' }).click();
  await customer.getByTestId(`product-豆浆${r}`).getByRole('button', { name: '+' }).click();
  await customer.getByRole('button', { name: '去结算' }).click();
  await customer.getByLabel(`微信扫码${r}`).check();
  await customer.getByRole('button', { name: '提交订单 ¥12.00' }).click();
  await expect(customer.getByTestId('order-status')).toHaveText('待付款');
  const orderNo = (await customer.getByText(/^订单号 P\d+/).textContent())!.match(/P\d+/)![0];
  const code = customer.getByTestId('wechat-pay');
  await expect(code.getByText('请用微信扫码支付 ¥12.00，支付后本页自动更新')).toBeVisible();
  await expect(code.locator('canvas')).toBeVisible();
  // No pay link: a weixin:// address opens nothing in a browser.
  await expect(customer.getByRole('link', { name: /去支付/ })).toHaveCount(0);
  // WeChat Pay was asked for a Native trade of this order, for 12 yuan.
  const trade = wechat.trades.get(orderNo)!;
  expect(trade).toMatchObject({ total: 1200, state: 'NOTPAY' });

  // The customer scans and pays in WeChat; WeChat Pay notifies the server.
  const delivered = await wechat.deliver(orderNo, wechat.pay(orderNo));
  expect(delivered.status).toBeLessThan(300);
  await expect(customer.getByTestId('order-status')).toHaveText('待接单');
  await expect(code).toHaveCount(0);

  // The counter's list shows it without a reload, with a notice.
  await expect(page.getByText(`新订单 ${orderNo}，¥12.00`)).toBeVisible();
  const order = page.locator('tr.ant-table-row:visible').filter({ hasText: orderNo });
  await expect(order).toContainText('待接单');
  await expect(order).toContainText('¥12.00');
  await customer.context().close();
});
