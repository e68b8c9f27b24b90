import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { signedIn } from './support';

const rows = (page: Page) => page.locator('tr[data-row-key]');

async function addArticle(
  page: Page,
  title: string,
  options: { publish?: boolean; cover?: boolean } = {},
) {
  await page.getByRole('button', { name: '新增' }).click();
  await expect(page).toHaveURL(/\/article-store\/1$/);
  // The screen's own title, in its tab and at the end of the breadcrumb alike.
  await expect(page.locator('.ant-breadcrumb li').last()).toHaveText('新增文章');
  await page.getByRole('textbox', { name: /^(\* )?标题$/ }).fill(title);
  await page.getByRole('textbox', { name: '摘要', exact: true }).fill(`${title}的摘要`);
  await page.getByRole('textbox', { name: '作者', exact: true }).fill('小王');
  if (options.cover) {
    await page
      .getByTestId('upload-封面图')
      .setInputFiles(path.join(import.meta.dirname, 'fixtures/cover.png'));
    await expect(page.locator('.ant-image img')).toHaveAttribute('src', /^\/uploads\/1\//);
  }
  if (options.publish)
    await page
      .locator('label')
      .filter({ has: page.getByRole('radio', { name: '已发布' }) })
      .click();
  const editor = page.getByRole('textbox', { name: '正文' });
  await editor.click();
  await page.keyboard.type('第一段正文');
  await page.getByRole('button', { name: '加粗' }).click();
  await page.keyboard.type(' 加粗');
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page).toHaveURL(/\/article-news/);
  await expect(rows(page).filter({ hasText: title })).toHaveCount(1);
}

test.describe('articles', () => {
  test.beforeEach(async ({ page }) => {
    await signedIn(page);
    const menu = page.getByRole('navigation', { name: 'menu' });
    await menu.getByText('文章管理').click();
    await expect(menu.locator('.ant-motion-collapse')).toHaveCount(0); // the submenu has opened
    await menu.getByText('新闻资讯').click();
    await expect(page).toHaveTitle('新闻资讯 - 商户管理后台');
    // The list's own styles came with its chunk.
    await expect(page.locator('.list-panel').first()).toHaveCSS('padding', '12px');
  });

  test('create, filter, edit and bulk-delete', async ({ page }) => {
    await addArticle(page, '春季新品发布', { publish: true, cover: true });
    await addArticle(page, '秋季促销预告');
    await expect(rows(page).filter({ hasText: '春季新品发布' })).toContainText('已发布');
    await expect(rows(page).filter({ hasText: '秋季促销预告' })).toContainText('草稿');

    // Filter by title: the state lives in the URL and survives a reload.
    await page.getByPlaceholder('按标题搜索').fill('秋季');
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await expect(page).toHaveURL(/keyword=%E7%A7%8B%E5%AD%A3/);
    await expect(rows(page)).toHaveCount(1);
    await page.reload();
    await expect(rows(page)).toHaveCount(1);
    await expect(page.getByPlaceholder('按标题搜索')).toHaveValue('秋季');

    // Kept alive: the filtered list is as it was after visiting another tab.
    await page.getByRole('tab', { name: '首页' }).click();
    await page.getByRole('tab', { name: '新闻资讯' }).click();
    await expect(page.getByPlaceholder('按标题搜索')).toHaveValue('秋季');
    await expect(rows(page)).toHaveCount(1);

    // Edit.
    await rows(page).getByRole('link', { name: '秋季促销预告' }).click();
    await expect(page.getByRole('textbox', { name: /^(\* )?标题$/ })).toHaveValue('秋季促销预告');
    await expect(page.getByRole('textbox', { name: '正文' })).toContainText('第一段正文');
    await page.getByRole('textbox', { name: /^(\* )?标题$/ }).fill('秋季促销正式开始');
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await expect(page).toHaveURL(/\/article-news/);
    await page.getByRole('button', { name: /重\s*置/ }).click();
    await expect(rows(page)).toHaveCount(2);
    await expect(rows(page).filter({ hasText: '秋季促销正式开始' })).toHaveCount(1);

    // Publish the draft from its row, then withdraw both at once.
    const autumn = rows(page).filter({ hasText: '秋季促销正式开始' });
    await autumn.getByRole('button', { name: '发布', exact: true }).click();
    await expect(autumn).toContainText('已发布');
    await page.getByRole('checkbox', { name: '全选本页' }).check();
    await page.getByRole('button', { name: '撤回所选（2）' }).click();
    await expect(rows(page).filter({ hasText: '已发布' })).toHaveCount(0);
    await expect(rows(page).filter({ hasText: '草稿' })).toHaveCount(2);

    // Bulk delete with a confirmation.
    await page.getByRole('checkbox', { name: '全选本页' }).check();
    await page.getByRole('button', { name: '删除所选（2）' }).click();
    await expect(page.getByRole('dialog')).toContainText('确定删除选中的 2 条记录');
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /删\s*除/ })
      .click();
    await expect(rows(page)).toHaveCount(0);
    await expect(page.locator('.ant-empty-description')).toHaveText('暂无数据');
  });

  test('a half-filled form warns before it is left, and the browser refuses bad input', async ({
    page,
  }) => {
    await page.getByRole('button', { name: '新增' }).click();
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await expect(page.getByText('请输入标题')).toBeVisible();
    await page.getByRole('textbox', { name: /^(\* )?标题$/ }).fill('没写完的文章');
    // The warning is the UI's own dialog, not the browser's confirm.
    page.once('dialog', () => {
      throw new Error('the browser’s own dialog opened');
    });
    await page.getByRole('button', { name: /返\s*回/ }).click();
    await expect(page.getByRole('dialog')).toContainText('有未保存的修改');
    await page.getByRole('button', { name: /留\s*下/ }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page).toHaveURL(/\/article-store\/1$/);
    await expect(page.getByRole('textbox', { name: /^(\* )?标题$/ })).toHaveValue('没写完的文章');
  });

  test('the add/edit form is not kept alive: leaving it (after the warning) drops what was typed', async ({
    page,
  }) => {
    await page.getByRole('button', { name: '新增' }).click();
    await page.getByRole('textbox', { name: /^(\* )?标题$/ }).fill('不会保留的标题');
    await page.getByRole('tab', { name: '首页' }).click();
    await page.getByRole('button', { name: /离\s*开/ }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByRole('tab', { name: '新增文章' }).click();
    await expect(page.getByRole('textbox', { name: /^(\* )?标题$/ })).toHaveValue('');
  });
});
