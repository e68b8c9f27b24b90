import { expect, test } from '@playwright/test';
import { api, customerPhone, signedIn, suspendAudioUntilClicked } from './support';

/** Issue #44: the counter hears and sees new orders, even when nobody has clicked the page. */
test('after a reload the order page asks for a click to ring; a paid order raises an alert that stays until 知道了', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const r = `${Date.now() % 100_000}`;
  const token = await signedIn(page);
  await api(page, token, '/admin/pay-manner/create', {
    kind: 'counter',
    name: `前台付款${r}`,
    enabled: true,
  });
  const tea = await api(page, token, '/admin/product/create', {
    name: `提醒奶茶${r}`,
    price: '9',
    stock: 50,
  });
  await api(page, token, '/admin/product/onSale', { ids: [tea.id] });

  await suspendAudioUntilClicked(page);
  await page.goto('/product-order');
  await page.reload();
  const prompt = page.getByRole('button', { name: '点击开启提示音' });
  await expect(prompt).toBeVisible();
  await expect(page.getByText('实时')).toBeVisible();

  const customer = await customerPhone(browser);
  await customer.goto('/shop/1');
  /** The customer orders a tea paid at the counter; the counter takes the money (by the API). */
  async function paidOrder() {
    await customer.getByTestId(`product-提醒奶茶${r}`).getByRole('button', { name: '+' }).click();
    await customer.getByRole('button', { name: '去结算' }).click();
    await customer.getByLabel(`前台付款${r}`).check();
    await customer.getByRole('button', { name: '提交订单 ¥9.00' }).click();
    await expect(customer.getByTestId('order-status')).toHaveText('待付款');
    const orderNo = (await customer.getByText(/^订单号 P\d+/).textContent())!.match(/P\d+/)![0];
    const { items } = await api(page, token, '/admin/product-order/list', {
      keyword: orderNo,
      page: 1,
      pageSize: 1,
    });
    await api(page, token, '/admin/product-order/confirmPaid', { ids: [items[0].id] });
    return orderNo;
  }

  const first = await paidOrder();
  const alert = page
    .locator('.ant-notification-notice')
    .filter({ has: page.getByTestId('new-orders') });
  await expect(alert).toContainText('1 笔新订单待处理');
  await expect(alert).toContainText(`新订单 ${first}，¥9.00`);
  // Silent so far (nobody clicked): the prompt still asks.
  expect(
    await page.evaluate(() => (window as unknown as { played: { chimes: number } }).played.chimes),
  ).toBe(0);
  // A notice would be gone after 4.5 s; this one stays.
  await page.waitForTimeout(6000);
  await expect(alert).toBeVisible();
  await expect(prompt).toBeVisible();

  // A click on the prompt lets the page ring; 知道了 puts the alert away.
  await prompt.click();
  await expect(prompt).toHaveCount(0);
  await expect(alert).toBeVisible();
  await alert.getByRole('button', { name: /知道了/ }).click();
  await expect(page.getByTestId('new-orders')).toHaveCount(0);

  // The next paid order rings and raises the alert again, listing only itself.
  await customer.getByRole('button', { name: /返回菜单/ }).click();
  const second = await paidOrder();
  await expect(alert).toContainText('1 笔新订单待处理');
  await expect(alert).toContainText(`新订单 ${second}，¥9.00`);
  await expect(alert).not.toContainText(first);
  await expect
    .poll(() =>
      page.evaluate(() => (window as unknown as { played: { chimes: number } }).played.chimes),
    )
    .toBeGreaterThan(0);
  await customer.context().close();
});
