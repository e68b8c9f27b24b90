import path from 'node:path';
import { expect, test } from '@playwright/test';
import { api, signedIn } from './support';

test('carousel management: a mini-program home banner added from the list of every position, found by its position, and kept off the store page', async ({
  page,
}) => {
  test.setTimeout(90_000);
  // A retry finds the first try's rows: its names differ.
  const r = test.info().retry ? `-${test.info().retry}` : '';
  await signedIn(page);
  const rows = page.locator('tr.ant-table-row:visible');

  await page.goto('/carousel-list');
  await expect(page.getByRole('menuitem', { name: '轮播图管理' })).toBeVisible();
  // Added for one position, chosen from the button's menu.
  await page.getByRole('button', { name: '新增轮播图' }).click();
  await page.getByRole('menuitem', { name: '小程序首页' }).click();
  await expect(page).toHaveURL(/\/carousel-store\/2$/);
  // The breadcrumb follows the menu item the form marks (the mini-program's banners).
  await expect(page.locator('.ant-breadcrumb')).toHaveText('首页/小程序/新增轮播图');
  await page.getByLabel('标题').fill(`小程序首页海报${r}`);
  await page
    .getByTestId('upload-图片')
    .setInputFiles(path.join(import.meta.dirname, 'fixtures/cover.png'));
  await expect(page.locator('.ant-image img')).toHaveAttribute('src', /^\/uploads\//);
  await page.getByRole('button', { name: /保\s*存/ }).click();
  // Back on its position's own screen, the mini-program home's banners.
  await expect(page).toHaveURL(/\/xcxbase\/banner$/);
  await expect(rows.filter({ hasText: `小程序首页海报${r}` })).toHaveCount(1);

  // The list of every position names each slide's position, and finds them by it.
  await page.goto('/carousel-list');
  const banner = rows.filter({ hasText: `小程序首页海报${r}` });
  await expect(banner).toContainText('小程序首页');
  await page.getByRole('combobox', { name: '位置' }).click();
  await page.locator('.ant-select-item-option').filter({ hasText: '店铺首页' }).click();
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await expect(page).toHaveURL(/position=1/);
  await expect(banner).toHaveCount(0);
  // Its edit opens its position's form.
  await page.getByRole('combobox', { name: '位置' }).click();
  await page.locator('.ant-select-item-option').filter({ hasText: '小程序首页' }).click();
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await banner.getByRole('link', { name: '编辑' }).click();
  await expect(page).toHaveURL(/\/carousel-store\/2\?id=\d+$/);
  await expect(page.getByLabel('标题')).toHaveValue(`小程序首页海报${r}`);

  // The store page shows the store's slides only.
  const store = page.waitForResponse('**/open/shop/1/store');
  await page.goto('/shop/1');
  const slides: { title: string }[] = (await (await store).json()).data.slides;
  expect(slides.map((s) => s.title)).not.toContain(`小程序首页海报${r}`);
});

test('a banner set to start later says so, with its start, instead of 启用', async ({ page }) => {
  const title = `未来海报${String(Date.now()).slice(-6)}`;
  const token = await signedIn(page);
  // Tomorrow at 10:00 in Beijing (02:00 UTC).
  const start = new Date(Date.now() + 86_400_000);
  const day = new Date(start.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
  await api(page, token, '/admin/carousel/create', {
    position: 2,
    title,
    image: '/uploads/1/banner.png',
    enabled: true,
    startAt: `${day}T02:00:00.000Z`,
  });
  await page.goto('/xcxbase/banner');
  const row = page.locator('tr.ant-table-row:visible').filter({ hasText: title });
  // Its start as the page shows times: in the browser's time zone.
  const shown = await page.evaluate((iso) => {
    const at = new Date(iso);
    const two = (n: number) => String(n).padStart(2, '0');
    return `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())} ${two(at.getHours())}:${two(at.getMinutes())}`;
  }, `${day}T02:00:00.000Z`);
  await expect(row).toContainText(`未开始 · ${shown} 开始`);
  await expect(row).not.toContainText('启用');
  await page.screenshot({ path: test.info().outputPath('banner-scheduled.png') });
});
