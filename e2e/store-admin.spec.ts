import { generateKeyPairSync } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { signedIn } from './support';

const save = /保\s*存/;

test('printers: add a sandbox printer, test print into its log, and a receipt waits while it is offline', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const r = test.info().retry ? `-${test.info().retry}` : '';
  await signedIn(page);
  const rows = page.locator('tr.ant-table-row:visible');

  await page.goto('/printer');
  await page.getByRole('button', { name: '添加打印机' }).click();
  await expect(page).toHaveURL(/\/add-printer$/);
  await page.getByLabel('名称', { exact: true }).fill(`前台小票机${r}`);
  await page.getByLabel('编号（SN）').fill(`E2E-SB-001${r}`);
  await page.getByLabel('密钥').fill('e2e-key');
  await page.getByRole('button', { name: save }).click();
  await expect(page).toHaveURL(/\/printer$/);
  const row = rows.filter({ hasText: `前台小票机${r}` });
  await expect(row).toContainText('在线');
  await expect(row).toContainText('沙箱打印机');

  await row.getByRole('button', { name: '打印测试' }).click();
  await expect(page.getByText('测试页已发送')).toBeVisible();
  await row.getByRole('button', { name: '打印记录' }).click();
  const drawer = page.getByRole('dialog', { name: `前台小票机${r} 的打印记录` });
  const receipts = drawer.getByTestId('receipt');
  await expect(receipts.first()).toContainText('打印测试页');
  await expect(receipts.first()).toContainText(`E2E-SB-001${r}`);
  await expect(drawer.locator('.ant-tag').filter({ hasText: '已打印' })).toHaveCount(1);
  await drawer.locator('.ant-drawer-close').click();

  // Offline: the next test page waits, and prints once the printer is back.
  await row.getByRole('button', { name: '设为离线' }).click();
  await expect(row).toContainText('离线');
  await row.getByRole('button', { name: '打印测试' }).click();
  await row.getByRole('button', { name: '打印记录' }).click();
  await expect(drawer.locator('.ant-tag').filter({ hasText: '等待打印' })).toHaveCount(1);
  await drawer.locator('.ant-drawer-close').click();
  await row.getByRole('button', { name: '设为在线' }).click();
  await expect(row).toContainText('在线');
  await row.getByRole('button', { name: '打印记录' }).click();
  await expect(drawer.locator('.ant-tag').filter({ hasText: '已打印' })).toHaveCount(2);
  await expect(drawer.locator('.ant-tag').filter({ hasText: '等待打印' })).toHaveCount(0);
});

test('pay manners: WeChat Pay takes its merchant number, API key and certificate serial, APIv3 key and public key, and is connected', async ({
  page,
}) => {
  const r = test.info().retry ? `-${test.info().retry}` : '';
  const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const wechatPay = generateKeyPairSync('rsa', { modulusLength: 2048 });
  await signedIn(page);
  const rows = page.locator('tr.ant-table-row:visible');

  await page.goto('/pay-manner');
  await page.getByRole('button', { name: '新增支付方式' }).click();
  const form = page.getByRole('dialog', { name: '新增支付方式' });
  await form.getByLabel('显示名称').fill(`微信支付${r}`);
  await expect(form.getByLabel('APIv3 密钥')).toHaveCount(0);
  await form.getByRole('combobox', { name: '类型' }).click();
  await page.locator('.ant-select-item-option').filter({ hasText: '微信支付' }).click();
  await expect(form.getByText('本系统尚未接入')).toHaveCount(0);
  await expect(form.getByLabel('支付宝公钥')).toHaveCount(0);
  await page.getByRole('button', { name: save }).click();
  // Its ids and keys are asked for.
  await expect(form.getByText('微信支付需要填写此项').first()).toBeVisible();
  await form.getByLabel('商户号').fill('1600001');
  await form.getByLabel('AppID').fill('wx1234567');
  await form
    .getByLabel('密钥', { exact: true })
    .fill(merchant.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString());
  await form.getByLabel('商户 API 证书序列号').fill('5157F09EFDC096DE15EBE81A47057A7232F1B8E1');
  await form.getByLabel('APIv3 密钥').fill('too-short');
  await form
    .getByLabel('微信支付公钥', { exact: true })
    .fill(wechatPay.publicKey.export({ type: 'spki', format: 'pem' }).toString());
  await form.getByLabel('微信支付公钥 ID').fill('PUB_KEY_ID_0116000011112024010100000000001');
  await page.getByRole('button', { name: save }).click();
  await expect(form.getByText('APIv3 密钥应为 32 个字符')).toBeVisible();
  await form.getByLabel('APIv3 密钥').fill('a7cde1ef52a1d3c8b0e5f6a9c2d4b8e1');
  await page.getByRole('button', { name: save }).click();
  const row = rows.filter({ hasText: `微信支付${r}` });
  await expect(row).toContainText('1600001');
  await expect(row).not.toContainText('未接入');
  await expect(row).not.toContainText('a7cde1ef52a1d3c8b0e5f6a9c2d4b8e1');
});

