import { expect, type Page, test } from '@playwright/test';
import { apiToken, OWNER, signedIn } from './support';

/** The screens as a merchant sees them (issue #28): the shell, tabs and search. */
const tabs = (page: Page) => page.getByRole('tab');
const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });
const menu = (page: Page) => page.getByRole('navigation', { name: 'menu' });

test.describe('the shell as a merchant sees it', () => {
  test.beforeEach(async ({ page }) => signedIn(page));

  test('the template demos have their own group after the merchant’s screens', async ({ page }) => {
    const groups = menu(page).locator(':scope .ant-menu-root > li');
    await expect(groups.last()).toContainText('模板演示');
    await expect(menu(page).getByText('路由嵌套', { exact: true })).toBeHidden();
    // Not among the shortcuts, nor found by the search.
    const shortcuts = page.getByRole('navigation', { name: '常用功能' });
    await expect(shortcuts.getByRole('link', { name: '客户列表' })).toBeVisible();
    await expect(shortcuts.getByRole('link', { name: /菜单/ })).toHaveCount(0);
    await page.keyboard.press('/');
    await page.keyboard.type('菜单');
    await expect(page.getByTestId('search-no-match')).toHaveText('没有匹配的页面');
    // Nor in the permission tree of a sub-account.
    await page.keyboard.press('Escape');
    await page.goto('/permission-account');
    await page.getByRole('button', { name: '新增账号' }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByRole('treeitem', { name: '客户列表', exact: true })).toBeVisible();
    await expect(drawer.getByRole('treeitem', { name: /菜单|路由嵌套|模板演示/ })).toHaveCount(0);
  });

  test('the header search reads pinyin, says when nothing matches, and Esc empties it', async ({
    page,
  }) => {
    const box = page.getByRole('combobox', { name: '搜索菜单' });
    await page.keyboard.press('/');
    await page.keyboard.type('kehu');
    await expect(
      page.locator('.ant-select-item-option').filter({ hasText: '客户列表' }),
    ).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(box).toHaveCount(0);
    // The next search starts afresh rather than after what was typed before.
    await page.keyboard.press('/');
    await expect(box).toHaveValue('');
    await page.keyboard.type('xqzv');
    await expect(page.getByTestId('search-no-match')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(box).toHaveCount(0);
    await page.keyboard.press('/');
    await expect(box).toHaveValue('');
    await page.keyboard.type('czrz');
    // Enter opens the first match once it shows, as a person sees it before pressing.
    await expect(
      page.locator('.ant-select-item-option-active').filter({ hasText: '操作日志' }),
    ).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/operation-log$/);
  });

  test('on a phone the open search stays within the screen with the avatar', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.getByRole('button', { name: '搜索菜单' }).click();
    const box = page.getByRole('combobox', { name: '搜索菜单' });
    await expect(box).toBeFocused();
    const avatar = await page.getByTestId('account-menu').boundingBox();
    expect(avatar && avatar.x + avatar.width).toBeLessThanOrEqual(390);
    const field = await page.locator('.ant-select').filter({ has: box }).boundingBox();
    expect(field && field.x + field.width).toBeLessThanOrEqual(390);
  });

  test('tabs: many scroll with arrows and a list; close left and close right', async ({ page }) => {
    const paths = [
      'article-news',
      'article-introduce',
      'article-activity',
      'article-meeting',
      'article-about-us',
      'article-cases',
      'article-expert',
      'article-students',
      'compliance-train',
      'compliance-observe',
      'client-list',
      'data-helper',
      'permission-account',
      'service-help',
      'website-setting',
      'operation-log',
    ];
    for (const path of paths) {
      await page.goto(`/${path}`);
      await expect(page.getByRole('tab', { selected: true })).toHaveCount(1);
    }
    // The pinned dashboard and documentation, and one tab per screen.
    await expect(tabs(page)).toHaveCount(paths.length + 2);
    // The strip is too narrow for them all: the first are reached by the arrow or the list.
    await expect(page.getByRole('button', { name: '向左滚动标签' })).toBeVisible();
    await page.getByRole('button', { name: '全部标签' }).click();
    await page
      .locator('.ant-dropdown')
      .getByRole('menuitem', { name: '首页', exact: true })
      .click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(tab(page, '首页')).toBeInViewport();

    await page.goto('/client-list');
    await tab(page, '客户列表').click({ button: 'right' });
    await page.getByRole('menuitem', { name: '关闭左侧' }).click();
    await expect(tabs(page).first()).toHaveText('首页'); // pinned
    await expect(tabs(page).nth(1)).toHaveText('文档'); // pinned
    await expect(tabs(page).nth(2)).toHaveText('客户列表');
    await expect(tabs(page)).toHaveCount(8);
    await tab(page, '数据助手').click({ button: 'right' });
    await page.getByRole('menuitem', { name: '关闭右侧' }).click();
    await expect(tabs(page)).toHaveText(['首页', '文档', '客户列表', '数据助手']);
    await expect(page).toHaveURL(/\/client-list$/);
  });

  test('a new article’s tab says what its card says; bad article addresses make no tabs', async ({
    page,
  }) => {
    await page.goto('/article-store/1');
    await expect(page.locator('.ant-card-head-title')).toHaveText('新增文章');
    await expect(page.getByRole('tab', { selected: true })).toHaveText('新增文章');
    await page.goto('/article-store/99');
    await expect(page).toHaveURL(/\/404$/);
    await page.goto('/dashboard');
    await page.goto('/article-store/abc');
    await expect(page).toHaveURL(/\/404$/);
    await page.goto('/dashboard');
    await expect(tabs(page)).toHaveText(['首页', '文档', '新增文章']);
  });
});

