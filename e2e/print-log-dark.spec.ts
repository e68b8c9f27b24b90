import { expect, test } from '@playwright/test';
import { api, signedIn } from './support';

/** The relative luminance of a CSS rgb() colour (WCAG). */
function luminance(rgb: string) {
  const [r, g, b] = (rgb.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => {
    const c = Number(v) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** Issue #44: in dark mode the print log's receipts were blank (the theme's white text on paper). */
test('dark mode: a receipt in the print log reads dark on its paper', async ({ page }) => {
  const r = `${Date.now() % 100_000}`;
  const token = await signedIn(page);
  const printer = await api(page, token, '/admin/printer/create', {
    name: `暗色小票机${r}`,
    brand: 'sandbox',
    serial: `SB-DARK${r}`,
    copies: 1,
    paper: '58',
    autoPrint: false,
  });
  await api(page, token, '/admin/printer/test-print', { id: printer.id });
  await page.evaluate(() => {
    const settings = JSON.parse(localStorage.getItem('settings') ?? '{"state":{},"version":1}');
    settings.state.dark = true;
    localStorage.setItem('settings', JSON.stringify(settings));
  });
  await page.goto('/printer');
  const row = page.locator('tr.ant-table-row:visible').filter({ hasText: `暗色小票机${r}` });
  await row.getByRole('button', { name: '打印记录' }).click();
  const receipt = page
    .getByRole('dialog', { name: `暗色小票机${r} 的打印记录` })
    .getByTestId('receipt')
    .first();
  await expect(receipt).toContainText('打印测试页');
  const { color, background } = await receipt.evaluate((el) => {
    const style = getComputedStyle(el);
    return { color: style.color, background: style.backgroundColor };
  });
  const [light, dark] = [luminance(background), luminance(color)].sort((a, b) => b - a);
  // WCAG AA for text: a contrast of 4.5 at least (white on the paper was about 1.0).
  expect((light! + 0.05) / (dark! + 0.05)).toBeGreaterThan(4.5);
});