test('pay manners: Alipay takes the app’s private key and Alipay’s public key, and is connected', async ({
  page,
}) => {
  const r = test.info().retry ? `-${test.info().retry}` : '';
  const app = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const alipay = generateKeyPairSync('rsa', { modulusLength: 2048 });
  await signedIn(page);
  const rows = page.locator('tr.ant-table-row:visible');

  await page.goto('/pay-manner');
  await page.getByRole('button', { name: '新增支付方式' }).click();
  const form = page.getByRole('dialog', { name: '新增支付方式' });
  await form.getByLabel('显示名称').fill(`支付宝${r}`);
  await expect(form.getByLabel('支付宝公钥')).toHaveCount(0);
  await form.getByRole('combobox', { name: '类型' }).click();
  await page.locator('.ant-select-item-option').filter({ hasText: '支付宝' }).click();
  await expect(form.getByText('本系统尚未接入')).toHaveCount(0);
  await form.getByLabel('AppID').fill('2021000000000001');
  // Pasted into a one-line field, the PEM loses its line breaks: still read.
  await form
    .getByLabel('密钥')
    .fill(app.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString());
  await form.getByLabel('支付宝公钥').fill('not a key');
  await page.getByRole('button', { name: save }).click();
  await expect(form.getByText('不是 RSA 公钥')).toBeVisible();
  await form
    .getByLabel('支付宝公钥')
    .fill(alipay.publicKey.export({ type: 'spki', format: 'pem' }).toString());
  await page.getByRole('button', { name: save }).click();
  const row = rows.filter({ hasText: `支付宝${r}` });
  await expect(row).toContainText('2021000000000001');
  await expect(row).not.toContainText('未接入');
});

test('table numbers: a table’s QR code in a dialog, downloaded, and every code as a ZIP and a PDF sheet', async ({
  page,
}) => {
  const r = test.info().retry ? `-${test.info().retry}` : '';
  await signedIn(page);
  const rows = page.locator('tr.ant-table-row:visible');

  await page.goto('/table-number');
  await page.getByRole('button', { name: '新增桌号' }).click();
  const form = page.getByRole('dialog', { name: '新增桌号' });
  await form.getByLabel('区域').fill('大厅');
  await form.getByLabel('桌号', { exact: true }).fill(`A01${r}`);
  await page.getByRole('button', { name: save }).click();
  const row = rows.filter({ hasText: `A01${r}` });
  await expect(row).toContainText('大厅');

  await row.getByRole('button', { name: '二维码' }).click();
  const dialog = page.getByRole('dialog', { name: `大厅 A01${r} 的点餐码` });
  await expect(dialog.getByRole('img', { name: `大厅 A01${r} 的点餐码` })).toBeVisible();
  await expect(dialog).toContainText(/\/shop\/1\?table=\d+/);
  const png = page.waitForEvent('download');
  await dialog.getByRole('link', { name: /下\s*载/ }).click();
  expect((await png).suggestedFilename()).toBe(`大厅-A01${r}.png`);
  await dialog.locator('.ant-modal-close').click();

  const zip = page.waitForEvent('download');
  await page.getByRole('button', { name: '下载全部（ZIP）' }).click();
  expect((await zip).suggestedFilename()).toBe('桌号.zip');
  const pdf = page.waitForEvent('download');
  await page.getByRole('button', { name: '打印台卡（PDF）' }).click();
  expect((await pdf).suggestedFilename()).toBe('桌号.pdf');

  // The store's own code, without a table (pickup, delivery), and its poster named by the store.
  await page.getByRole('button', { name: '店铺二维码' }).click();
  const storeCode = page.getByRole('dialog', { name: '店铺二维码' });
  await expect(storeCode.getByText(/^http.*\/shop\/1$/)).toBeVisible();
  await expect(storeCode).not.toContainText('table=');
  const code = page.waitForEvent('download');
  await storeCode.getByRole('link', { name: /下\s*载/ }).click();
  const storeName = (await code).suggestedFilename().replace(/\.png$/, '');
  expect(storeName).not.toBe('');
  const poster = page.waitForEvent('download');
  await storeCode.getByRole('button', { name: '下载海报（PDF）' }).click();
  expect((await poster).suggestedFilename()).toBe(`${storeName}.pdf`);
});