test.describe('drawers and dialogs', () => {
  test.beforeEach(async ({ page }) => signedIn(page));

  test('a form drawer has Cancel and Save at its bottom right; saving leaves the avatar menu shut', async ({
    page,
  }) => {
    await page.goto('/service-help');
    await page.getByRole('button', { name: '新增帮助' }).click();
    const drawer = page.getByRole('dialog');
    const footer = drawer.locator('.ant-drawer-footer');
    await expect(footer.getByRole('button')).toHaveText([/取\s*消/, /保\s*存/]);
    await expect(drawer.locator('.ant-drawer-extra')).toHaveCount(0);
    const box = await drawer.boundingBox();
    const save = await footer.getByRole('button', { name: /保\s*存/ }).boundingBox();
    expect(save && box && save.y > box.y + box.height / 2).toBe(true);
    await drawer.getByRole('textbox', { name: /^(\* )?标题$/ }).fill('如何设置营业时间');
    await footer.getByRole('button', { name: /保\s*存/ }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(
      page.locator('tr[data-row-key]').filter({ hasText: '如何设置营业时间' }),
    ).toHaveCount(1);
    await expect(page.getByRole('menuitem', { name: '退出登录' })).toHaveCount(0);
  });

  test('the editor’s link is asked in the UI’s dialog, and reopening it logs no linkify warning', async ({
    page,
  }) => {
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.text().includes('linkifyjs')) warnings.push(message.text());
    });
    page.once('dialog', () => {
      throw new Error('the browser’s own dialog opened');
    });
    // Opened again within the app (the form is not kept alive: each visit makes a new editor).
    await page.goto('/article-store/1');
    await expect(page.getByRole('textbox', { name: '正文' })).toBeVisible();
    for (let round = 0; round < 2; round++) {
      await tab(page, '首页').click();
      await expect(page.getByRole('textbox', { name: '正文' })).toHaveCount(0);
      await tab(page, '新增文章').click();
      await expect(page.getByRole('textbox', { name: '正文' })).toBeVisible();
    }
    const editor = page.getByRole('textbox', { name: '正文' });
    await editor.click();
    await page.keyboard.type('官网');
    await page.keyboard.press('Shift+Home');
    await page.getByRole('button', { name: '链接' }).click();
    const dialog = page.getByRole('dialog');
    const address = dialog.getByRole('textbox', { name: /链接地址/ });
    await address.fill('javascript:alert(1)');
    await address.press('Enter');
    await expect(dialog.getByRole('alert')).toContainText('http://');
    await address.fill('https://example.com/');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect(editor.locator('a')).toHaveAttribute('href', 'https://example.com/');
    expect(warnings).toEqual([]);
  });
});

