import { expect, test } from '@playwright/test';
import { OWNER, signIn } from './support';

test.describe('signing in and out', () => {
  test('a deep link while signed out goes to the login page and back after signing in', async ({
    page,
  }) => {
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard$/);
    await expect(page).toHaveTitle('登录 - 商户管理后台');

    await page.getByPlaceholder('请输入账号').fill(`  ${OWNER.name}  `);
    await page.getByPlaceholder('请输入密码').fill(OWNER.password);
    await page.getByPlaceholder('请输入密码').press('Enter');

    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page).toHaveTitle('首页 - 商户管理后台');
    await expect(page.getByTestId('account-menu')).toContainText(OWNER.realname);
    await expect(page.getByTestId('account-menu')).toContainText(OWNER.name);
    // The owner may open the cost centre: the balance in yuan, linking to it.
    await expect(page.getByTestId('balance')).toHaveAttribute('title', /^余额 \d+\.\d{2} 元$/);
    await expect(page.locator('.dashboard-who')).toContainText(`${OWNER.realname}（店铺所有者）`);
    await expect(page.getByRole('tab', { name: '首页' })).toBeVisible();
  });

  test('empty fields are refused in the browser, a wrong password by the server', async ({
    page,
  }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await expect(page.locator('#login-name-error')).toHaveText('请输入账号');
    await expect(page.locator('#login-password-error')).toHaveText('请输入密码');

    await page.getByPlaceholder('请输入账号').fill(OWNER.name);
    await expect(page.locator('#login-name-error')).toHaveText('');
    await page.getByPlaceholder('请输入密码').fill('wrong-password-1');
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await expect(page.locator('.ant-message-error')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    // Nothing lost: the account name is still there.
    await expect(page.getByPlaceholder('请输入账号')).toHaveValue(OWNER.name);
  });

  test('the login page paints before its script runs and keeps what was typed meanwhile', async ({
    page,
  }) => {
    // Hold the app's script: the page must show, and take input, from its HTML alone.
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.addInitScript(() => {
      // Hydration keeps the prerendered elements; rendering afresh would replace them.
      new MutationObserver((records) => {
        for (const record of records) {
          for (const node of record.removedNodes) {
            if (node.nodeName === 'MAIN') (window as { replaced?: boolean }).replaced = true;
          }
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/login?redirect=%2Fclient-list', { waitUntil: 'commit' });
    await page.getByPlaceholder('请输入账号').fill(OWNER.name);
    await page.getByPlaceholder('请输入密码').fill(OWNER.password);
    await page.getByPlaceholder('请输入密码').press('Enter');
    // Not submitted by the browser itself (that would put the password in the address).
    await expect(page).toHaveURL(/\/login\?redirect=%2Fclient-list$/);

    release();
    await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered');
    await expect(page.getByPlaceholder('请输入账号')).toHaveValue(OWNER.name);
    expect(await page.evaluate(() => (window as { replaced?: boolean }).replaced)).toBeUndefined();
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await expect(page).toHaveURL(/\/client-list$/);
  });

  test('the login page fetches the shell once idle, compiled and warmed up ahead; not when saving data', async ({
    page,
  }) => {
    const shell = /\/assets\/shell-[\w-]+\.js$/;
    // Nothing typed: the shell still arrives, after the page has loaded.
    const fetched = page.waitForResponse(shell);
    await page.goto('/login');
    const response = await fetched;
    // V8 compiles the whole chunk while it streams in (scripts/compile-hints.ts).
    expect(await response.text()).toMatch(/^\/\/# allFunctionsCalledOnLoad\n/);
    // Then antd warms up out of sight (layout/warm-up.tsx): its theme variables are computed and
    // in <head> while the login form is still all there is on the page.
    await expect(page.locator('head style[data-token-hash]')).not.toHaveCount(0);
    await expect(page.locator('body [class*="ant-"]')).toHaveCount(0);
    await expect(page.getByPlaceholder('请输入账号')).toBeVisible();

    // With Save-Data on, only typing fetches it.
    const other = await page.context().newPage();
    await other.addInitScript(() => {
      Object.defineProperty(navigator, 'connection', { value: { saveData: true } });
    });
    const requested: string[] = [];
    other.on('request', (request) => {
      if (shell.test(request.url())) requested.push(request.url());
    });
    await other.goto('/login');
    // Without Save-Data the fetch starts in the page's first idle period after load: let two pass
    // (each at most 2 s away), then let the network settle, and nothing has been asked for.
    await other.evaluate(
      () =>
        new Promise<void>((resolve) =>
          requestIdleCallback(() => requestIdleCallback(() => resolve(), { timeout: 2000 }), {
            timeout: 2000,
          }),
        ),
    );
    await other.waitForLoadState('networkidle');
    expect(requested).toEqual([]);
    const typed = other.waitForRequest(shell);
    await other.getByPlaceholder('请输入账号').fill('a');
    await typed;
  });

  test('the password can be shown and hidden again', async ({ page }) => {
    await page.goto('/login');
    const password = page.getByPlaceholder('请输入密码');
    await password.fill('secret-1');
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: '显示密码' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await expect(password).toHaveValue('secret-1');
    await page.getByRole('button', { name: '隐藏密码' }).click();
    await expect(password).toHaveAttribute('type', 'password');
  });

  test('the shortcuts on the dashboard list the screens the account may open and open them', async ({
    page,
  }) => {
    await signIn(page);
    const shortcuts = page.getByRole('navigation', { name: '常用功能' });
    await expect(shortcuts.getByRole('link')).toHaveCount(59); // the merchant's screens (Amazon accounts the 59th), no demos
    await expect(shortcuts.getByRole('link', { name: '菜单 2' })).toHaveCount(0);
    await expect(shortcuts.getByRole('link', { name: '首页' })).toHaveCount(0);
    await shortcuts.getByRole('link', { name: '客户列表' }).click();
    await expect(page).toHaveURL(/\/client-list$/);
    await expect(page.getByRole('tab', { name: '客户列表' })).toBeVisible();
  });

  test('a reload keeps the session; / opens the dashboard; unknown paths show 404', async ({
    page,
  }) => {
    await signIn(page);
    await page.reload();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('account-menu')).toContainText(OWNER.realname);

    await page.goto('/');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.goto('/no-such-screen');
    await expect(page).toHaveURL(/\/404$/);
    await expect(page.getByText('抱歉，您访问的页面不存在')).toBeVisible();
  });

  test('logging out revokes the session and returns to login with the redirect', async ({
    page,
  }) => {
    await signIn(page);
    const token = (await page.context().cookies()).find((c) => c.name === 'Admin-Token')?.value;
    expect(token).toBeTruthy();

    await page.getByTestId('account-menu').hover();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard$/);
    expect((await page.context().cookies()).find((c) => c.name === 'Admin-Token')).toBeUndefined();

    // The old token is dead on the server too.
    const response = await page.request.post('/admin/user/detail', {
      data: {},
      headers: { authorization: `Bearer ${token}` },
    });
    expect((await response.json()).code).toBe(50012);
  });

  test('a session ended elsewhere asks to log in again', async ({ page }) => {
    await signIn(page);
    const token = (await page.context().cookies()).find((c) => c.name === 'Admin-Token')?.value;
    await page.request.post('/admin/auth/loginOut', {
      data: {},
      headers: { authorization: `Bearer ${token}` },
    });
    await page.reload();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('确认注销');
    await dialog.getByRole('button', { name: '重新登录' }).click();
    await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard$/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('copy token confirms with the spec text', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signIn(page);
    await page.getByRole('button', { name: '复制 Token' }).click();
    await expect(page.getByText('Token已复制到剪贴板')).toBeVisible();
    const token = (await context.cookies()).find((c) => c.name === 'Admin-Token')?.value;
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
  });

  test('English is available and remembered', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.getByPlaceholder('Account')).toBeVisible();
    await page.reload();
    await expect(page.getByPlaceholder('Account')).toBeVisible();
    await page.getByRole('button', { name: '简体中文' }).click();
    await expect(page.getByPlaceholder('请输入账号')).toBeVisible();
  });
});
