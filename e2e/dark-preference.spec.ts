import { expect, type Page, test } from '@playwright/test';
import { signedIn } from './support';

/** Issue #44: the app and the storefront follow the system's dark preference until a choice. */
test.use({ colorScheme: 'dark' });

const scheme = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.documentElement).colorScheme);
/** The sum of an element's background's red, green and blue: low on a dark page. */
const backgroundSum = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el) =>
      (getComputedStyle(el).backgroundColor.match(/\d+/g) ?? [])
        .slice(0, 3)
        .reduce((sum, part) => sum + Number(part), 0),
    );

test('the shell follows a dark system until light is picked, then keeps light', async ({
  page,
}) => {
  await signedIn(page);
  await expect.poll(() => scheme(page)).toBe('dark');
  expect(await backgroundSum(page, 'header > div')).toBeLessThan(200);
  await page.getByRole('button', { name: '系统布局配置' }).click();
  const dark = page.getByRole('switch', { name: '暗色模式' });
  await expect(dark).toBeChecked();
  await dark.click();
  await expect(dark).not.toBeChecked();
  await expect.poll(() => scheme(page)).toBe('light');
  // The choice is kept over the system's preference.
  await page.reload();
  await expect(page.getByTestId('account-menu')).toBeVisible();
  await expect.poll(() => scheme(page)).toBe('light');
  expect(await backgroundSum(page, 'header > div')).toBeGreaterThan(600);
  // Reset: the system's again.
  await page.getByRole('button', { name: '系统布局配置' }).click();
  await page.getByRole('button', { name: '恢复默认' }).click();
  await expect.poll(() => scheme(page)).toBe('dark');
});

test('the login page and the storefront follow a dark system', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByPlaceholder('请输入账号')).toBeVisible();
  await expect(page.locator('.login')).toHaveClass(/login--dark/);
  await page.goto('/shop/1');
  await expect(page.locator('.shop-header')).toBeVisible();
  await expect.poll(() => scheme(page)).toBe('dark');
  expect(await backgroundSum(page, '.shop-header')).toBeLessThan(200);
  expect(await backgroundSum(page, '.shop')).toBeLessThan(200);
});
