import path from 'node:path';
import { expect, test } from '@playwright/test';
import { api, customerPhone, signedIn } from './support';

test('a table orders two dishes with specs, pays in the sandbox; the counter sees it live, prints, accepts, completes; the customer rates and the merchant replies; another order is refunded in part', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const r = test.info().retry ? `-${test.info().retry}` : '';
  const token = await signedIn(page);
  const rows = page.locator('tr.ant-table-row:visible');
  const save = page.getByRole('button', { name: /保\s*存/ });

  // The store: the sandbox gateway as its way to pay, a table, a printer that prints paid orders.
  await api(page, token, '/admin/pay-manner/create', {
    kind: 'sandbox',
    name: `在线支付${r}`,
    enabled: true,
  });
  const table = await api(page, token, '/admin/table-number/create', {
    area: '大厅',
    name: `A${r || '0'}8`,
    seats: 4,
  });
  const printer = await api(page, token, '/admin/printer/create', {
    name: `订单小票机${r}`,
    brand: 'sandbox',
    serial: `SB-E2E${r}`,
    copies: 1,
    paper: '58',
    autoPrint: true,
  });
  const tea = await api(page, token, '/admin/product/create', {
    name: `柠檬茶${r}`,
    price: '8.50',
    stock: 100,
  });
  await api(page, token, '/admin/product/onSale', { ids: [tea.id] });

  // A dish with two specs, made in the product form.
  await page.goto('/product-list');
  await page.getByRole('button', { name: '新增商品' }).click();
  await page.getByLabel('商品名称').fill(`牛肉面${r}`);
  await page.getByRole('spinbutton', { name: '售价（元）' }).fill('20');
  await page.getByRole('spinbutton', { name: '库存', exact: true }).fill('50');
  const addGroup = page.getByRole('button', { name: '添加规格' });
  await addGroup.click();
  await page.getByLabel('规格名').nth(0).fill('份量');
  await page.getByLabel('选项', { exact: true }).nth(0).fill('小份');
  await page.getByRole('button', { name: '添加选项' }).nth(0).click();
  await page.getByLabel('选项', { exact: true }).nth(1).fill('大份');
  await page.getByRole('spinbutton', { name: '选项加价' }).nth(1).fill('5');
  await addGroup.click();
  await page.getByLabel('规格名').nth(1).fill('辣度');
  await page.getByLabel('选项', { exact: true }).nth(2).fill('不辣');
  await page.getByRole('button', { name: '添加选项' }).nth(1).click();
  await page.getByLabel('选项', { exact: true }).nth(3).fill('微辣');
  await save.click();
  await expect(page).toHaveURL(/\/product-list$/);
  const dish = rows.filter({ hasText: `牛肉面${r}` });
  await dish.getByRole('button', { name: '上架' }).click();
  await expect(dish).toContainText('在售');

  // The counter keeps the order list open.
  await page.goto('/product-order');
  await expect(page.getByText('实时')).toBeVisible();

  // The customer scans the table's code: the storefront for that table, on a phone.
  const customer = await customerPhone(browser);
  await customer.goto(`/shop/1?table=${table.id}`);
  await expect(customer.getByText(`桌号 大厅 ${table.name}`)).toBeVisible();
  await customer.getByTestId(`product-牛肉面${r}`).getByRole('button', { name: '选规格' }).click();
  await customer.getByText('大份 +¥5.00').click();
  await customer.getByText('微辣').click();
  await customer.getByRole('button', { name: /加入购物车 · ¥25.00/ }).click();
  await customer.getByTestId(`product-柠檬茶${r}`).getByRole('button', { name: '+' }).click();
  await customer.getByRole('button', { name: '去结算' }).click();
  // At a table the kitchen is told how many eat.
  await customer.getByRole('spinbutton', { name: '就餐人数' }).fill('2');
  await customer.getByLabel(`在线支付${r}`).check();
  await customer.getByRole('button', { name: '提交订单 ¥33.50' }).click();
  await expect(customer.getByTestId('order-status')).toHaveText('待付款');
  await expect(customer.getByText(/· 2 人就餐/)).toBeVisible();
  // The order page fits the phone: nothing runs off its right edge.
  expect(await customer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    390,
  );
  const orderNo = (await customer.getByText(/^订单号 P\d+/).textContent())!.match(/P\d+/)![0];

  // Pays on the sandbox gateway's page.
  const [gateway] = await Promise.all([
    customer.waitForEvent('popup'),
    customer.getByRole('link', { name: '去支付 ¥33.50' }).click(),
  ]);
  await gateway.getByRole('button', { name: /确认支付/ }).click();
  await expect(gateway.getByText('支付成功')).toBeVisible();
  await expect(customer.getByTestId('order-status')).toHaveText('待接单');

  // The counter's list shows it without a reload, and the receipt printed.
  const order = rows.filter({ hasText: orderNo });
  await expect(order).toContainText('待接单');
  await expect(order).toContainText('¥33.50');
  const log = await api(page, token, '/admin/printer/print-log', { printerId: printer.id });
  expect(log.items[0].content).toContain(`牛肉面${r}(大份 / 微辣) ×1`);
  expect(log.items[0].content).toContain('就餐人数 2');
  expect(log.items[0].status).toBe('printed');

  await order.getByRole('button', { name: '接单' }).click();
  await expect(order).toContainText('制作中');
  await order.getByRole('button', { name: '出餐' }).click();
  await expect(order).toContainText('待取餐');
  await order.getByRole('button', { name: '完成' }).click();
  await expect(order).toContainText('已完成');

  // The customer rates it; the merchant replies.
  await expect(customer.getByTestId('order-status')).toHaveText('已完成');
  await customer.getByPlaceholder('说说口味、服务…').fill(`面很筋道${r}`);
  await customer
    .getByTestId('evaluation-photo')
    .setInputFiles(path.join(import.meta.dirname, 'fixtures/cover.png'));
  await expect(customer.locator('.shop-photo img')).toHaveAttribute('src', /^\/uploads\/1\//);
  await customer.getByRole('button', { name: '提交评价' }).click();
  await expect(customer.getByText('感谢您的评价')).toBeVisible();
  await page.goto('/evaluate-list');
  const review = rows.filter({ hasText: `面很筋道${r}` });
  await expect(review.locator('img')).toHaveAttribute('src', /^\/uploads\/1\//);
  await review.getByRole('button', { name: '编辑' }).click();
  await page.getByLabel('商家回复').fill('谢谢光临，欢迎再来');
  await save.click();
  await expect(review).toContainText('谢谢光临，欢迎再来');

  // Another order, refunded in part from its drawer.
  await customer.getByRole('button', { name: /返回菜单/ }).click();
  await customer.getByTestId(`product-柠檬茶${r}`).getByRole('button', { name: '+' }).click();
  await customer.getByTestId(`product-柠檬茶${r}`).getByRole('button', { name: '+' }).click();
  await customer.getByRole('button', { name: '去结算' }).click();
  await customer.getByLabel(`在线支付${r}`).check();
  await customer.getByRole('button', { name: '提交订单 ¥17.00' }).click();
  const second = (await customer.getByText(/^订单号 P\d+/).textContent())!.match(/P\d+/)![0];
  const [pay2] = await Promise.all([
    customer.waitForEvent('popup'),
    customer.getByRole('link', { name: '去支付 ¥17.00' }).click(),
  ]);
  await pay2.getByRole('button', { name: /确认支付/ }).click();
  await expect(customer.getByTestId('order-status')).toHaveText('待接单');
  await page.goto('/product-order');
  await rows.filter({ hasText: second }).getByRole('button', { name: second }).click();
  await page.getByRole('button', { name: /^退\s*款$/ }).click();
  const refund = page.getByRole('dialog', { name: `退款 · ${second}` });
  const amount = refund.getByRole('spinbutton', { name: '退款金额（元）' });
  const sure = page.locator('.ant-modal-confirm');
  // Above what was paid: refused where it was typed, not lowered to the most, and nothing is asked.
  await amount.fill('100');
  await refund.getByRole('button', { name: /确\s*定/ }).click();
  await expect(refund).toContainText('退款金额不能超过可退金额 ¥17.00');
  await expect(amount).toHaveValue('100.00');
  await expect(sure).toHaveCount(0);
  // A reason is needed.
  await amount.fill('8.50');
  await refund.getByRole('button', { name: /确\s*定/ }).click();
  await expect(refund).toContainText('请输入退款原因');
  await expect(sure).toHaveCount(0);
  // Then a second question names the amount; cancelled, nothing went back.
  await refund.getByLabel('退款原因').fill('少做了一杯');
  await refund.getByRole('button', { name: /确\s*定/ }).click();
  await expect(sure).toContainText('确认退款 ¥8.50 给顾客？');
  await sure.getByRole('button', { name: /取\s*消/ }).click();
  await expect(sure).toHaveCount(0);
  await expect(refund).toBeVisible();
  await refund.getByRole('button', { name: /确\s*定/ }).click();
  await sure.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('已退款 ¥8.50')).toBeVisible();
  await expect(refund).toHaveCount(0);
  await expect(rows.filter({ hasText: second })).toContainText('部分退款');
  await expect(customer.getByText('退款: 已退款 · ¥8.50')).toBeVisible();
  await customer.context().close();
});
