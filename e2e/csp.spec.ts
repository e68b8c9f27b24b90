import { expect, test } from '@playwright/test';
import { signedIn } from './support';

test('the form pages run without a Content-Security-Policy violation', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(
        `Refused to: ${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}:${event.columnNumber} (${location.pathname})`,
      ),
    );
  });
  await signedIn(page, '/change-password');
  await page
    .getByRole('button', { name: /保\s*存|确\s*定|修改/ })
    .first()
    .click();
  await page.goto('/website-setting');
  await page.getByRole('button', { name: /保\s*存/ }).click();
  // A list of its own: other tests count the news list's articles.
  await page.goto('/article-store/9');
  await page.getByRole('textbox', { name: /^(\* )?标题$/ }).fill('没有违规');
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page).toHaveURL(/\/compliance-train/);
  await page.goto('/client-list');
  await page.getByRole('button', { name: '新增客户' }).click();
  await page.getByRole('dialog').getByRole('textbox', { name: /姓名/ }).fill('无违规');
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /保\s*存/ })
    .click();
  await expect(page.locator('tr[data-row-key]').filter({ hasText: '无违规' })).toBeVisible();
  expect(violations).toEqual([]);
});
