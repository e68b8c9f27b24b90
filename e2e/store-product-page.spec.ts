import { expect, type Page, test } from '@playwright/test';
import { api, customerPhone, openStoreWithCounter, signedIn } from './support';

/** Three photos of their own colours, uploaded as the merchant's. */
async function photos(page: Page, token: string) {
  const urls: string[] = [];
  for (const colour of ['#e4572e', '#29335c', '#f3a712']) {
    const png = await page.evaluate((fill) => {
      const canvas = document.createElement('canvas');
      canvas.width = 320;
      canvas.height = 240;
      const g = canvas.getContext('2d')!;
      g.fillStyle = fill;
      g.fillRect(0, 0, 320, 240);
      return canvas.toDataURL('image/png').split(',')[1]!;
    }, colour);
    const answer = await (
      await page.request.post('/admin/upload', {
        headers: { authorization: `Bearer ${token}` },
        multipart: {
          file: { name: 'dish.png', mimeType: 'image/png', buffer: Buffer.from(png, 'base64') },
        },
      })
    ).json();
    expect(answer.code, answer.msg).toBe(200);
    urls.push(answer.data.url);
  }
  return urls;
}

test('a dish’s page in the storefront (photos, description, choices, its reviews) and its sale scheduled in the product list', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  // Names of their own: the specs share one store.
  const r = Math.random().toString(36).slice(2, 6);
  const token = await signedIn(page);
  await openStoreWithCounter(page, token, `到店付${r}`);

  const dish = await api(page, token, '/admin/product/create', {
    name: `招牌牛肉面${r}`,
    price: '28',
    originalPrice: '32',
    stock: 50,
    images: await photos(page, token),
    description: '<p>手工拉面，慢炖牛腱</p><p>汤底熬 8 小时<br><b>微辣</b></p>',
    specs: [
      {
        name: '份量',
        options: [
          { name: '小份', priceDelta: '0', stock: null },
          { name: '大份', priceDelta: '5', stock: null },
        ],
      },
    ],
    addons: [{ name: '加蛋', price: '2' }],
  });
  await api(page, token, '/admin/product/onSale', { ids: [dish.id] });

  // A customer ordered it before, and rated it; the store replied.
  const buyer = `page-buyer-${r}-`.padEnd(40, 'x');
  const placed = await (
    await page.request.post('/open/shop/1/order', {
      data: {
        token: buyer,
        payManner: 'counter',
        items: [{ productId: dish.id, quantity: 1, specs: { 份量: '小份' } }],
      },
    })
  ).json();
  expect(placed.code, placed.msg).toBe(200);
  const { items } = await api(page, token, '/admin/product-order/list', {
    keyword: placed.data.orderNo,
  });
  for (const move of ['confirmPaid', 'accept', 'ready', 'complete'])
    await api(page, token, `/admin/product-order/${move}`, { ids: [items[0].id] });
  const rated = await (
    await page.request.post('/open/shop/1/order/evaluate', {
      data: { token: buyer, orderNo: placed.data.orderNo, rating: 5, content: `面很筋道${r}` },
    })
  ).json();
  expect(rated.code, rated.msg).toBe(200);
  const reviews = await api(page, token, '/admin/evaluate/list', { keyword: placed.data.orderNo });
  const review = reviews.items.find((e: { content: string }) => e.content === `面很筋道${r}`);
  await api(page, token, '/admin/evaluate/update', { id: review.id, reply: `谢谢喜欢${r}` });

  // The customer taps the dish's name: its page.
  const customer = await customerPhone(browser);
  await customer.goto('/shop/1');
  await customer
    .getByTestId(`product-招牌牛肉面${r}`)
    .getByRole('button', { name: `招牌牛肉面${r}`, exact: true })
    .click();
  const sheet = customer.locator('.shop-product-sheet');
  await expect(customer).toHaveURL(new RegExp(`product=${dish.id}`));
  await expect(sheet.getByRole('heading', { name: `招牌牛肉面${r}` })).toBeVisible();
  await expect(sheet.getByText('¥28.00', { exact: true })).toBeVisible();
  await expect(sheet.getByText('¥32.00', { exact: true })).toBeVisible();
  // The description as text, its lines kept, no HTML.
  const description = sheet.getByTestId('product-description');
  await expect(description).toHaveText('手工拉面，慢炖牛腱\n汤底熬 8 小时\n微辣');
  // As rendered: each line its own (innerText reads the layout, as a reader sees it).
  // biome-ignore lint/performance/useDomNodeTextContent: the rendered lines are what is checked.
  expect(await description.evaluate((el) => (el as HTMLElement).innerText)).toBe(
    '手工拉面，慢炖牛腱\n汤底熬 8 小时\n微辣',
  );
  await expect(description.locator('b, p')).toHaveCount(0);
  // Three photos, stepped through.
  const count = sheet.getByTestId('gallery-count');
  await expect(count).toHaveText('1/3');
  await sheet.getByRole('button', { name: '下一张' }).click();
  await expect(count).toHaveText('2/3');
  await sheet.getByRole('button', { name: '上一张' }).click();
  await sheet.getByRole('button', { name: '上一张' }).click();
  await expect(count).toHaveText('3/3');
  // Its reviews: the rating, the words, the store's reply.
  const reviewed = sheet.getByTestId('product-reviews');
  await expect(reviewed.getByTestId('shop-score')).toHaveText('5.0');
  await expect(reviewed).toContainText('1 条评分');
  await expect(reviewed).toContainText(`面很筋道${r}`);
  await expect(reviewed).toContainText(`商家回复：谢谢喜欢${r}`);
  expect(await customer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    390,
  );

  // A reload keeps the page open; Escape closes it.
  await customer.reload();
  await expect(sheet.getByTestId('product-description')).toBeVisible();
  await customer.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  await expect(customer).not.toHaveURL(/product=/);

  // The picture opens it too; a choice and an add-on go into the cart from it.
  await customer
    .getByTestId(`product-招牌牛肉面${r}`)
    .getByRole('button', { name: `查看招牌牛肉面${r}` })
    .click();
  await sheet.getByText('大份 +¥5.00').click();
  await sheet.getByText('加蛋 +¥2.00').click();
  await sheet.getByRole('button', { name: /加入购物车 · ¥35.00/ }).click();
  await expect(sheet).toBeHidden();
  await expect(customer.locator('.shop-cart')).toContainText('¥35.00');

  // A dish off sale: its address says so.
  const gone = await api(page, token, '/admin/product/create', {
    name: `已停售${r}`,
    price: '9',
    stock: 5,
  });
  await customer.goto(`/shop/1?product=${gone.id}`);
  await expect(sheet).toContainText('该商品已下架');

  // The merchant schedules a dish's sale: the list reads it on China's clock.
  const tomorrow = new Date(Date.now() + 86_400_000);
  const day = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Shanghai',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(tomorrow);
  const on = new Date(`${day}T10:00:00+08:00`);
  const off = new Date(`${day}T22:30:00+08:00`);
  await api(page, token, '/admin/product/update', {
    id: gone.id,
    onSaleAt: on.toISOString(),
    offSaleAt: off.toISOString(),
  });
  await page.goto(`/product-list?keyword=${encodeURIComponent(`已停售${r}`)}`);
  const row = page.locator('tr.ant-table-row:visible').filter({ hasText: `已停售${r}` });
  await expect(row.getByTestId('schedule-on')).toHaveText(`定时上架 ${day.slice(5)} 10:00`);
  await expect(row.getByTestId('schedule-off')).toHaveText(`定时下架 ${day.slice(5)} 22:30`);
  // Its form shows and takes the times on China's clock too, whatever the browser's zone.
  await row.getByText('编辑').click();
  const onAt = page.getByLabel('定时上架');
  const offAt = page.getByLabel('定时下架');
  await expect(onAt).toHaveValue(`${day} 10:00`);
  await expect(offAt).toHaveValue(`${day} 22:30`);
  await offAt.click();
  await offAt.fill(`${day} 23:15`);
  await offAt.press('Enter');
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page).toHaveURL(/\/product-list/);
  await expect(row.getByTestId('schedule-off')).toHaveText(`定时下架 ${day.slice(5)} 23:15`);
  await customer.context().close();
});
