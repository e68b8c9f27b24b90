import { expect as baseExpect, test } from '@playwright/test';
import Big from 'big.js';
import { signedIn } from './support';

// Full page loads of the shell on a busy 2-core machine take longer than the default 10 s.
const expect = baseExpect.configure({ timeout: 30_000 });

/** The top bar's balance, as its title says it ("余额 12.34 元"). */
async function topBarBalance(page: import('@playwright/test').Page) {
  const title = await page.getByTestId('balance').getAttribute('title');
  return new Big(/([\d.]+)/.exec(title ?? '')![1]!);
}

test.describe.configure({ timeout: 180_000 });

test('recharge → pay in the sandbox checkout → the balance and the ledger update without a reload', async ({
  page,
}) => {
  await signedIn(page);
  const before = await topBarBalance(page);
  await page.goto('/recharge');
  await expect(page).toHaveTitle('余额充值 - 商户管理后台');
  // Marks this document: a reload would lose it.
  await page.evaluate(() => {
    (window as unknown as { stayed: boolean }).stayed = true;
  });
  await page.getByText('其他金额').click();
  const custom = page.getByRole('spinbutton', { name: '其他金额' });
  await custom.fill('0.5');
  await custom.blur();
  await expect(page.getByText('不能少于 1.00 元')).toBeVisible();
  await custom.fill('12.34');
  await custom.blur();
  await page.getByText('微信支付').click();
  await page.getByRole('button', { name: '去支付 ¥12.34' }).click();

  await expect(page).toHaveURL(/\/recharge-pay\?no=R\d+/);
  const orderNo = new URL(page.url()).searchParams.get('no')!;
  await expect(page.getByText('请使用微信支付扫描二维码完成支付')).toBeVisible();
  await expect(page.locator('.ant-qrcode canvas')).toBeVisible();
  await expect(page.getByText('剩余支付时间')).toBeVisible();

  // The payer opens the sandbox's checkout (what the QR code holds) and pays.
  const [checkout] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('link', { name: '在沙箱收银台中打开' }).click(),
  ]);
  await expect(checkout.locator('.amount')).toContainText('12.34');
  await expect(checkout.getByText('微信支付 WeChat Pay')).toBeVisible();
  await checkout.getByRole('button', { name: /确认支付/ }).click();
  await expect(checkout.getByText('支付成功 · Paid')).toBeVisible();
  await checkout.close();

  // The pay page follows the recharge to its result; the top bar follows the balance.
  await expect(page.getByText('充值成功')).toBeVisible({ timeout: 20_000 });
  const after = before.plus('12.34');
  await expect(page.getByTestId('balance')).toHaveAttribute('title', `余额 ${after.toFixed(2)} 元`);

  // The ledger, reached from the top bar: the entry is there, in the same document.
  await page.getByTestId('balance').click();
  await expect(page).toHaveURL(/\/cost-center$/);
  const row = page.locator('.cost-center tr[data-row-key]').filter({ hasText: orderNo });
  await expect(row).toContainText('充值');
  await expect(row).toContainText('+¥12.34');
  await expect(row).toContainText(after.toFixed(2));
  // Its description in the UI's language, not the gateway's internal name.
  await expect(row).toContainText(/沙箱充值 · 流水号 SBX/);
  await expect(row).not.toContainText('sandbox');
  await expect(page.getByRole('table', { name: '月度汇总' }).last()).toContainText('¥12.34');
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);

  // The recharge list on /recharge says it is credited.
  await page.goto('/recharge');
  await expect(
    page
      .getByRole('table', { name: '最近的充值' })
      .locator('tr[data-row-key]')
      .filter({ hasText: orderNo }),
  ).toContainText('已到账');
});

test('a declined payment lands on its result, and a recharge left waiting is resumed', async ({
  page,
}) => {
  await signedIn(page, '/recharge');
  await page.getByRole('button', { name: /去支付 ¥500/ }).click();
  await expect(page).toHaveURL(/\/recharge-pay\?no=R\d+/);
  const orderNo = new URL(page.url()).searchParams.get('no')!;
  // Leave, and come back through "continue paying".
  await page.goto('/cost-center');
  await page.goto('/recharge');
  await page
    .getByRole('table', { name: '最近的充值' })
    .locator('tr[data-row-key]')
    .filter({ hasText: orderNo })
    .getByRole('link', { name: '继续支付' })
    .click();
  await expect(page).toHaveURL(new RegExp(`no=${orderNo}`));
  const href = await page.getByRole('link', { name: '在沙箱收银台中打开' }).getAttribute('href');
  const checkout = await page.context().newPage();
  await checkout.goto(href!);
  await checkout.getByRole('button', { name: /拒绝支付/ }).click();
  await expect(checkout.getByText(/交易已关闭/)).toBeVisible();
  await checkout.close();
  await expect(page.getByText('充值单已关闭')).toBeVisible({ timeout: 20_000 });
});