test('the dashboard shows what exists in the areas the account may open, and no leftovers', async ({
  page,
}) => {
  const token = await signedIn(page);
  const headers = { authorization: `Bearer ${token}` };
  // Other tests share the database: compare with the figures before.
  const before = (
    await (await page.request.post('/admin/dashboard/summary', { data: {}, headers })).json()
  ).data;
  await page.request.post('/admin/customer/create', { data: { name: '新客户' }, headers });
  await page.request.post('/admin/article/create', {
    data: { articleType: 1, title: '开业公告', status: 'published' },
    headers,
  });
  await page.reload();
  await expect(page.getByTestId('figure-new-customers')).toHaveText(
    String(before.customers.newLast7Days + 1),
  );
  await expect(page.getByTestId('figure-published')).toHaveText(
    String(before.articles.published + 1),
  );
  // The balance with the cost centre; no raw role names, no welcome card.
  await expect(page.getByTestId('figure-balance')).toContainText('元');
  await expect(page.getByText(/角色|admin,|欢迎回来/)).toHaveCount(0);
  const changes = page.getByTestId('recent-changes');
  await expect(changes.locator('.ant-list-item').nth(0)).toContainText('新增文章 开业公告');
  await expect(changes.locator('.ant-list-item').nth(1)).toContainText('新增客户 新客户');
  await expect(changes).not.toContainText('article.create');

  // In English: relative times in English, figures under their English names.
  await page.getByRole('button', { name: '语言' }).hover();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(changes.locator('.ant-list-item').first()).toContainText('Add article');
  await expect(changes.locator('.ant-list-item').first()).toContainText(/just now|minute/);
  await expect(page.locator('.dashboard')).not.toContainText(/分钟前|刚刚/);
  await page.getByRole('button', { name: 'Language' }).hover();
  await page.getByRole('menuitem', { name: '简体中文' }).click();
});

test('the dashboard’s to-dos count the waiting work and open the list that shows it', async ({
  page,
}) => {
  await signedIn(page);
  const headers = { authorization: `Bearer ${await apiToken(page)}` };
  const drafts = async () =>
    (
      (await (await page.request.post('/admin/dashboard/summary', { data: {}, headers })).json())
        .data.todos as { key: string; count: number }[]
    ).find((todo) => todo.key === 'goodsDrafts')?.count ?? 0;
  const before = await drafts();
  await page.request.post('/admin/goods/create', { data: { title: '待办测试锅' }, headers });
  expect(await drafts()).toBe(before + 1);
  await page.reload();
  const todo = page
    .getByTestId('todos')
    .getByRole('link', { name: `${before + 1} 个商品还是草稿` });
  await todo.click();
  await expect(page).toHaveURL(/\/goods-list\?status=draft$/);
  await expect(
    page.locator('tr.ant-table-row:visible').filter({ hasText: '待办测试锅' }),
  ).toContainText('草稿');
  await expect(page.locator('tr.ant-table-row:visible').filter({ hasText: '已刊登' })).toHaveCount(
    0,
  );
});

