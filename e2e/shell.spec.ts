import { expect, type Page, test } from '@playwright/test';
import { signedIn } from './support';

const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });
const note = (page: Page) => page.getByRole('textbox', { name: '备注' }).locator('visible=true');

/** Opens submenus and then the last label's page, and waits for that page, as a user would. */
async function openMenu(page: Page, ...labels: string[]) {
  const nav = page.getByRole('navigation', { name: 'menu' });
  for (const label of labels) {
    await nav.getByText(label, { exact: true }).click();
    // A submenu slides open: its items move until the motion ends (a click meanwhile can land on
    // the item that slides under the pointer).
    await expect(nav.locator('.ant-motion-collapse')).toHaveCount(0);
  }
  await expect(page).toHaveTitle(`${labels.at(-1)} - 商户管理后台`);
}

test.describe('the shell', () => {
  test.beforeEach(async ({ page }) => signedIn(page));

  test('collapses the sidebar and remembers it in the sidebarStatus cookie', async ({
    page,
    context,
  }) => {
    const sider = page.locator('.ant-layout-sider');
    await expect(sider).toHaveCSS('width', '210px');
    await page.getByRole('button', { name: '展开/收起侧边栏' }).click();
    await expect(sider).toHaveCSS('width', '64px');
    expect((await context.cookies()).find((c) => c.name === 'sidebarStatus')?.value).toBe('0');
    await page.reload();
    await expect(sider).toHaveCSS('width', '64px');
    await page.getByRole('button', { name: '展开/收起侧边栏' }).click();
    await expect(sider).toHaveCSS('width', '210px');
    expect((await context.cookies()).find((c) => c.name === 'sidebarStatus')?.value).toBe('1');
  });

  test('on a phone the sidebar is a drawer that closes on navigation', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(page.locator('.ant-layout-sider')).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'menu' })).toBeHidden();
    await page.getByRole('button', { name: '展开/收起侧边栏' }).click();
    await expect(page.getByRole('navigation', { name: 'menu' })).toBeVisible();
    await openMenu(page, '模板演示', '路由嵌套', '菜单 2');
    await expect(page).toHaveURL(/\/nested\/menu2$/);
    await expect(page.getByRole('navigation', { name: 'menu' })).toBeHidden();
  });

  test('the menu marks the current page and its group, and follows a tab switch', async ({
    page,
  }) => {
    const nav = page.getByRole('navigation', { name: 'menu' });
    await openMenu(page, '模板演示', '路由嵌套', '菜单 2');
    const current = nav.locator('[aria-current=page]');
    await expect(current).toHaveText('菜单 2');
    await expect(
      nav.locator('.ant-menu-item').filter({ has: page.locator('[aria-current=page]') }),
    ).toHaveCSS(
      'background-color',
      // The selected item on the dark menu: the theme colour #1890ff darkened until white text on it
      // reads at WCAG AA (src/web/app/theme.ts), #1476d1.
      'rgb(20, 118, 209)',
    );
    await expect(nav.locator('.sidebar-group--active')).toHaveText(['模板演示', '路由嵌套']);
    await tab(page, '首页').click();
    await expect(current).toHaveText('首页');
    await tab(page, '菜单 2').click();
    await expect(current).toHaveText('菜单 2');
  });

  test('tabs: add once, close, close others, close all keep the pinned tabs', async ({ page }) => {
    // Spec §2: the dashboard and the documentation are pinned, in the strip from the start.
    await expect(page.getByRole('tab')).toHaveText(['首页', '文档']);
    await expect(tab(page, '文档').getByTitle('关闭', { exact: true })).toHaveCount(0);
    await openMenu(page, '模板演示', '路由嵌套', '菜单 1', '菜单 1-1');
    await openMenu(page, '菜单 1-3');
    await openMenu(page, '菜单 2');
    await openMenu(page, '菜单 1-3');
    await expect(page.getByRole('tab')).toHaveText([
      '首页',
      '文档',
      '菜单 1-1',
      '菜单 1-3',
      '菜单 2',
    ]);
    await expect(page).toHaveTitle('菜单 1-3 - 商户管理后台');

    // Closing the active tab opens the last one left.
    await tab(page, '菜单 1-3').getByTitle('关闭', { exact: true }).click();
    await expect(page).toHaveURL(/\/nested\/menu2$/);
    await expect(page.getByRole('tab')).toHaveText(['首页', '文档', '菜单 1-1', '菜单 2']);

    // Middle-click closes.
    await tab(page, '菜单 1-1').click({ button: 'middle' });
    await expect(page.getByRole('tab')).toHaveText(['首页', '文档', '菜单 2']);

    await openMenu(page, '菜单 1-1');
    await tab(page, '首页').click({ button: 'right' });
    await expect(page.getByRole('menuitem', { name: '关闭', exact: true })).toHaveCount(0); // pinned
    await page.getByRole('menuitem', { name: '关闭其他' }).click();
    await expect(page.getByRole('tab')).toHaveText(['首页', '文档']);
    await expect(page).toHaveURL(/\/dashboard$/);

    await openMenu(page, '菜单 2');
    // A right-click on the strip beside the tabs opens no menu.
    await page
      .getByRole('tablist', { name: 'tags' })
      .click({ button: 'right', position: { x: 900, y: 17 } });
    await expect(page.getByRole('menuitem', { name: '关闭其他' })).toHaveCount(0);
    // The menu is the pressed tab's: this one can be closed.
    await tab(page, '菜单 2').click({ button: 'right' });
    await expect(page.getByRole('menuitem', { name: '关闭', exact: true })).toHaveCount(1);
    await page.getByRole('menuitem', { name: '关闭所有' }).click();
    await expect(page.getByRole('tab')).toHaveText(['首页', '文档']);
    await expect(page).toHaveURL(/\/documentation\/index$/);

    // The documentation's own tab: no Close in its menu; Close All keeps both pinned tabs and it.
    await tab(page, '文档').click({ button: 'right' });
    await expect(page.getByRole('menuitem', { name: '关闭', exact: true })).toHaveCount(0);
    await page.getByRole('menuitem', { name: '关闭所有' }).click();
    await expect(page.getByRole('tab')).toHaveText(['首页', '文档']);
    await expect(page).toHaveURL(/\/documentation\/index$/);
  });

  test('a view keeps its state across tab switches at any depth, until closed or refreshed', async ({
    page,
  }) => {
    await page.goto('/nested/menu1/menu1-2/menu1-2-1');
    await note(page).fill('half-written');
    await openMenu(page, '菜单 2');
    await expect(note(page)).toHaveValue('');
    // The view left behind is out of sight and out of reach of the keyboard.
    const left = page.locator('.view-host__view[inert]').getByRole('textbox', {
      name: '备注',
      includeHidden: true,
    });
    await expect(left).toHaveValue('half-written');
    await expect(left).toBeHidden();
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => !!document.activeElement?.closest('[inert]'))).toBe(false);
    }
    await tab(page, '菜单 1-2-1').click();
    await expect(note(page)).toHaveValue('half-written');

    // Refresh re-mounts the view.
    await tab(page, '菜单 1-2-1').click({ button: 'right' });
    await page.getByRole('menuitem', { name: '刷新' }).click();
    await expect(page).toHaveURL(/\/nested\/menu1\/menu1-2\/menu1-2-1$/);
    await expect(note(page)).toHaveValue('');

    // Closing the tab drops the cached view.
    await note(page).fill('again');
    await tab(page, '菜单 1-2-1').getByTitle('关闭', { exact: true }).click();
    await page.goto('/nested/menu1/menu1-2/menu1-2-1');
    await expect(note(page)).toHaveValue('');
  });

  test('open tabs survive a reload', async ({ page }) => {
    await page.goto('/nested/menu2');
    await expect(tab(page, '菜单 2')).toBeVisible();
    await page.goto('/nested/menu1/menu1-3');
    await expect(tab(page, '菜单 1-3')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('tab')).toHaveText(['首页', '文档', '菜单 2', '菜单 1-3']);
    await expect(tab(page, '菜单 1-3')).toHaveAttribute('aria-selected', 'true');
  });

  test('/guide opens the guide, whose view is not kept when left (noCache)', async ({ page }) => {
    await page.goto('/guide');
    await expect(page).toHaveURL(/\/guide\/index$/);
    await expect(page.getByRole('tab', { selected: true })).toHaveText('引导页');
    await expect(page.getByRole('tab')).toHaveText(['首页', '文档', '引导页']);
    await expect(page.getByRole('button', { name: '开始引导' })).toBeVisible();
    const view = (path: string) => page.locator(`.view-host__view[data-view="${path}"]`);
    await expect(view('/guide/index')).toHaveCount(1);

    // Left for another tab, the guide's view unmounts (its tab stays); a cached view stays mounted.
    await tab(page, '文档').click();
    await expect(page.getByRole('heading', { name: 'Merchant Admin', level: 1 })).toBeVisible();
    await expect(view('/guide/index')).toHaveCount(0);
    await tab(page, '引导页').click();
    await expect(page.getByRole('button', { name: '开始引导' })).toBeVisible();
    await expect(view('/documentation/index')).toHaveCount(1);
    await expect(view('/documentation/index')).toHaveAttribute('aria-hidden', 'true');
  });

  test('header search opens a route by its title', async ({ page }) => {
    await page.keyboard.press('/');
    await page.keyboard.type('操作日志');
    await expect(page.getByRole('combobox', { name: '搜索菜单' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/operation-log$/);
    await expect(page.getByRole('tab', { name: '操作日志' })).toBeVisible();
  });

  test('settings persist across reloads', async ({ page }) => {
    await page.getByRole('button', { name: '系统布局配置' }).click();
    await page.getByRole('switch', { name: '显示标签栏' }).click();
    await expect(page.getByRole('tablist', { name: 'tags' })).toHaveCount(0);
    await page.getByRole('switch', { name: '侧边栏 Logo' }).click();
    await page.reload();
    await expect(page.getByRole('tablist', { name: 'tags' })).toHaveCount(0);
    await page.getByRole('button', { name: '系统布局配置' }).click();
    await expect(page.getByRole('switch', { name: '显示标签栏' })).not.toBeChecked();
    await expect(page.getByRole('switch', { name: '侧边栏 Logo' })).not.toBeChecked();
    await page.getByRole('button', { name: '恢复默认' }).click();
    await expect(page.getByRole('tablist', { name: 'tags' })).toBeVisible();
  });

  test('the size switch is remembered in the size cookie', async ({ page, context }) => {
    await page.getByRole('button', { name: '布局大小' }).hover();
    await page.getByRole('menuitem', { name: '小', exact: true }).click();
    expect((await context.cookies()).find((c) => c.name === 'size')?.value).toBe('small');
    await page.reload();
    await expect(page.getByRole('button', { name: '展开/收起侧边栏' })).toHaveClass(/ant-btn-sm/);
  });

  test('a new version is announced with Refresh now and Later', async ({ page }) => {
    // The shell's first check stores the served hash; one still under way when the older hash is
    // written would find it, prompt on this page and store the new one before the reload.
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('CheckUpdate:VersionHash')))
      .not.toBeNull();
    await page.evaluate(() => {
      localStorage.setItem('CheckUpdate:VersionHash', 'an-older-version');
      localStorage.setItem('CheckUpdate:repeatReminderInterval', '0');
    });
    await page.reload();
    const prompt = page.getByText('新版本已发布，点击“立即刷新”或手动刷新页面以使用最新版本');
    await expect(prompt).toBeVisible();
    await expect(page.getByRole('button', { name: '立即刷新' })).toBeVisible();
    await page.getByRole('button', { name: '稍后', exact: true }).click();
    await expect(prompt).toBeHidden();
    // The new hash is stored: no second prompt.
    await page.reload();
    await expect(page.getByTestId('account-menu')).toBeVisible();
    await expect(prompt).toHaveCount(0);
  });

  test('uncaught errors raise the error-log badge, Clear All empties it', async ({ page }) => {
    await expect(page.getByRole('button', { name: '错误日志' })).toHaveCount(0);
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('boom from a test');
      });
    });
    await page.getByRole('button', { name: '错误日志' }).click();
    await expect(page.getByRole('dialog')).toContainText('boom from a test');
    // A click while the dialog still opens can be lost on a loaded machine: pressed until it takes.
    await expect(async () => {
      await page.getByRole('button', { name: '清空全部' }).click();
      await expect(page.getByRole('button', { name: '错误日志' })).toHaveCount(0, {
        timeout: 2000,
      });
    }).toPass({ timeout: 15_000 });
  });
});
