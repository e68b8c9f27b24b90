import { expect, test } from '@playwright/test';
import { apiToken, signedIn } from './support';

test('keyword sets: the search terms are counted in bytes as typed, and saved within the limit', async ({
  page,
}) => {
  await signedIn(page, '/goods-keywords');
  await expect(page).toHaveTitle('关键词库 - 商户管理后台');
  await page.getByRole('button', { name: '新增关键词' }).click();
  await expect(page).toHaveURL(/\/goods-keywords-store$/);
  await page.getByRole('textbox', { name: /名称/ }).fill('蓝牙耳机 美国站');
  const terms = page.getByRole('textbox', { name: /搜索关键词/ });
  // 84 Chinese characters are 252 bytes: over Amazon's 250.
  await terms.fill('蓝牙耳机'.repeat(21));
  await expect(page.getByText('252 / 250')).toBeVisible();
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('最多 250 字节（一个汉字 3 字节）')).toBeVisible();
  await terms.fill('wireless earbuds 蓝牙耳机');
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page).toHaveURL(/\/goods-keywords$/);
  const row = page.locator('tr[data-row-key]').filter({ hasText: '蓝牙耳机 美国站' });
  await expect(row).toContainText('亚马逊');
  await expect(row).toContainText('wireless earbuds 蓝牙耳机');
});

test('UPC pool: codes pasted by the thousand are checked, counted and listed; a bad one is refused', async ({
  page,
}) => {
  // Other tests put codes in the pool too: these rows are found by their codes. A retry finds the
  // first try's codes: it pastes others.
  const [upc, ean] = test.info().retry
    ? ['073010710061', '4006381333993']
    : ['036000291452', '4006381333931'];
  await signedIn(page, '/goods-upc');
  await page.getByRole('button', { name: '批量导入' }).click();
  const dialog = page.getByRole('dialog', { name: '批量导入 UPC / EAN' });
  await dialog
    .getByRole('textbox', { name: '批量导入 UPC / EAN' })
    .fill(`${upc}\n${ean}\n${ean}\n12345`);
  await dialog.getByRole('button', { name: '导入 4 个编码' }).click();
  await expect(dialog).toContainText('已导入 2 个；1 个已存在或重复，未导入；1 个无效');
  await expect(dialog).toContainText('12345');
  await dialog
    .getByRole('button', { name: /^关\s*闭$/ })
    .last()
    .click();
  const rows = page.locator('tr[data-row-key]');
  await expect(rows.filter({ hasText: ean })).toContainText('EAN-13');
  await expect(rows.filter({ hasText: upc })).toContainText('批量导入');

  await page.getByRole('button', { name: '新增 UPC 码' }).click();
  await page
    .getByRole('textbox', { name: /编码/ })
    .fill(`${upc.slice(0, -1)}${(Number(upc.at(-1)) + 1) % 10}`);
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(
    page.getByText('不是有效的 UPC / EAN 编码（12 或 13 位数字，含校验位）'),
  ).toBeVisible();
  await page.getByRole('textbox', { name: /编码/ }).fill(upc);
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('已存在，不能重复')).toBeVisible();
});

test('listing settings: the price formula is worked out on a cost as the form is filled', async ({
  page,
}) => {
  await signedIn(page, '/goods-setting-list');
  await page.getByRole('button', { name: '新增刊登设置' }).click();
  await page.getByRole('textbox', { name: /名称/ }).fill('亚马逊美国站');
  await expect(page.getByTestId('worked-price')).toHaveText('填写汇率后显示');
  await page.getByRole('spinbutton', { name: /汇率/ }).fill('7.2');
  await page.getByRole('spinbutton', { name: /加价率/ }).fill('30');
  await page.getByRole('spinbutton', { name: /固定费用/ }).fill('10');
  // (100 × 1.3 + 10) ÷ 7.2 = 19.444… → 19.45
  await expect(page.getByTestId('worked-price')).toHaveText('19.45 USD');
  await page.getByRole('switch', { name: /\.99/ }).click();
  await expect(page.getByTestId('worked-price')).toHaveText('19.99 USD');
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page).toHaveURL(/\/goods-setting-list$/);
  await expect(page.locator('tr[data-row-key]').filter({ hasText: '亚马逊美国站' })).toContainText(
    '7.2000',
  );
});

test('UPC pool: codes bought from the platform are paid from the balance and join the pool', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signedIn(page);
  const headers = { authorization: `Bearer ${await apiToken(page)}` };
  // Money first: a recharge, paid on the sandbox's checkout as a payer would.
  const order = (
    await (
      await page.request.post('/admin/cost-center/recharge', {
        data: { amount: '20.00', method: 'alipay' },
        headers,
      })
    ).json()
  ).data;
  await page.request.post(`/sandbox/pay/${order.tradeNo}`, { form: { action: 'pay' } });
  await expect
    .poll(
      async () =>
        (
          await (
            await page.request.post('/admin/cost-center/recharge-detail', {
              data: { orderNo: order.orderNo },
              headers,
            })
          ).json()
        ).data.status,
      { timeout: 30_000 },
    )
    .toBe('paid');

  await page.goto('/goods-upc');
  const balance = page.getByTestId('balance');
  const before = Number(/([\d.]+)/.exec((await balance.getAttribute('title')) ?? '')?.[1]);
  await page.getByRole('button', { name: '购买编码' }).click();
  const dialog = page.getByRole('dialog', { name: '向平台购买 UPC 码' });
  await dialog.getByRole('spinbutton', { name: '购买数量' }).fill('12');
  await expect(dialog).toContainText('¥6.00');
  await dialog.getByRole('button', { name: '支付 ¥6.00' }).click();
  await expect(dialog).toContainText('已购买 12 个编码，扣费 ¥6.00');
  // The top bar and the pool follow without a reload.
  await expect(balance).toHaveAttribute('title', `余额 ${(before - 6).toFixed(2)} 元`);
  await dialog
    .getByRole('button', { name: /^关\s*闭$/ })
    .last()
    .click();
  await expect(page.locator('tr[data-row-key]').filter({ hasText: '平台购买' })).toHaveCount(12);
});
