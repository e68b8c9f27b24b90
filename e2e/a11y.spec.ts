import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { type RouteDef, routeCatalog, walkRoutes } from '../src/shared/routes';
import { api, apiToken, signIn } from './support';

/**
 * Issue #46: every screen the owner can open, the login page, the storefront and the pay pages
 * pass axe-core's WCAG 2.1 A and AA rules with no serious or critical violation, in light and in
 * dark (the system's preference, which the app follows). It only reads, except for an unpaid
 * recharge of ¥1.00 per scheme whose pay pages it opens (no balance or ledger changes).
 */
const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

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

/** Every screen of the route catalog: its path, and whether it is a template demo. */
const screens = [...walkRoutes(routeCatalog)]
  .filter(({ route }) => route.name && !route.children?.length)
  .map(({ route, parents }) => ({
    path: pathOf(route),
    demo: !!route.demo || parents.some((p) => p.demo),
  }))
  .filter((s): s is { path: string; demo: boolean } => !!s.path);

/** The serious and critical violations on the page, one line per rule and up to 5 elements. */
async function violations(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(WCAG).analyze();
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

/** Waits until the screen has drawn: no spinner or skeleton left. */
async function settled(page: Page) {
  await expect(page.locator('#root')).not.toBeEmpty();
  await expect(
    page.locator('.ant-spin-spinning:visible, .ant-skeleton-active:visible, .route-progress'),
  ).toHaveCount(0);
}

async function expectAccessible(page: Page, what: string) {
  await settled(page);
  const found = await violations(page);
  expect(found, `${what}:\n${found.join('\n')}`).toEqual([]);
}

for (const scheme of ['light', 'dark'] as const)
  test.describe(`${scheme}`, () => {
    test.use({ colorScheme: scheme });

    test.describe('signed in', () => {
      for (const screen of screens)
        test(`${screen.path}`, async ({ page }) => {
          await signIn(page);
          await page.goto(screen.path);
          await expect(page.getByTestId('account-menu')).toBeVisible({ timeout: 60_000 });
          await expectAccessible(page, screen.path);
        });
      test('the recharge pay page and the sandbox checkout', async ({ page, baseURL }) => {
        await signIn(page);
        const token = await apiToken(page);
        const order = await api(page, token, '/admin/cost-center/recharge', {
          amount: '1.00',
          method: 'alipay',
        });
        await page.goto(`/recharge-pay?no=${order.orderNo}`);
        await expect(page.locator('.ant-qrcode')).toBeVisible();
        await expectAccessible(page, '/recharge-pay');
        await page.goto(new URL(order.qrCode, baseURL).pathname);
        await expect(page.getByRole('button', { name: /确认支付/ })).toBeVisible();
        await expectAccessible(page, 'the sandbox checkout');
      });
    });

    test('the login page', async ({ page }) => {
      await page.goto('/login');
      await expect(page.getByPlaceholder('请输入账号')).toBeVisible();
      await expectAccessible(page, '/login');
    });

    test('the storefront', async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto('/shop/1');
      await expect(page.locator('.shop-header')).toBeVisible({ timeout: 60_000 });
      await expectAccessible(page, '/shop/1');
    });
  });
