import { createServer } from 'node:http';
import { expect, test } from '@playwright/test';
import { COLLECT_FIXTURE_PORT } from '../playwright.config';
import { checkDigit } from '../src/shared/gtin';
import { api, signedIn } from './support';

/** A 1×1 PNG: the shop's pictures, which the collection box keeps as the merchant's own. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/**
 * Goods and marketplace listings (issues #19 and #46) as one flow, each step on its screen: a
 * product page with two sizes collected (its pictures kept in the merchant's storage) → claimed
 * as a goods draft with its sizes and their prices → completed (category, bullet points, cost
 * and stock, UPC codes assigned from the pool in one click) → ready → sent in a feed after its
 * price preview → live as a variation family → its price changed there → the goods' stock
 * followed by its listing → a buyer's order with its ship-to address → packing slip and label →
 * shipped.
 */
test('goods: collect a product page, claim it, complete it, send it, see it live, change its price, sell and ship it', async ({
  page,
}) => {
  test.setTimeout(300_000);
  // A retry or a repeat finds the earlier tries' rows: its names, codes and SKUs differ.
  const retry = test.info().retry + 10 * test.info().repeatEachIndex;
  const r = retry ? `-${retry}` : '';
  const title = `一条龙测试帐篷${r}`;
  const ean = (body: string) => `${body}${checkDigit(body)}`;
  const codes = ['40356', '49012'].map((prefix) =>
    ean(`${prefix}${String(retry).padStart(7, '0')}`),
  );
  const path = `/tent-${retry}-${Date.now()}`;
  // The shop's page: a schema.org ProductGroup of two sizes, each with its price and picture.
  const product = {
    '@context': 'https://schema.org',
    '@type': 'ProductGroup',
    name: title,
    image: [`${path}/tent.png`],
    brand: { '@type': 'Brand', name: 'Summit' },
    description: '双人帐篷，防雨',
    variesBy: ['https://schema.org/size'],
    hasVariant: [
      {
        '@type': 'Product',
        size: '双人',
        sku: 'SUMMIT-2P',
        image: `${path}/tent-2p.png`,
        offers: { '@type': 'Offer', price: '89.00', priceCurrency: 'USD' },
      },
      {
        '@type': 'Product',
        size: '三人',
        sku: 'SUMMIT-3P',
        image: `${path}/tent-3p.png`,
        offers: { '@type': 'Offer', price: '109.00', priceCurrency: 'USD' },
      },
    ],
  };
  const shop = createServer((request, response) => {
    if (request.url?.startsWith(`${path}/`) && request.url.endsWith('.png')) {
      response.writeHead(200, { 'content-type': 'image/png' });
      response.end(PNG);
      return;
    }
    response.writeHead(request.url === path ? 200 : 404, { 'content-type': 'text/html' });
    response.end(
      `<html><head><script type="application/ld+json">${JSON.stringify(product)}</script></head></html>`,
    );
  });
  await new Promise<void>((resolve) => shop.listen(COLLECT_FIXTURE_PORT, '127.0.0.1', resolve));
  try {
    const token = await signedIn(page);
    // What the flow draws on, set up as other screens' tests leave it: a category, the site's
    // listing settings and two codes in the UPC pool.
    await api(page, token, '/admin/goods-category/create', { name: `一条龙户外${r}` });
    await api(page, token, '/admin/goods-setting/create', {
      name: `一条龙美国站${r}`,
      marketplace: 'amazon',
      site: 'US',
      currency: 'USD',
      exchangeRate: '7.2',
      markupPercent: '30',
      fixedFee: '5',
      defaultStock: 20,
    });
    await api(page, token, '/admin/goods-upc/import-codes', { codes: codes.join('\n') });

    // Collected, its three pictures kept in the merchant's storage, and claimed.
    await page.goto('/collection-box');
    await page.getByRole('button', { name: '采集' }).first().click();
    const collect = page.getByRole('dialog');
    await collect.getByLabel('商品链接').fill(`http://127.0.0.1:${COLLECT_FIXTURE_PORT}${path}`);
    await collect.getByRole('button', { name: '开始采集' }).click();
    await expect(collect.getByText('采集 1 个，已有 0 个，失败或拒绝 0 个')).toBeVisible({
      timeout: 30_000,
    });
    await expect(collect.getByText('已保存 3 张图片到素材库 · 2 个规格')).toBeVisible();
    await page.keyboard.press('Escape');
    const collected = page.locator('tr:visible').filter({ hasText: title }).first();
    await expect(collected).toContainText('USD 89.00');
    await expect(collected.locator('img[src^="/uploads/"]')).toBeVisible();
    await collected.getByRole('checkbox').check();
    await page.getByRole('button', { name: '认领' }).first().click();
    await expect(collected).toContainText('已认领');
    await collected.getByRole('link', { name: '打开商品草稿' }).click();

    // The draft: the collected title, brand and picture, and its two sizes at their prices.
    await expect(page).toHaveURL(/\/goods-store\?id=\d+/);
    const goodsId = new URL(page.url()).searchParams.get('id');
    await expect(page.getByLabel('商品标题')).toHaveValue(title, { timeout: 30_000 });
    await expect(page.getByLabel('品牌')).toHaveValue('Summit');
    await expect(page.locator('img[src^="/uploads/"]:visible').first()).toBeVisible();
    const grid = page.locator('.ant-table-tbody tr.ant-table-row:visible');
    await expect(grid).toHaveCount(2);
    await expect(grid.nth(0)).toContainText('双人');
    await expect(grid.nth(1)).toContainText('三人');
    await expect(page.getByLabel('售价（元） 1')).toHaveValue('89.00');
    await expect(page.getByLabel('售价（元） 2')).toHaveValue('109.00');
    // Completed: category, bullet point; cost, stock and weight for both sizes at once.
    await page.getByRole('combobox', { name: '分类' }).fill('一条龙户外');
    await page
      .locator('.ant-select-tree-node-content-wrapper')
      .filter({ hasText: `一条龙户外${r}` })
      .click();
    await page.getByLabel('五点描述').fill('两分钟搭好');
    await page.keyboard.press('Enter');
    await page.getByLabel('批量填充 成本（元）').fill('120');
    await page.getByLabel('批量填充 库存').fill('8');
    await page.getByLabel('批量填充 重量（克）').fill('2100');
    await page.getByRole('button', { name: '批量填充' }).click();
    for (const i of [0, 1]) await page.getByLabel(`卖家 SKU ${i + 1}`).fill(`FLOW-${i + 2}P${r}`);
    // The codes from the pool in one click (the grid is saved with them).
    await page.getByRole('button', { name: '从码库分配 UPC' }).click();
    await expect(page.getByText('规格已保存')).toBeVisible();
    for (const i of [1, 2])
      await expect(page.getByLabel(`UPC / EAN ${i}`, { exact: true })).toHaveValue(/^\d{12,13}$/);
    await page.getByRole('button', { name: /^保\s*存$/ }).click();
    await expect(page).toHaveURL(/\/goods-list$/);
    const goods = page.locator('tr.ant-table-row:visible').filter({ hasText: title });
    await expect(goods).toContainText('草稿');
    await expect(goods).toContainText('¥89.00');

    // Ready: nothing is missing now.
    await goods.getByRole('button', { name: '完成编辑' }).click();
    await expect(goods).toContainText('待刊登');

    // Sent to the sandbox marketplace; the feed's progress moves by itself to the end.
    await page.goto('/feeds-list');
    await page.getByRole('button', { name: '发送到平台' }).click();
    const send = page.getByRole('dialog', { name: '发送商品到平台' });
    await send.locator('#feed-setting').fill('一条龙美国站');
    await page
      .locator('.ant-select-item-option')
      .filter({ hasText: `一条龙美国站${r}` })
      .click();
    await expect(send.getByTitle(`一条龙美国站${r}`, { exact: true })).toBeVisible();
    await send.locator('#feed-goods').fill('一条龙测试帐篷');
    await page.locator('.ant-select-item-option').filter({ hasText: title }).click();
    // (The goods are many: the list stays open over the button until the field is left.)
    await send.locator('.ant-modal-title').click();
    // The price preview before sending: each size's price from its cost, and the family.
    const preview = send.getByTestId('price-preview');
    await expect(preview).toContainText('售价 =（成本 × (1 + 30.00%) + ¥5.00）÷ 7.2000');
    await expect(preview.locator('tr.ant-table-row')).toHaveCount(3);
    await expect(preview.locator('tr.ant-table-row').first()).toContainText('父体 · Size');
    await expect(
      preview.locator('tr.ant-table-row').filter({ hasText: new RegExp(`FLOW-2P${r}(?!-)`) }),
    ).toContainText('22.37 USD');
    await send.getByRole('button', { name: '发送 1 个商品' }).click();
    // Two sizes go as a variation family: its parent and two children.
    await expect(page.getByText(/已提交批次 F\d+，共 3 条/)).toBeVisible();
    const feed = page.locator('tr.ant-table-row:visible').first();
    await expect(feed).toContainText('已完成', { timeout: 60_000 });
    await expect(feed).toContainText('3/3');

    // Live: each size is a listing at the setting's price: (120 × 1.3 + 5) ÷ 7.2 = 22.361…, rounded
    // up to the cent.
    await page.goto('/listing');
    const listing = page
      .locator('tr.ant-table-row:visible')
      .filter({ hasText: new RegExp(`FLOW-2P${r}(?!-)`) });
    await expect(listing).toContainText('22.37');
    await expect(listing).toContainText('在售');
    await listing.getByRole('button', { name: /编\s*辑/ }).click();
    await page.getByLabel('售价').fill('24.99');
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await expect(listing).toContainText('24.99');
    await page.goto('/feeds-list');
    const priceFeed = page.locator('tr.ant-table-row:visible').first();
    await expect(priceFeed).toContainText('价格');
    await expect(priceFeed).toContainText('已完成', { timeout: 60_000 });

    await page.goto('/goods-list');
    await expect(goods).toContainText('已刊登');

    // A variation family on the marketplace: its parent (the first size's SKU with -PARENT)
    // and both sizes are live.
    await page.goto(`/listing?keyword=${encodeURIComponent(`FLOW-2P${r}`)}`);
    // Its own row, by its SKU (the button opening it): a child's row names its parent too
    // (子体 属于 …-PARENT).
    const parent = page.locator('tr.ant-table-row:visible').filter({
      has: page.getByRole('button', { name: `FLOW-2P${r}-PARENT`, exact: true }),
    });
    await expect(parent).toContainText('在售');
    await expect(parent).toContainText(title);

    // The goods' stock changed in its grid goes to its listing: 三人 8 → 5.
    // (The stock under the price: … USD 24.99 库存 5 …)
    const stock = (n: number) => new RegExp(`库存 ${n}(?!\\d)`);
    await page.goto(`/listing?keyword=${encodeURIComponent(`FLOW-3P${r}`)}`);
    const threePerson = page
      .locator('tr.ant-table-row:visible')
      .filter({ hasText: new RegExp(`FLOW-3P${r}(?!-)`) });
    await expect(threePerson).toContainText(stock(8));
    await page.goto(`/goods-store?id=${goodsId}`);
    await expect(page.getByLabel('库存 2')).toHaveValue('8', { timeout: 30_000 });
    await page.getByLabel('库存 2').fill('5');
    await page.getByRole('button', { name: '保存规格' }).click();
    await expect(page.getByText('规格已保存')).toBeVisible();
    await page.goto(`/listing?keyword=${encodeURIComponent(`FLOW-3P${r}`)}`);
    await expect(threePerson).toContainText(stock(5));
    await page.goto('/feeds-list');
    const stockFeed = page.locator('tr.ant-table-row:visible').first();
    await expect(stockFeed).toContainText('库存');
    await expect(stockFeed).toContainText('已完成', { timeout: 60_000 });

    // A buyer of the sandbox marketplace orders a size; the order comes with where it goes.
    const [live] = (
      await api(page, token, '/admin/listing/list', {
        keyword: `FLOW-3P${r}`,
        page: 1,
        pageSize: 5,
      })
    ).items;
    const buyer = `Flow Buyer${r}`;
    const { orderNo } = await api(page, token, '/admin/marketplace-order/sandbox/buy', {
      listingId: live.id,
      quantity: 1,
      buyer,
    });
    await page.goto(`/orders-list?buyer=${encodeURIComponent(buyer)}`);
    const order = page.locator('tr.ant-table-row:visible').filter({ hasText: orderNo });
    await expect(order).toContainText('待发货', { timeout: 20_000 });
    // The unit sold leaves the goods' stock too (5 → 4), which its listings follow.
    await page.goto(`/goods-store?id=${goodsId}`);
    await expect(page.getByLabel('库存 2')).toHaveValue('4', { timeout: 30_000 });
    await page.goto(`/orders-list?buyer=${encodeURIComponent(buyer)}`);
    await order.getByRole('button', { name: /详\s*情/ }).click();
    const detail = page.getByRole('dialog', { name: orderNo });
    const shipTo = detail.getByTestId('ship-to');
    await expect(shipTo).toContainText(buyer);
    await expect(shipTo).toContainText('US');
    // The packing slip and the sandbox's label are PDFs to print.
    const slip = page.waitForEvent('download');
    await detail.getByRole('button', { name: '装箱单' }).click();
    expect((await slip).suggestedFilename()).toBe(`装箱单-${orderNo}.pdf`);
    const label = page.waitForEvent('download');
    await detail.getByRole('button', { name: '打印面单' }).click();
    expect((await label).suggestedFilename()).toMatch(/^USPS-9400\d{18}\.pdf$/);
    await expect(detail.locator('.ant-timeline')).toContainText('生成面单');
    // Shipped with the label's carrier and number, already filled in.
    await detail.getByRole('button', { name: /^发\s*货$/ }).click();
    const ship = page.getByRole('dialog', { name: /发货 · 1 个订单/ });
    await expect(ship.getByRole('textbox', { name: `运单号 ${orderNo}` })).toHaveValue(
      /^9400\d{18}$/,
    );
    await ship.getByRole('button', { name: /^发\s*货$/ }).click();
    await expect(page.getByText('已发货 1 个订单')).toBeVisible();
    await page.goto(`/orders-list?buyer=${encodeURIComponent(buyer)}`);
    await expect(order).toContainText('已发货');
  } finally {
    shop.closeAllConnections();
    shop.close();
  }
});