test('texts are in the UI’s language and not cut', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(Document.prototype, 'fullscreenEnabled', { get: () => false });
  });
  await signedIn(page);
  // A server message in the Chinese UI (toast and subtitle) is Chinese.
  await page.goto('/article-store/1?id=99999');
  await expect(page.locator('.ant-result-subtitle')).toHaveText('未找到该文章，可能已被删除');
  await expect(page.getByText('Article not found')).toHaveCount(0);
  // The fullscreen warning has its own Chinese text.
  await page.getByRole('button', { name: '全屏' }).click();
  await expect(page.getByText('您的浏览器不支持全屏')).toBeVisible();

  await page.goto('/client-list');
  await page.getByRole('button', { name: '语言' }).hover();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(page.locator('.ant-breadcrumb')).toHaveText(/Dashboard\/Customers\/Customer list/);
  // The open list's own texts, fetched in English once it is chosen (Chinese alone before).
  await expect(page.getByRole('columnheader', { name: 'Total spent' })).toBeVisible();
  const menu = page.getByRole('navigation', { name: 'menu' });
  await menu.getByText('Articles', { exact: true }).click();
  const longest = menu.getByText('Compliance observation', { exact: true });
  await expect(longest).toBeVisible();
  // Shown whole (wrapped), not cut with an ellipsis.
  const label = menu
    .locator('.ant-menu-title-content')
    .filter({ hasText: 'Compliance observation' });
  expect(await label.evaluate((el) => el.scrollWidth <= el.clientWidth && el.clientWidth > 0)).toBe(
    true,
  );
  await page.getByRole('button', { name: 'Language' }).hover();
  await page.getByRole('menuitem', { name: '简体中文' }).click();
});

test('dark mode: the data-helper drop zone and date fields take the theme’s colours', async ({
  page,
}) => {
  await signedIn(page);
  await page.evaluate(() => {
    const settings = JSON.parse(localStorage.getItem('settings') ?? '{"state":{},"version":1}');
    settings.state.dark = true;
    localStorage.setItem('settings', JSON.stringify(settings));
  });
  await page.goto('/data-helper');
  const zone = page.getByRole('button', { name: /点击选择 \.xlsx 或 \.csv 文件/ });
  await expect(zone).toBeVisible();
  const colours = await zone.evaluate((el) => {
    const style = getComputedStyle(el);
    return { text: style.color, border: style.borderTopColor };
  });
  // Light text on the dark page, and not the light theme's bright grey border.
  const [r, g, b] = (colours.text.match(/\d+/g) ?? []).map(Number);
  expect((r ?? 0) + (g ?? 0) + (b ?? 0)).toBeGreaterThan(400);
  expect(colours.border).not.toBe('rgb(217, 217, 217)');
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe(
    'dark',
  );
});

test('the operation log reads in the UI’s language, names its targets and exports', async ({
  page,
}) => {
  const token = await signedIn(page);
  const headers = { authorization: `Bearer ${token}` };
  const created = await (
    await page.request.post('/admin/customer/create', {
      data: { name: '赵六', phone: '13800000001', tags: ['VIP'] },
      headers,
    })
  ).json();
  await page.request.post('/admin/customer/update', {
    data: { ...created.data, phone: '13900000002', tags: ['VIP', '老客'] },
    headers,
  });
  await page.goto('/operation-log');
  const row = page.locator('tr[data-row-key]').filter({ hasText: '修改客户' });
  await expect(row).toHaveCount(1);
  await expect(row).not.toContainText('customer.update');
  await expect(row).toContainText('手机号');
  await expect(row).toContainText('新增: 老客');
  await expect(row.getByRole('link', { name: '赵六' })).toHaveAttribute(
    'href',
    '/client-list?keyword=%E8%B5%B5%E5%85%AD',
  );
  // The changes column has room to read.
  const cell = row.locator('td').filter({ hasText: '手机号' });
  expect((await cell.boundingBox())?.width ?? 0).toBeGreaterThan(300);
  // Every action can be filtered on, customer and import actions too.
  const filter = page.getByRole('combobox', { name: '操作' });
  for (const action of ['新增客户', '修改客户', '导入客户', '修改帮助', '导出操作日志']) {
    await filter.fill(action);
    await expect(
      page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: action }),
    ).toHaveCount(1);
  }
  await filter.press('Escape');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: /导出 Excel/ }).click();
  expect((await download).suggestedFilename()).toMatch(/^操作日志-.*\.xlsx$/);
});

