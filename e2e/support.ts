import { type Browser, expect, type Page, test } from '@playwright/test';
import { E2E_ADMIN_PASSWORD } from '../playwright.config';
import { TOKEN_COOKIE } from '../src/shared/constants';
import { checkDigit } from '../src/shared/gtin';

export const OWNER = { name: 'admin', password: E2E_ADMIN_PASSWORD, realname: '店铺管理员' };

/** Signs in through the login page and waits for the dashboard. */
export async function signIn(page: Page, name = OWNER.name, password = OWNER.password) {
  await page.goto('/login');
  await page.getByPlaceholder('请输入账号').fill(name);
  await page.getByPlaceholder('请输入密码').fill(password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('account-menu')).toBeVisible();
}

/**
 * Signed in without the login page (a token from the API in the `Admin-Token` cookie, as the
 * login page leaves it), on `path` with the shell drawn; answers the token, for setting up state
 * through the API. The login page's own flows are e2e/foundation.spec.ts's: the rest start here,
 * which spares each test a load of the login page and of the dashboard.
 */
export async function signedIn(
  page: Page,
  path = '/dashboard',
  account: { name: string; password: string } = OWNER,
) {
  const token = await apiToken(page, account.name, account.password);
  const { baseURL } = test.info().project.use;
  await page
    .context()
    .addCookies([{ name: TOKEN_COOKIE, value: token, url: baseURL!, sameSite: 'Strict' }]);
  await page.goto(path);
  await expect(page.getByTestId('account-menu')).toBeVisible();
  return token;
}

/** A token straight from the API (for setting up state without the UI). */
export async function apiToken(page: Page, name = OWNER.name, password = OWNER.password) {
  const response = await page.request.post('/admin/auth/login', { data: { name, password } });
  const body = await response.json();
  expect(body.code).toBe(200);
  return body.data.token as string;
}

/** A call on the API as the signed-in account (setting up state), its answer's data; it must succeed. */
export async function api(page: Page, token: string, url: string, data: unknown = {}) {
  const body = await (
    await page.request.post(url, { data, headers: { authorization: `Bearer ${token}` } })
  ).json();
  expect(body.code, `${url}: ${body.msg}`).toBe(200);
  return body.data;
}

/** A customer's phone (390 × 844, Chinese): a page in a context of its own, closed with it. */
export async function customerPhone(browser: Browser) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    locale: 'zh-CN',
  });
  return context.newPage();
}

/**
 * Verifies `phone` in the storefront's form (the one showing, in a drawer or in place): the code
 * asked for, read from the SMS sandbox's phone on the page, entered.
 */
export async function verifyStorefrontPhone(customer: Page, phone: string) {
  const form = customer.getByTestId('verify-phone').filter({ visible: true });
  await form.getByLabel('手机号').fill(phone);
  await form.getByRole('button', { name: '获取验证码' }).click();
  const sms = form.getByTestId('sandbox-sms');
  await expect(sms).toContainText(/验证码是 \d{6}/);
  const code = /验证码是 (\d{6})/.exec((await sms.textContent()) ?? '')![1]!;
  await form.getByLabel('6 位验证码').fill(code);
  await form.getByRole('button', { name: /^验\s*证$/ }).click();
  await expect(customer.getByTestId('shop-me')).toContainText(
    `已验证手机 ${phone.slice(0, 3)}****${phone.slice(-4)}`,
  );
}

/** A UPC-A code nobody else's test holds: 11 random digits and their check digit. */
export function randomUpc() {
  const body = `7${String(Math.floor(Math.random() * 1e10)).padStart(10, '0')}`;
  return `${body}${checkDigit(body)}`;
}

/**
 * Two live sandbox listings (a goods of two sizes, 10 of each, sent to Amazon US, as
 * e2e/feeds.spec.ts plays it on screen), set up through the API: M at (72 × 1.3 + 5) ÷ 7.2 =
 * 13.70, L at (100 × 1.3 + 5) ÷ 7.2 = 18.75, SKUs `<prefix><suffix>-M` and `-L`. Answers their
 * SKUs and the goods.
 */
