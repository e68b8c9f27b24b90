import { expect, type Page, test } from '@playwright/test';
import { api, signedIn } from './support';

/**
 * Whether, with the table scrolled fully right, a header cell still reaches under the pinned
 * action column: the names of those that do (none when the list fits or scrolls to show them).
 */
async function hiddenHeaders(page: Page) {
  const table = page.locator('.list-screen .ant-table').first();
  // The rows are in and the actions' header drawn.
  await expect(
    table.locator('.ant-table-tbody tr:not(.ant-table-measure-row)').first(),
  ).toBeVisible();
  await expect(table.locator('.ant-table-thead th', { hasText: '操作' })).toBeVisible();
  // Scroll the table's own box fully right, as a merchant would to reach the last columns.
  await table.evaluate((element) => {
    for (const box of element.querySelectorAll<HTMLElement>('.ant-table-content, .ant-table-body'))
      box.scrollLeft = box.scrollWidth;
  });
  return table.evaluate((element) => {
    const headers = [...element.querySelectorAll<HTMLElement>('.ant-table-thead th')];
    const actions = headers.find((th) => th.textContent === '操作')!;
    const left = actions.getBoundingClientRect().left;
    return (
      headers
        .filter((th) => th !== actions && th.getBoundingClientRect().width > 0)
        // A whole pixel's leeway for antd's borders.
        .filter((th) => th.getBoundingClientRect().right > left + 1)
        .map((th) => th.textContent || '(blank)')
    );
  });
}

test('at 1440 px no column of a list lies under its pinned action column', async ({ page }) => {
  const r = Math.random().toString(36).slice(2, 8);
  const token = await signedIn(page);
  // A row in the lists that start empty, its cells as long as a merchant's.
  await api(page, token, '/admin/broker/create', {
    name: `列宽经纪人${r}`,
    phone: `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
    agency: '上海某某房地产经纪有限公司浦东分公司',
    licenceNo: `LIC-${r}-2026-0001`,
    serviceAreas: ['浦东新区', '徐汇区', '静安区'],
  });
  const category = await api(page, token, '/admin/goods-category/create', {
    name: `列宽测试厨房用品分类${r}`,
  });
  await api(page, token, '/admin/goods/create', {
    title: `列宽测试 不粘炒锅 家用 燃气灶电磁炉通用 32 厘米 加深款 ${r}`,
    categoryId: category.id,
    brand: '某某厨具旗舰品牌',
  });

  for (const path of ['/goods-list', '/listing', '/collection-box', '/broker']) {
    await page.goto(path);
    expect(await hiddenHeaders(page), path).toEqual([]);
  }
});
