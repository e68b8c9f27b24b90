import { expect, test } from '@playwright/test';
import { signedIn } from './support';

test('a WeChat Pay saved with a mistyped id and parts missing marks every wrong field in one save', async ({
  page,
}) => {
  const r = `${Date.now() % 100_000}${test.info().retry}`;
  await signedIn(page);
  let saves = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/admin/pay-manner/create')) saves += 1;
  });
  await page.goto('/pay-manner');
  await page.getByRole('button', { name: '新增支付方式' }).click();
  const form = page.getByRole('dialog').filter({ hasText: '新增支付方式' });
  await form.getByLabel('显示名称').fill(`微信${r}`);
  await form.getByLabel('类型').click();
  await page.locator('.ant-select-item-option').filter({ hasText: '微信支付' }).click();
  await form.getByLabel('商户 API 证书序列号').fill('NOT-HEX');
  await form.getByLabel('微信支付公钥 ID').fill('0116000011112024');
  await form.getByRole('button', { name: /保\s*存/ }).click();

  const item = (label: string) =>
    form
      .locator('.ant-form-item')
      .filter({ has: page.locator('label', { hasText: new RegExp(`^${label}$`) }) });
  const error = (label: string) => item(label).locator('.ant-form-item-explain-error');
  for (const label of ['商户号', 'AppID', '密钥', 'APIv3 密钥', '微信支付公钥'])
    await expect(error(label)).toHaveText('微信支付需要填写此项');
  await expect(error('商户 API 证书序列号')).toHaveText('证书序列号只含十六进制字符（0-9、A-F）');
  await expect(error('微信支付公钥 ID')).toHaveText('公钥 ID 形如 PUB_KEY_ID_0114…');
  expect(saves).toBe(1);
});
