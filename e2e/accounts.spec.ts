import { expect, test } from '@playwright/test';
import { OWNER, signedIn } from './support';

test('a sub-account sees only its routes, and the server refuses the others', async ({
  page,
  browser,
}) => {
  await signedIn(page, '/permission-account');
  await page.getByRole('button', { name: '新增账号' }).click();
  const drawer = page.getByRole('dialog');
  await drawer.getByRole('textbox', { name: /账号/ }).fill('clerk01');
  await drawer.getByRole('textbox', { name: '姓名' }).fill('小李');
  await drawer.getByLabel(/^(\* )?密码$/).fill('Clerk-pass1');
  await drawer.getByRole('treeitem', { name: '新闻资讯' }).locator('.ant-tree-checkbox').click();
  await drawer.getByRole('treeitem', { name: '操作日志' }).locator('.ant-tree-checkbox').click();
  await drawer.getByRole('button', { name: /保\s*存/ }).click();
  const row = page.locator('tr[data-row-key]').filter({ hasText: 'clerk01' });
  await expect(row).toContainText('2 个页面');
  // The name it signs in with: at the store's code (account names are unique per merchant only).
  await expect(row).toContainText('clerk01@main');

  const context = await browser.newContext();
  const clerk = await context.newPage();
  await signedIn(clerk, '/dashboard', { name: 'clerk01@main', password: 'Clerk-pass1' });
  const menu = clerk.getByRole('navigation', { name: 'menu' });
  // A group with one screen the account may open shows that screen in its place, every group alike.
  await expect(menu.getByRole('menuitem')).toHaveText(['首页', '新闻资讯', '操作日志']);
  await expect(menu.getByRole('link')).toHaveText(['商户管理后台', '首页', '新闻资讯', '操作日志']);
  // A screen it may not open: the 401 page inside the shell, with a way back.
  await clerk.goto('/permission-account');
  await expect(clerk).toHaveURL(/\/permission-account$/);
  await expect(clerk.getByTestId('forbidden')).toContainText('抱歉，您没有权限访问此页面');
  await expect(menu).toBeVisible();
  await clerk.getByRole('button', { name: '返回首页' }).click();
  await expect(clerk).toHaveURL(/\/dashboard$/);

  const token = (await context.cookies()).find((c) => c.name === 'Admin-Token')?.value;
  const refused = await clerk.request.post('/admin/account/list', {
    data: {},
    headers: { authorization: `Bearer ${token}` },
  });
  expect((await refused.json()).code).toBe(40300);
  const allowed = await clerk.request.post('/admin/operation-log/list', {
    data: {},
    headers: { authorization: `Bearer ${token}` },
  });
  expect((await allowed.json()).code).toBe(200);

  // Disabling it ends its session at its next request.
  await page
    .locator('tr[data-row-key]')
    .filter({ hasText: 'clerk01' })
    .getByRole('button', { name: '编辑' })
    .click();
  await page.getByRole('dialog').getByRole('switch').click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /保\s*存/ })
    .click();
  await expect(page.locator('tr[data-row-key]').filter({ hasText: 'clerk01' })).toContainText(
    '停用',
  );
  await clerk.goto('/dashboard');
  await expect(clerk.getByRole('dialog')).toContainText('确认注销');
  await context.close();
});

test('changing the password ends the other sessions', async ({ page, browser }) => {
  const other = await browser.newContext();
  const elsewhere = await other.newPage();
  await signedIn(elsewhere);
  await signedIn(page);

  await page.goto('/change-password');
  await page.getByLabel('当前密码').fill(OWNER.password);
  await page.getByLabel('新密码', { exact: true }).fill('short');
  await page.getByLabel('确认新密码').fill('short');
  await page.getByRole('button', { name: '修改密码' }).click();
  await expect(page.getByText('密码至少 8 位', { exact: true })).toBeVisible();

  await page.getByLabel('新密码', { exact: true }).fill('Changed-pass9');
  await page.getByLabel('确认新密码').fill('Changed-pass9');
  await page.getByRole('button', { name: '修改密码' }).click();
  await expect(page.getByText('密码已修改，其他设备上的登录已失效')).toBeVisible();

  // This session goes on; the other one is asked to sign in again.
  await page.reload();
  await expect(page.getByTestId('account-menu')).toBeVisible();
  await elsewhere.reload();
  await expect(elsewhere.getByRole('dialog')).toContainText('确认注销');
  await other.close();

  // Put the password back for the other tests.
  await page.goto('/change-password');
  await page.getByLabel('当前密码').fill('Changed-pass9');
  await page.getByLabel('新密码', { exact: true }).fill(OWNER.password);
  await page.getByLabel('确认新密码').fill(OWNER.password);
  await page.getByRole('button', { name: '修改密码' }).click();
  await expect(page.getByText('密码已修改，其他设备上的登录已失效')).toBeVisible();
});