test('on a phone the operation log keeps the time and the action, with who and what under them', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const token = await signedIn(page);
  const headers = { authorization: `Bearer ${token}` };
  const created = await (
    await page.request.post('/admin/customer/create', {
      data: { name: '掌上日志', phone: '13800000451' },
      headers,
    })
  ).json();
  await page.request.post('/admin/customer/update', {
    data: { ...created.data, remark: '在手机上看操作日志' },
    headers,
  });
  await page.goto('/operation-log');
  const table = page.getByRole('table', { name: '操作日志' });
  for (const name of ['时间', '操作'])
    await expect(table.getByRole('columnheader', { name, exact: true })).toBeVisible();
  for (const name of ['账号', '对象', '变更内容', 'IP'])
    await expect(table.getByRole('columnheader', { name, exact: true })).toBeHidden();
  const row = table
    .locator('tr[data-row-key]')
    .filter({ hasText: '修改客户' })
    .filter({
      has: page.getByRole('link', { name: '掌上日志' }),
    });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('link', { name: '掌上日志' })).toBeVisible();
  await expect(row.getByTestId('oplog-phone-account')).toHaveText(OWNER.name);
  await expect(row.getByTestId('oplog-phone-account')).toBeVisible();
  // The rows fit the phone: no sideways scroll, and none grows tall.
  const box = await table.boundingBox();
  expect(box && box.x + box.width).toBeLessThanOrEqual(390);
  expect((await row.boundingBox())?.height ?? 999).toBeLessThan(120);
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(table.getByRole('columnheader', { name: '变更内容' })).toBeVisible();
  await expect(row.getByRole('link', { name: '掌上日志' })).toHaveCount(1);
});

test('on a phone the transaction overview fits the screen: no sideways scroll', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signedIn(page, '/transaction_overview');
  await expect(page.getByTestId('settlements')).toBeVisible();
  await expect(page.getByTestId('settlements').locator('.ant-picker-range')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const picker = await page.getByTestId('settlements').locator('.ant-picker-range').boundingBox();
  expect(picker && picker.x + picker.width).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath('overview-390.png'), fullPage: true });
});

test('the header search also finds records, grouped under their screen', async ({ page }) => {
  const token = await signedIn(page);
  const headers = { authorization: `Bearer ${token}` };
  // The search answers before anything is made: a broken call fails here, not as a skip.
  const probe = await page.request.post('/admin/search/records', { data: { q: 'x' }, headers });
  expect((await probe.json()).code).toBe(200);
  await page.request.post('/admin/customer/create', {
    data: { name: '钱多多', phone: '13912345678' },
    headers,
  });
  await page.request.post('/admin/article/create', {
    data: { articleType: 1, title: '钱多多的开业典礼' },
    headers,
  });
  await page.keyboard.press('/');
  await page.keyboard.type('钱多多');
  const list = page.locator('.ant-select-dropdown');
  // In the menu's order: the articles' group comes before the customers'.
  await expect(list.locator('.ant-select-item-group')).toHaveText(['新闻资讯', '客户列表']);
  await expect(list.locator('.ant-select-item-option')).toHaveText([
    '钱多多的开业典礼',
    /钱多多\s*13912345678/,
  ]);
  await list.locator('.ant-select-item-option').filter({ hasText: '开业典礼' }).click();
  await expect(page).toHaveURL(/\/article-store\/1\?id=\d+$/);
  await expect(page.getByRole('textbox', { name: /^(\* )?标题$/ })).toHaveValue('钱多多的开业典礼');
});
