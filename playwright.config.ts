import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4173);
export const E2E_ADMIN_PASSWORD = 'E2e-Passw0rd';
/** Where e2e/collection-box.spec.ts serves its fixture product pages (allowed to be collected). */
export const COLLECT_FIXTURE_PORT = 4199;
/** Where e2e/storefront-wechat.spec.ts runs its fake WeChat Pay (the server's WeChat Pay API). */
export const WECHATPAY_FAKE_PORT = 4198;
/** Where e2e/amazon.spec.ts runs its fake SP-API, and the SP-API application the server has. */
export const AMAZON_FAKE_PORT = 4197;
export const AMAZON_E2E_APPLICATION = {
  clientId: 'amzn1.application-oa2-client.e2e',
  clientSecret: 'amzn1.oa2-cs.v1.e2e-secret',
};
/** Headless Debian Chromium in a container: the browser tests and the benchmarks use these. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export default defineConfig({
  testDir: 'e2e',
  timeout: 90_000, // long flows on a two-core machine; a test that hangs still ends
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'zh-CN',
    viewport: { width: 1440, height: 900 },
    // A trace records a screencast of every step, which doubled the browser's CPU time: only a
    // failing test's retry records one (CI retries once).
    trace: 'on-first-retry',
    // The app turns antd's animations off for people who ask their system for less motion
    // (src/web/app/reduced-motion.ts): no test waits for a dialog or menu to finish moving.
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's Chromium, never a downloaded browser.
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
  },
  webServer: {
    command: 'node scripts/start.mjs',
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(os.tmpdir(), `ma-e2e-${process.pid}-${Date.now()}`),
      ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
      LOGIN_MAX_PER_IP: '10000',
      // Every customer of every test comes from 127.0.0.1: the storefront's limits per address
      // (codes sent, partner applications, unpaid orders) are for one address among many.
      SHOP_CODES_PER_IP_HOUR: '10000',
      SHOP_APPLICATIONS_PER_IP_HOUR: '10000',
      SHOP_UNPAID_ORDERS_PER_IP: '10000',
      SHOP_UNPAID_UNITS_PER_IP: '100000',
      LOG_LEVEL: 'warn',
      // Flows end the same way every run: the sandbox marketplace refuses no whole feed.
      MARKETPLACE_SANDBOX_CHAOS: '0',
      // The sandbox marketplace confirms a buyer's payment within a second.
      MARKETPLACE_SANDBOX_PAY_MS: '1000',
      // The sandbox mini-program platform: its first check of a registration takes a second, and
      // its own reviewer never decides before the person on its page (e2e/mini-program.spec.ts).
      MINIPROGRAM_SANDBOX_CHECK_SECONDS: '1',
      MINIPROGRAM_SANDBOX_REVIEW_SECONDS: '3600',
      // The fixture shop e2e/collection-box.spec.ts serves its product pages from.
      COLLECT_ALLOW_HOSTS: `127.0.0.1:${COLLECT_FIXTURE_PORT}`,
      // A merchant's own WeChat Pay: e2e/storefront-wechat.spec.ts's fake answers it and notifies
      // the server at its own address, as WeChat Pay would.
      WECHATPAY_BASE_URL: `http://127.0.0.1:${WECHATPAY_FAKE_PORT}`,
      PAYMENT_NOTIFY_BASE: `http://127.0.0.1:${port}`,
      // Amazon's SP-API for merchants who connect an account: e2e/amazon.spec.ts's fake answers it.
      AMAZON_LWA_CLIENT_ID: AMAZON_E2E_APPLICATION.clientId,
      AMAZON_LWA_CLIENT_SECRET: AMAZON_E2E_APPLICATION.clientSecret,
      AMAZON_LWA_ENDPOINT: `http://127.0.0.1:${AMAZON_FAKE_PORT}/auth/o2/token`,
      AMAZON_SPAPI_ENDPOINT: `http://127.0.0.1:${AMAZON_FAKE_PORT}`,
      AMAZON_FEED_POLL_MS: '500',
    },
  },
});
