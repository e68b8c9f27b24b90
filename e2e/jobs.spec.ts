import { expect, test } from '@playwright/test';
import { api, signedIn } from './support';

test('background jobs: a recharge’s check is listed in the UI’s language, found by state, opened, and not discarded while queued', async ({
  page,
}) => {
  const token = await signedIn(page);
  // A recharge not yet paid: the cost centre queues a check of it at the gateway.
  const recharge = await api(page, token, '/admin/cost-center/recharge', {
    amount: '12.00',
    method: 'alipay',
  });

  await page.goto('/job-list');
  const rows = page.locator('tr.ant-table-row:visible');
  const row = rows.filter({ hasText: recharge.orderNo });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('充值到账查询');
  await expect(row).toContainText('排队中');

  // Only the failed ones: none, and the empty list offers to clear the filter.
  const filters = page.getByRole('search', { name: '筛选' });
  await filters.getByRole('combobox', { name: '状态' }).click();
  await page.locator('.ant-select-item-option').filter({ hasText: '失败' }).click();
  await filters.getByRole('button', { name: /查\s*询/ }).click();
  await expect(page).toHaveURL(/state=failed/);
  await expect(page.locator('.ant-empty-description')).toHaveText('没有符合筛选条件的记录');
  await page.getByRole('button', { name: /清除筛选/ }).click();
  await expect(row).toHaveCount(1);

  // Its detail: what it is about and where it stands.
  await row.getByRole('button', { name: /充值到账查询/ }).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer).toContainText(`orderNo: ${recharge.orderNo}`);
  await expect(drawer).toContainText('最多尝试');
  await page.keyboard.press('Escape');

  // Discarding a job the queue still holds is refused, with the reason.
  await row.getByRole('checkbox').check();
  await page
    .getByRole('button', { name: /删\s*除/ })
    .first()
    .click();
  await page
    .locator('.ant-modal-confirm:visible')
    .getByRole('button', { name: /确\s*定|删\s*除/ })
    .click();
  await expect(page.getByText(/排队中或执行中，不能删除/)).toBeVisible();
  await expect(row).toHaveCount(1);
});
