import { expect, type Page, test } from '@playwright/test';
import axe, { type AxeResults } from 'axe-core';
import { taskPage } from '../src/server/miniprogram/sandbox-page';
import { type RouteDef, routeCatalog, walkRoutes } from '../src/shared/routes';
import { api, signedIn, watchConsole } from './support';

/**
 * The sandbox mini-program platform's task page in each state a person reads or acts on: the
 * legal person's confirmation, the reviewer's approval or rejection (with the error of a rejection
 * without a reason), a registration done, a review rejected with its reason. Drawn by the page's
 * own function: making such tasks for real would register the shared store's mini-program.
 */
const SANDBOX_TASKS = [
  {
    taskId: 'MPT0123456789abcdef',
    kind: 'registration',
    status: 'confirming',
    payload: { kind: 'enterprise', companyName: '杭州西湖茶馆有限公司', legalName: '王五' },
  },
  {
    taskId: 'MPT0123456789abcdf0',
    kind: 'info',
    status: 'reviewing',
    payload: { name: '西湖茶馆', intro: '西湖边的茶馆', categories: ['food-drinks'] },
    error: '请填写驳回原因 · Give a reason',
  },
  {
    taskId: 'MPT0123456789abcdf1',
    kind: 'registration',
    status: 'success',
    appid: 'wx0123456789abcdef',
    payload: { kind: 'enterprise', companyName: '杭州西湖茶馆有限公司' },
  },
  {
    taskId: 'MPT0123456789abcdf2',
    kind: 'audit',
    status: 'rejected',
    reason: '页面内容不完整 · The pages are incomplete',
    payload: { version: '1.0.2' },
  },
];

/**
 * Issue #46: every screen the owner can open, the login page, the storefront, the pay page and the
 * sandboxes a person plays the other side in (the checkout, the mini-program platform's pages, the
 * marketplace's buyer, the storefront's SMS phone) have no serious or critical violation of
 * axe-core's WCAG 2.1 A and AA rules; so do the sandbox printer's receipts. It only reads, except
 * for an unpaid recharge of ¥1.00 whose pay pages it opens, a storefront code sent to a phone of
 * its own and a sandbox printer of its own with a test page.
 *
 * Where the time goes (measured on the 2-core machine): a screen opened inside the signed-in app
 * takes 0.2–0.5 s to draw, axe's own run 0.1–0.3 s. One signed-in page walks every screen by the
 * router (no reload, no sign-in per screen), and axe-core is put in it once and run as it stands,
 * for violations only: @axe-core/playwright's AxeBuilder evaluated axe's source in the page twice
 * per screen (the walk took 243 s with it, 132 s without, at "JS workload 132 ms"), and before its
 * legacy mode it opened a blank page per screen to merge results (1.3–1.6 s more each).
 */
const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** A screen kept mounted behind its tab: hidden (`inert`, `aria-hidden`), not what is on show. */
const HIDDEN_VIEW = '.view-host__view[inert]';

/** A value for a path parameter: the first of the values its screen knows. */
function pathOf(route: RouteDef): string | undefined {
  if (!route.path.startsWith('/')) return undefined; // an external link
  const active = route.meta?.activeMenu;
  return route.path.replace(/:(\w+)/g, (_, param: string) =>
    active && typeof active === 'object' && active.param === param
      ? Object.keys(active.paths)[0]!
      : '12',
  );
}

/** Every screen of the route catalog (the template demos too: the owner can open them). */
const screens = [...walkRoutes(routeCatalog)]
  .filter(({ route }) => route.name && !route.children?.length)
  .map(({ route }) => pathOf(route))
  .filter((path): path is string => !!path);

/**
 * Dark mode changes colours only, and every colour comes from the theme's tokens through the kit's
 * components, so one screen of each kind shows them all: the dashboard (cards, charts, to-dos), a
 * list screen (filters, table, tags, pagination), a form, a store's settings, the balance
 * (statistics, a statement), the printers, the log, a warning with a link in it (publishing the
 * mini-program), status dots and tags (the accounts) and the theme demo (every kind of control).
 * Dark's own failures so far were all of these kinds (links, tags, the selected menu item).
 */
