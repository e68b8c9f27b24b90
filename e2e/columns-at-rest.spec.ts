import { expect, type Page, test } from '@playwright/test';
import { api, signedIn, twoLiveListings } from './support';

/**
 * A list as it opens (scrolled nowhere): the header cells whose right edge passes the pinned
 * 操作 column's left edge, with their edges (none when every column shows whole), and whether its
 * table is wider than its box.
 */
async function atRest(page: Page, rowText: string) {
  const table = page.locator('.list-screen .ant-table').first();
  // The row is in and the actions' header drawn.
  await expect(
    table.locator('.ant-table-tbody tr.ant-table-row', { hasText: rowText }).first(),
  ).toBeVisible();
  const actions = table.locator('.ant-table-thead th', { hasText: /^操作$/ });
  await expect(actions).toBeVisible();
  const edge = (await actions.boundingBox())!.x;
  const under: string[] = [];
  for (const th of await table.locator('.ant-table-thead th').all()) {
    if ((await th.textContent()) === '操作') continue;
    const box = await th.boundingBox();
    // A column left out (a phone's) has no box; a whole pixel's leeway for antd's borders.
    if (!box || box.width === 0) continue;
    if (box.x + box.width > edge + 1)
      under.push(`${(await th.textContent()) || '(blank)'} ${Math.round(box.x + box.width)}`);
  }
  const scroll = await table
    .locator('.ant-table-content, .ant-table-body')
    .first()
    .evaluate((box) => ({ scrollWidth: box.scrollWidth, clientWidth: box.clientWidth }));
  return { edge: Math.round(edge), under, ...scroll };
}

/**
 * The tags of a list's rows that are cut: by a box of their cell that hides what overflows it, by
 * their cell, or by the pinned 操作 column over them (as the list opens).
 */
async function cutTags(page: Page) {
  const table = page.locator('.list-screen .ant-table').first();
  return table.evaluate((element) => {
    const actions = [...element.querySelectorAll<HTMLElement>('.ant-table-thead th')].find(
      (th) => th.textContent === '操作',
    );
    const edge = actions?.getBoundingClientRect().left ?? Number.POSITIVE_INFINITY;
    const cut: string[] = [];
    for (const tag of element.querySelectorAll<HTMLElement>('.ant-table-tbody .ant-tag')) {
      const box = tag.getBoundingClientRect();
      const cell = tag.closest('td');
      if (!cell || cell.classList.contains('ant-table-cell-fix-right')) continue;
      let clipped = box.right > edge + 1;
      for (let up = tag.parentElement; up && !clipped; up = up.parentElement) {
        if (up === cell || getComputedStyle(up).overflowX !== 'visible') {
          const around = up.getBoundingClientRect();
          clipped = box.right > around.right + 1 || box.left < around.left - 1;
        }
        if (up === cell) break;
      }
      if (clipped) cut.push(tag.textContent ?? '');
    }
    return cut;
  });
}

test('at 1440 px every column of the goods, listings, brokers, collection box and products lists shows whole, with nothing under the pinned actions', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const r = Math.random().toString(36).slice(2, 8);
  const token = await signedIn(page);

  // Rows with cells as long as a merchant's: a long title, brand, agency, service areas.
  const { skus } = await twoLiveListings(page, token, r.toUpperCase(), 'CR');
  const category = await api(page, token, '/admin/goods-category/create', {
    name: `列宽静止厨房用品分类${r}`,
  });
  await api(page, token, '/admin/goods/create', {
    title: `列宽静止 不粘炒锅 家用 燃气灶电磁炉通用 32 厘米 加深款 ${r}`,
    categoryId: category.id,
    brand: '某某厨具旗舰品牌',
  });
  await api(page, token, '/admin/broker/create', {
    name: `静止经纪人${r}`,
    phone: `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
    agency: '上海某某房地产经纪有限公司浦东分公司',
    licenceNo: `LIC-${r}-2026-0001`,
    serviceAreas: ['浦东新区', '徐汇区', '静安区'],
  });
  const collected = await api(page, token, '/admin/collection-box/collect', {
    html: `<meta property="og:type" content="product">
      <meta property="og:title" content="静止采集 不锈钢保温杯 大容量 男女学生 便携水杯 ${r}">
      <meta property="product:price:amount" content="129.90">
      <meta property="product:price:currency" content="CNY">`,
    url: `https://shop-with-a-long-name.example.com/items/${r}`,
  });
  expect(collected.results[0]?.outcome).toBe('collected');
  const dishCategory = await api(page, token, '/admin/product-category/create', {
    name: `静止菜品分类${r}`,
  });
  const dish = await api(page, token, '/admin/product/create', {
    name: `静止招牌红烧肉套餐${r}`,
    categoryId: dishCategory.id,
    price: '38.80',
    originalPrice: '48.00',
    stock: 120,
  });
  // A sale scheduled ahead: the status cell carries its two tags.
  const tomorrow = Date.now() + 86_400_000;
  await api(page, token, '/admin/product/update', {
    id: dish.id,
    onSaleAt: new Date(tomorrow).toISOString(),
    offSaleAt: new Date(tomorrow + 3_600_000).toISOString(),
  });

  const lists: [string, string][] = [
    [`/goods-list?keyword=${r}`, r],
    [`/listing?keyword=${encodeURIComponent(skus[0])}`, skus[0]],
    [`/broker?keyword=${r}`, r],
    [`/collection-box?keyword=${r}`, r],
    [`/product-list?keyword=${r}`, r],
  ];
  type Seen = Awaited<ReturnType<typeof atRest>> & { cut: string[] };
  const seen: Record<string, Seen> = {};
  for (const [path, rowText] of lists) {
    await page.goto(path);
    const rest = await atRest(page, rowText);
    seen[path.split('?')[0]!] = { ...rest, cut: await cutTags(page) };
  }
  // On a phone (390 px) a list may scroll sideways, but no tag is cut as it opens.
  await page.setViewportSize({ width: 390, height: 844 });
  const phoneCut: Record<string, string[]> = {};
  for (const [path, rowText] of lists) {
    await page.goto(path);
    await expect(
      page.locator('.list-screen .ant-table-tbody tr.ant-table-row', { hasText: rowText }).first(),
    ).toBeVisible();
    phoneCut[path.split('?')[0]!] = await cutTags(page);
  }
  // The product's scheduled sale, which a phone showed under 操作, is there to be seen.
  await expect(page.getByTestId('schedule-on')).toBeVisible();

  for (const [path, rest] of Object.entries(seen)) {
    expect.soft(rest.under, `${path}: under 操作 (its left edge at ${rest.edge})`).toEqual([]);
    expect
      .soft(rest.scrollWidth, `${path}: the table's width against its box's`)
      .toBeLessThanOrEqual(rest.clientWidth);
    expect.soft(rest.cut, `${path}: tags cut`).toEqual([]);
  }
  for (const [path, cut] of Object.entries(phoneCut))
    expect.soft(cut, `${path} at 390 px: tags cut`).toEqual([]);
});
