import { expect, type Page, test } from '@playwright/test';
import { api, apiToken, signedIn } from './support';

const rows = (page: Page) => page.locator('tr[data-row-key]');
// The title is the first column after the row's checkbox.
const titles = (page: Page) => rows(page).locator('td:nth-child(2)');

/**
 * 25 articles of one article list: 文章 01 … 文章 25, every third one a draft. The list holds only
 * them: what an earlier try left (a retry runs on the same server) is deleted first.
 */
async function seedArticles(page: Page, articleType: number) {
  const token = await apiToken(page);
  for (;;) {
    const { items } = await api(page, token, '/admin/article/list', { articleType, pageSize: 100 });
    if (items.length === 0) break;
    await api(page, token, '/admin/article/delete', {
      articleType,
      ids: items.map((item: { id: number }) => item.id),
    });
  }
  for (let i = 1; i <= 25; i++)
    await api(page, token, '/admin/article/create', {
      articleType,
      title: `文章 ${String(i).padStart(2, '0')}`,
      status: i % 3 === 0 ? 'draft' : 'published',
      sortOrder: i,
    });
}

test('a list pages, sorts and filters on the server, with its state in the URL', async ({
  page,
}) => {
  await seedArticles(page, 1);
  await signedIn(page, '/article-news');
  const table = page.getByRole('table', { name: '新闻资讯' });
  await expect(rows(page)).toHaveCount(20);
  const pager = page.getByRole('navigation', { name: '分页' });
  await expect(pager).toContainText('共 25 条');

  // Paging: the next page, then a bigger page size (back to page 1). The next page is asked for
  // after the last row of the page seen (by cursor); the same page reloaded goes by number.
  const listCall = (pageNumber: number) =>
    page.waitForRequest(
      (r) => r.url().endsWith('/admin/article/list') && r.postDataJSON()?.page === pageNumber,
    );
  const nextPage = listCall(2);
  await pager.getByRole('button', { name: '第 2 页' }).click();
  expect((await nextPage).postDataJSON().cursor).toEqual(expect.any(String));
  await expect(page).toHaveURL(/page=2/);
  const lastFive = ['文章 05', '文章 04', '文章 03', '文章 02', '文章 01'];
  await expect(titles(page)).toHaveText(lastFive);
  const reloaded = listCall(2);
  await page.reload();
  expect((await reloaded).postDataJSON()).not.toHaveProperty('cursor');
  await expect(titles(page)).toHaveText(lastFive);
  await expect(pager.getByRole('button', { name: '第 2 页' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await pager.getByRole('combobox', { name: '每页条数' }).click();
  await page.locator('.ant-select-item-option').filter({ hasText: '50 条/页' }).click();
  await expect(rows(page)).toHaveCount(25);
  await expect(page).not.toHaveURL(/page=2/);
  await expect(page).toHaveURL(/pageSize=50/);

  // Sorting: a header press sorts ascending, then descending, then back to the default.
  const titleHeader = table.getByRole('columnheader', { name: '标题' });
  await expect(titleHeader).toHaveAttribute('aria-sort', 'none');
  await expect(table.getByRole('columnheader', { name: '创建时间' })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  await titleHeader.click();
  await expect(page).toHaveURL(/sort=title&order=asc/);
  await expect(titleHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect(titles(page).first()).toHaveText('文章 01');
  await titleHeader.click();
  // Descending is the default order, so the address names the sort alone.
  await expect(page).toHaveURL(/sort=title$/);
  await expect(titles(page).first()).toHaveText('文章 25');
  await titleHeader.click();
  await expect(page).not.toHaveURL(/sort=/);
  await expect(titleHeader).toHaveAttribute('aria-sort', 'none');

  // Filters: a choice, then text submitted with Enter; both survive a reload.
  const filters = page.getByRole('search', { name: '筛选' });
  await filters.getByRole('combobox', { name: '状态' }).click();
  await page.locator('.ant-select-item-option').filter({ hasText: '草稿' }).click();
  await filters.getByRole('button', { name: /查\s*询/ }).click();
  await expect(page).toHaveURL(/status=draft/);
  await expect(rows(page)).toHaveCount(8);
  await filters.getByRole('searchbox', { name: '关键词' }).fill('文章 1');
  await filters.getByRole('searchbox', { name: '关键词' }).press('Enter');
  await expect(rows(page)).toHaveCount(3); // 文章 12, 15 and 18
  await page.reload();
  await expect(rows(page)).toHaveCount(3);
  await expect(filters.getByRole('searchbox', { name: '关键词' })).toHaveValue('文章 1');
  await expect(filters.locator('.ant-select').filter({ hasText: '草稿' })).toHaveCount(1);

  // A date range (antd's RangePicker, typed into): nothing was created in 2020; everything
  // between 2020 and 2099.
  await filters.getByRole('button', { name: /重\s*置/ }).click();
  await expect(rows(page)).toHaveCount(25);
  const created = filters.getByRole('group', { name: '创建时间' });
  const from = created.getByLabel('创建时间（开始日期）');
  const to = created.getByLabel('创建时间（结束日期）');
  // In the UI's language, not the browser's mm/dd/yyyy.
  await expect(from).toHaveAttribute('placeholder', '开始日期');
  await from.fill('2020-01-01');
  // Enter searches at once; one end alone stands for that day.
  await from.press('Enter');
  await expect(page).toHaveURL(/createdAtRange=2020-01-01%2C2020-01-01/);
  await expect(to).toHaveValue('2020-01-01');
  await to.fill('2020-12-31');
  await to.press('Enter');
  await filters.getByRole('button', { name: /查\s*询/ }).click();
  await expect(page).toHaveURL(/createdAtRange=2020-01-01%2C2020-12-31/);
  // Nothing matches: the list says the filters are the reason, and clears them.
  await expect(page.locator('.ant-empty-description')).toHaveText('没有符合筛选条件的记录');
  await expect(pager).toHaveCount(0);
  await page.getByRole('button', { name: /清除筛选/ }).click();
  await expect(rows(page)).toHaveCount(25);
  await expect(page).not.toHaveURL(/createdAtRange/);
  // A reversed range in the address is put in order.
  const reversed = new URL(page.url());
  reversed.searchParams.set('createdAtRange', '2099-12-31,2020-01-01');
  await page.goto(reversed.pathname + reversed.search);
  await expect(rows(page)).toHaveCount(25);
  await expect(from).toHaveValue('2020-01-01');
  await expect(to).toHaveValue('2099-12-31');
});

test('rows are chosen one by one or a page at a time, and column choices are remembered', async ({
  page,
}) => {
  await seedArticles(page, 2);
  await signedIn(page, '/article-introduce');
  await expect(rows(page)).toHaveCount(20);

  const pageBox = page.getByRole('checkbox', { name: '全选本页' });
  await rows(page).first().getByRole('checkbox').check();
  await expect(rows(page).first()).toHaveAttribute('aria-selected', 'true');
  await expect(pageBox).toHaveJSProperty('indeterminate', true);
  await expect(page.getByRole('button', { name: '删除所选（1）' })).toBeEnabled();
  await pageBox.check();
  await expect(page.getByRole('button', { name: '删除所选（20）' })).toBeEnabled();
  await pageBox.uncheck();
  await expect(page.getByRole('button', { name: '批量删除' })).toBeDisabled();

  // Hide the author column; it stays hidden after a reload.
  await page.getByRole('button', { name: '列设置' }).click();
  await page.getByRole('checkbox', { name: '作者' }).uncheck();
  await expect(page.getByRole('columnheader', { name: '作者' })).toHaveCount(0);
  await page.reload();
  await expect(rows(page)).toHaveCount(20);
  await expect(page.getByRole('columnheader', { name: '作者' })).toHaveCount(0);
});