export async function twoLiveListings(page: Page, token: string, suffix: string, prefix = 'LB') {
  const setting = await api(page, token, '/admin/goods-setting/create', {
    name: `批量测试美国站${suffix}`,
    marketplace: 'amazon',
    site: 'US',
    currency: 'USD',
    exchangeRate: '7.2',
    markupPercent: '30',
    fixedFee: '5',
    defaultStock: 20,
  });
  const category = await api(page, token, '/admin/goods-category/create', {
    name: `批量测试${suffix}`,
  });
  const codes = [randomUpc(), randomUpc()];
  await api(page, token, '/admin/goods-upc/import-codes', { codes: codes.join('\n') });
  const goods = await api(page, token, '/admin/goods/create', {
    title: `批量测试平底锅${suffix}`,
    categoryId: category.id,
    images: ['https://img.example.com/pan.jpg'],
    bulletPoints: ['不粘'],
  });
  const skus = [`${prefix}${suffix}-M`, `${prefix}${suffix}-L`] as [string, string];
  await api(page, token, '/admin/goods/variants/save', {
    goodsId: goods.id,
    attributes: [{ name: '尺码', values: ['M', 'L'] }],
    variants: ['M', 'L'].map((size, i) => ({
      options: { 尺码: size },
      sellerSku: skus[i],
      upc: codes[i],
      cost: i === 0 ? '72.00' : '100.00',
      price: '99.00',
      stock: 10,
      weight: 500,
    })),
  });
  await api(page, token, '/admin/goods/ready', { ids: [goods.id] });
  const sent = await api(page, token, '/admin/feeds/send', {
    settingId: setting.id,
    goodsIds: [goods.id],
  });
  await expect
    .poll(async () => (await api(page, token, '/admin/feeds/detail', { id: sent.id })).status, {
      timeout: 30_000,
    })
    .toBe('done');
  return { skus, goodsId: goods.id as number, title: `批量测试平底锅${suffix}` };
}

/**
 * A browser keeps a page's audio suspended until someone clicks it (after opening or reloading it);
 * headless Chromium does not, so the page is given an AudioContext that does, and that counts the
 * chimes it plays.
 */
export function suspendAudioUntilClicked(page: Page) {
  return page.addInitScript(() => {
    const Real = window.AudioContext;
    const played = { chimes: 0 };
    (window as unknown as { played: typeof played }).played = played;
    window.AudioContext = class extends Real {
      allowed = false;
      override get state() {
        return this.allowed ? super.state : 'suspended';
      }
      override async resume() {
        this.allowed = true;
        await super.resume();
        this.dispatchEvent(new Event('statechange'));
      }
      override createOscillator() {
        played.chimes += 1;
        return super.createOscillator();
      }
    };
  });
}

/** Console errors and uncaught ones, but those the error-log demo raises on purpose. */
export function watchConsole(page: Page) {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !/Demo error|Demo promise/.test(message.text()))
      errors.push(message.text());
  });
  page.on('pageerror', (error) => {
    if (!/Demo error|Demo promise/.test(error.message)) errors.push(error.message);
  });
  return errors;
}

/** The shared store open for orders, every day (the specs' own store settings aside). */
export async function openStore(page: Page, token: string) {
  const details = await api(page, token, '/admin/store/get');
  await api(page, token, '/admin/store/update', {
    id: details.id,
    status: 'open',
    hours: { ...details.hours, exceptions: [] },
  });
}

/** The store open, and paid at its counter by a pay manner of this name. */
export async function openStoreWithCounter(page: Page, token: string, name: string) {
  await openStore(page, token);
  await api(page, token, '/admin/pay-manner/create', { kind: 'counter', name, enabled: true });
}