const DARK_SCREENS = [
  '/dashboard',
  '/goods-list',
  '/goods-store',
  '/website-setting',
  '/cost-center',
  '/printer',
  '/operation-log',
  '/mini-program-publish',
  '/permission-account',
  '/theme/index',
];

/** The serious and critical violations on the page, one line per rule and up to 5 elements. */
async function violations(page: Page, scope?: string) {
  // Once per page: it stays while the walk moves by the router (see above).
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const result: AxeResults = await page.evaluate(
    ({ scope, hidden, tags }) =>
      (window as unknown as { axe: typeof axe }).axe.run(
        scope ? { include: [scope], exclude: [hidden] } : document,
        { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] },
      ),
    { scope, hidden: HIDDEN_VIEW, tags: WCAG },
  );
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}, ${v.nodes.length}×): ${v.help}\n${v.nodes
          .slice(0, 5)
          .map(
            (n) =>
              `    ${n.target.join(' ')}: ${(n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 300)}`,
          )
          .join('\n')}`,
    );
}

/** Waits until nothing on the page is still loading: no spinner, skeleton or route progress. */
async function settled(page: Page) {
  await expect(
    page.locator('.ant-spin-spinning:visible, .ant-skeleton-active:visible, .route-progress'),
  ).toHaveCount(0);
}

async function expectAccessible(page: Page, what: string, scope?: string) {
  const found = await violations(page, scope);
  expect(found, `${what}:\n${found.join('\n')}`).toEqual([]);
}

/**
 * Opens each path in the signed-in app as its menu would (the router, no reload), audits what
 * shows (the shell and the screen), closes the screen's tab and goes on; answers every screen's
 * violations, and any console error or failed screen on the way (a late error is named with the
 * screen after it), so that one run lists them all.
 */
async function auditScreens(page: Page, paths: readonly string[]) {
  const failures: string[] = [];
  const errors = watchConsole(page);
  let previous: string | undefined;
  for (const path of paths) {
    await page.evaluate((to) => {
      history.pushState(null, '', to);
      dispatchEvent(new PopStateEvent('popstate'));
    }, path);
    await expect(
      page.locator(`.view-host__view[data-view="${path}"]:not([inert])`),
    ).not.toBeEmpty();
    // The screen left stays mounted while its tab is open: closed, it leaves the page (a middle
    // click on its tab), as 125 mounted screens would slow every later one.
    if (previous)
      await page
        .locator(`[role=tab][data-path="${previous}"]`)
        .dispatchEvent('mouseup', { button: 1 });
    previous = path;
    await settled(page);
    const shown = page.locator(`.view-host__view[data-view="${path}"]`);
    if ((await shown.getByText('页面加载失败').count()) > 0) failures.push(`${path}: 页面加载失败`);
    const found = await violations(page, '#root');
    if (found.length) failures.push(`${path}:\n${found.join('\n')}`);
    if (errors.length) failures.push(`${path}: console: ${errors.splice(0).join(' | ')}`);
  }
  return failures;
}

test('every screen of the route catalog draws, without a console error, in light', async ({
  page,
}) => {
  test.setTimeout(6 * 60_000);
  await signedIn(page);
  const failures = await auditScreens(page, screens);
  expect(failures, failures.join('\n')).toEqual([]);
});

test('a screen of each kind, in dark', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await signedIn(page);
  const failures = await auditScreens(page, DARK_SCREENS);
  expect(failures, failures.join('\n')).toEqual([]);
});

for (const scheme of ['light', 'dark'] as const)
  test.describe(scheme, () => {
    test.use({ colorScheme: scheme });

    test('the login page', async ({ page }) => {
      await page.goto('/login');
      await expect(page.getByPlaceholder('请输入账号')).toBeVisible();
      await settled(page);
      await expectAccessible(page, '/login', '#root');
    });

    test('the storefront', async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto('/shop/1');
      await expect(page.locator('.shop-header')).toBeVisible();
      await settled(page);
      await expectAccessible(page, '/shop/1', '#root');
    });

    test('the recharge pay page and the sandbox checkout', async ({ page, baseURL }) => {
      const token = await signedIn(page);
      const order = await api(page, token, '/admin/cost-center/recharge', {
        amount: '1.00',
        method: 'alipay',
      });
      await page.goto(`/recharge-pay?no=${order.orderNo}`);
      // It waits for the payment with a small spinner beside the code, for as long as it shows.
      await expect(page.locator('.ant-qrcode')).toBeVisible();
      await expectAccessible(page, '/recharge-pay', '#root');
      await page.goto(new URL(order.qrCode, baseURL).pathname);
      await expect(page.getByRole('button', { name: /确认支付/ })).toBeVisible();
      await settled(page);
      await expectAccessible(page, 'the sandbox checkout');
    });

    test('the sandbox mini-program platform’s pages', async ({ page }) => {
      // As served: a page path's, a version's experience page, a task it does not know.
      for (const path of [
        '/sandbox/mini-program/open?appid=wx0123456789abcdef&path=pages%2Findex%2Findex',
        '/sandbox/mini-program/experience/wx0123456789abcdef/1.0.2',
        '/sandbox/mini-program/task/MPT00000000000000ff',
      ]) {
        await page.goto(path);
        await expect(page.locator('.sandbox')).toBeVisible();
        await expectAccessible(page, path);
      }
      for (const { error, ...task } of SANDBOX_TASKS) {
        await page.setContent(taskPage(task as never, error));
        await expect(page.locator('.state')).toBeVisible();
        await expectAccessible(page, `a ${task.kind} task ${task.status}`);
      }
    });

    test('the sandbox marketplace’s buyer panel', async ({ page }) => {
      await signedIn(page, '/orders-list');
      await page.getByRole('button', { name: '沙箱平台' }).click();
      const panel = page.getByRole('dialog', { name: '沙箱平台 · 模拟买家' });
      await expect(panel).toBeVisible();
      await settled(page);
      await expectAccessible(page, 'the sandbox marketplace', '.ant-drawer');
    });

    test('the sandbox printer’s receipts', async ({ page }) => {
      const r = Math.random().toString(36).slice(2, 8);
      const token = await signedIn(page);
      const printer = await api(page, token, '/admin/printer/create', {
        name: `无障碍小票机${r}`,
        brand: 'sandbox',
        serial: `SB-A11Y${r}`,
        copies: 1,
        paper: '58',
        autoPrint: false,
      });
      await api(page, token, '/admin/printer/test-print', { id: printer.id });
      await page.goto(`/printer?keyword=${r}`);
      await page
        .locator('tr.ant-table-row:visible')
        .filter({ hasText: `无障碍小票机${r}` })
        .getByRole('button', { name: '打印记录' })
        .click();
      const log = page.getByRole('dialog', { name: `无障碍小票机${r} 的打印记录` });
      await expect(log.getByTestId('receipt').first()).toContainText('打印测试页');
      await settled(page);
      await expectAccessible(
        page,
        'the sandbox printer’s receipts',
        '.ant-modal-wrap, .ant-drawer',
      );
    });

    test('the storefront’s sandbox SMS phone', async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto('/shop/1');
      await page.getByRole('button', { name: '成为分销员' }).click();
      const form = page.getByTestId('verify-phone').filter({ visible: true });
      await form
        .getByLabel('手机号')
        .fill(`137${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`);
      await form.getByRole('button', { name: '获取验证码' }).click();
      await expect(form.getByTestId('sandbox-sms')).toContainText(/验证码是 \d{6}/);
      await settled(page);
      await expectAccessible(page, 'the storefront’s SMS sandbox');
    });
  });
