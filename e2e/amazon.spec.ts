import { expect, type Page, test } from '@playwright/test';
import { AMAZON_E2E_APPLICATION, AMAZON_FAKE_PORT } from '../playwright.config';
import { FakeSpApi } from '../src/server/marketplace/amazon/fake-sp-api';
import { checkDigit } from '../src/shared/gtin';
import { signedIn } from './support';

/**
 * Amazon from the screens, against a fake SP-API on the port the server's AMAZON_* settings name:
 * connect a seller account and test it, send a goods of three variants (one refused with Amazon's
 * issue), change a listing's price, import an order and ship it.
 */
const fake = new FakeSpApi(AMAZON_E2E_APPLICATION);
test.beforeAll(async () => {
  await fake.start(AMAZON_FAKE_PORT);
});
test.afterAll(() => fake.stop());

const save = /保\s*存/;

async function call(page: Page, token: string, url: string, data: unknown) {
  const body = await (
    await page.request.post(url, { data, headers: { authorization: `Bearer ${token}` } })
  ).json();
  expect(body.code, `${url}: ${body.msg}`).toBe(200);
  return body.data;
}

test('Amazon: connect an account, send goods, see Amazon’s refusal, change a price, import and ship an order', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const retry = test.info().retry;
  const r = retry ? `-${retry}` : '';
  const seller = fake.addSeller(`A1E2ESELLER${retry}`, ['ATVPDKIKX0DER']);
  const token = await signedIn(page);
  const rows = page.locator('tr.ant-table-row:visible');

  // Connect the account on its screen and ask Amazon.
  await page.goto('/marketplace-account');
  await page.getByRole('button', { name: '连接平台账号' }).click();
  const form = page.getByRole('dialog', { name: '连接平台账号' });
  await form.getByLabel('名称').fill(`亚马逊美国${r}`);
  await form.getByRole('combobox', { name: '区域' }).click();
  await page.locator('.ant-select-item-option').filter({ hasText: '北美' }).click();
  await form.getByLabel('卖家编号（Selling Partner ID）').fill(seller.sellerId);
  await form.getByLabel('授权刷新令牌（Refresh Token）').fill(seller.refreshToken);
  await form.getByLabel('销售站点（Marketplace ID）').fill('ATVPDKIKX0DER');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: save }).click();
  const account = rows.filter({ hasText: `亚马逊美国${r}` });
  await expect(account).toContainText('未检测');
  await account.getByRole('button', { name: '测试连接' }).click();
  await expect(page.getByText(/连接成功：OK/)).toBeVisible();
  await expect(account).toContainText('已连接');
  await expect(account).not.toContainText('Atzr');

  // A listing setting through the account, and a ready goods of three variants.
  const accounts = await call(page, token, '/admin/marketplace-account/list', {
    keyword: seller.sellerId,
  });
  const accountId = accounts.items[0].id;
  await call(page, token, '/admin/goods-setting/create', {
    name: `SP-API 美国站${r}`,
    marketplace: 'amazon',
    site: 'US',
    currency: 'USD',
    exchangeRate: '7.2',
    markupPercent: '30',
    fixedFee: '5',
    defaultStock: 20,
    accountId,
    productType: 'LUGGAGE',
  });
  const codes = ['03600029145', '01234567890', '04210000526'].map((body) => {
    const digits = `${body.slice(0, 10)}${retry}`;
    return digits + checkDigit(digits);
  });
  fake.catalogue.set(codes[2]!, { brand: 'Samsonite', asin: 'B071VG5N9D' });
  await call(page, token, '/admin/goods-upc/import-codes', { codes: codes.join('\n') });
  const category = await call(page, token, '/admin/goods-category/create', {
    name: `亚马逊测试${r}`,
  });
  const goods = await call(page, token, '/admin/goods/create', {
    title: `Spinner Suitcase${r}`,
    categoryId: category.id,
    brand: 'Voyagr',
    images: ['https://img.example.com/suitcase.jpg'],
    bulletPoints: ['Polycarbonate shell'],
  });
  await call(page, token, '/admin/goods/variants/save', {
    goodsId: goods.id,
    attributes: [{ name: 'Size', values: ['20', '24', '28'] }],
    variants: ['20', '24', '28'].map((size, i) => ({
      options: { Size: size },
      sellerSku: `AMZ-${size}${r}`,
      upc: codes[i],
      cost: '100.00',
      price: '150.00',
      stock: 5,
      weight: 3000,
    })),
  });
  await call(page, token, '/admin/goods/ready', { ids: [goods.id] });

  // Sent from the feeds screen: Amazon takes two and refuses one, with its own words.
  await page.goto('/feeds-list');
  await page.getByRole('button', { name: '发送到平台' }).click();
  const dialog = page.getByRole('dialog', { name: '发送商品到平台' });
  await dialog.locator('#feed-setting').fill('SP-API 美国站');
  await page
    .locator('.ant-select-item-option')
    .filter({ hasText: `SP-API 美国站${r}` })
    .click();
  await dialog.locator('#feed-goods').fill('Spinner Suitcase');
  await page
    .locator('.ant-select-item-option')
    .filter({ hasText: `Spinner Suitcase${r}` })
    .click();
  await dialog.locator('.ant-modal-title').click();
  await dialog.getByRole('button', { name: '发送 1 个商品' }).click();
  // Three sizes go as a variation family: its parent and three children.
  await expect(page.getByText(/已提交批次 F\d+，共 4 条/)).toBeVisible();
  const feed = page.locator('tr.ant-table-row').first();
  await expect(feed).toContainText('部分失败', { timeout: 60_000 });
  await feed.getByRole('button', { name: /详\s*情/ }).click();
  const drawer = page.getByRole('dialog');
  const refused = drawer.locator('tr.ant-table-row').filter({ hasText: `AMZ-28${r}` });
  await expect(refused).toContainText('平台未接受');
  await expect(refused).toContainText('8541');
  await expect(refused).toContainText('Samsonite');
  await page.keyboard.press('Escape');

  // Live on Amazon: a new price goes there as a PATCH.
  await page.goto('/listing');
  // Its own row, by its SKU (the button opening it): a child's row names its parent too (子体 属于
  // AMZ-20…-PARENT).
  const listing = rows.filter({
    has: page.getByRole('button', { name: `AMZ-20${r}`, exact: true }),
  });
  await expect(listing).toContainText('在售');
  await listing.getByRole('button', { name: /编\s*辑/ }).click();
  await page.getByLabel('售价').fill('21.50');
  await page.getByRole('button', { name: save }).click();
  await expect(listing).toContainText('21.50');
  await expect
    .poll(() =>
      JSON.stringify(fake.listing(seller.sellerId, `AMZ-20${r}`)?.attributes.purchasable_offer),
    )
    .toContain('21.5');

  // An order on Amazon, imported from the account's screen, shipped in the product.
  const placed = fake.addOrder(seller.sellerId, [
    { sku: `AMZ-20${r}`, title: `Spinner Suitcase${r}`, quantity: 1, unitPrice: '21.50' },
  ]);
  await page.goto('/marketplace-account');
  await account.getByRole('button', { name: '同步订单' }).click();
  await expect(page.getByText('已开始同步订单')).toBeVisible();
  const found = () =>
    call(page, token, '/admin/marketplace-order/list', { keyword: placed.AmazonOrderId });
  await expect.poll(async () => (await found()).items.length, { timeout: 30_000 }).toBe(1);
  await page.goto('/orders-list');
  await expect(rows.filter({ hasText: placed.AmazonOrderId })).toContainText('待发货');
  const orders = await found();
  await call(page, token, '/admin/marketplace-order/ship', {
    shipments: [{ id: orders.items[0].id, carrier: 'UPS', trackingNo: '1Z999AA10123456784' }],
  });
  await expect.poll(() => fake.shipments.map((s) => s.orderId)).toContain(placed.AmazonOrderId);
  expect(fake.violations).toEqual([]);
});
