import path from 'node:path';
import { expect, test } from '@playwright/test';
import { signIn } from './support';

test('houses: a broker, a listing with photos whose unit price shows as its total is typed, reserved then sold, found by range filters and counted on the broker', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const r = test.info().retry ? `-${test.info().retry}` : '';
  await signIn(page);
  const rows = page.locator('tr.ant-table-row:visible');
  const save = page.getByRole('button', { name: /保\s*存/ });

  await page.goto('/broker');
  await page.getByRole('button', { name: '新增经纪人' }).click();
  await expect(page).toHaveURL(/\/broker-store$/);
  await page.getByLabel('姓名').fill(`张经理${r}`);
  await page.getByLabel('手机号').fill(`136${String(Date.now()).slice(-8)}`);
  await page.getByLabel('所属门店').fill('徐汇店');
  await save.click();
  await expect(page).toHaveURL(/\/broker$/);
  const agent = rows.filter({ hasText: `张经理${r}` });
  await expect(agent).toContainText('徐汇店');

  await page.goto('/second-hand-house');
  await page.getByRole('button', { name: '新增房源' }).click();
  await expect(page).toHaveURL(/\/second-hand-house-store$/);
  await page.getByLabel('标题').fill(`阳光花园三居${r}`);
  await page.getByLabel('小区').fill('阳光花园');
  await page.getByLabel('区域').fill('徐汇');
  await page.getByRole('spinbutton', { name: '室' }).fill('3');
  await page.getByRole('spinbutton', { name: '面积（㎡）' }).fill('89.5');
  // The unit price follows the total as it is typed.
  const unitPrice = page.getByTestId('unit-price');
  await page.getByRole('spinbutton', { name: '总价（万元）' }).fill('350');
  await expect(unitPrice).toHaveText('单价约 39,106 元/㎡');
  await page.getByRole('spinbutton', { name: '总价（万元）' }).fill('358');
  await expect(unitPrice).toHaveText('单价约 40,000 元/㎡');
  await page
    .getByTestId('upload-照片')
    .setInputFiles([
      path.join(import.meta.dirname, 'fixtures/cover.png'),
      path.join(import.meta.dirname, 'fixtures/cover.png'),
    ]);
  await expect(page.locator('.ant-image img')).toHaveCount(2);
  await page.getByRole('combobox', { name: '经纪人' }).fill('张经理');
  await page
    .locator('.ant-select-item-option')
    .filter({ hasText: `张经理${r}` })
    .click();
  await save.click();
  await expect(page).toHaveURL(/\/second-hand-house$/);
  const house = rows.filter({ hasText: `阳光花园三居${r}` });
  await expect(house).toContainText('¥40,000.00');
  await expect(house).toContainText('在售');
  await house.getByRole('button', { name: '预订' }).click();
  await expect(house).toContainText('已预订');
  await house.getByRole('button', { name: '成交' }).click();
  await expect(house).toContainText('已成交');

  // Found in the house list by a buyer's ranges: 300–400 万, from 80 m², 3 rooms, sold, the
  // broker; not by 400 万 and up.
  await page.goto('/house-list');
  const found = rows.filter({ hasText: `阳光花园三居${r}` });
  const filters = page.getByRole('search');
  const range = (label: string) => filters.getByRole('group', { name: label });
  await range('总价（万元）').getByLabel('总价（万元）（最低）').fill('300');
  await range('总价（万元）').getByLabel('总价（万元）（最高）').fill('400');
  await range('面积（㎡）').getByLabel('面积（㎡）（最低）').fill('80');
  await range('室').getByLabel('室（最低）').fill('3');
  await filters.getByRole('combobox', { name: '状态' }).click();
  await page.locator('.ant-select-item-option').filter({ hasText: '已成交' }).click();
  await filters.getByRole('button', { name: /查\s*询/ }).click();
  await expect(page).toHaveURL(/totalPriceRange=300%2C400/);
  await expect(found).toHaveCount(1);
  await expect(found).toContainText('二手房');
  await expect(found).toContainText(`张经理${r}`);
  await range('总价（万元）').getByLabel('总价（万元）（最低）').fill('400');
  await range('总价（万元）').getByLabel('总价（万元）（最高）').fill('');
  await filters.getByRole('button', { name: /查\s*询/ }).click();
  await expect(page).toHaveURL(/totalPriceRange=400%2C(&|$)/);
  await expect(found).toHaveCount(0);

  // The broker's row counts the sale (its list read again, though it was open before).
  await page.goto('/broker');
  const cell = async (header: string) =>
    agent.locator('td').nth(
      await page
        .locator('th:visible')
        .filter({ hasText: header })
        .evaluate((th) => (th as HTMLTableCellElement).cellIndex),
    );
  await expect(await cell('已成交')).toHaveText('1');
  await expect(await cell('在售房源')).toHaveText('0');

  // The same place typed again: the form warns before saving, naming the listing there.
  await page.goto('/second-hand-house');
  await page.getByRole('button', { name: '新增房源' }).click();
  await page.getByLabel('小区').fill('阳光花园');
  await page.getByRole('spinbutton', { name: '面积（㎡）' }).fill('89.50');
  await expect(page.getByTestId('duplicates')).toContainText(`阳光花园三居${r}`);
  await page.getByRole('spinbutton', { name: '面积（㎡）' }).fill('90');
  await expect(page.getByTestId('duplicates')).toHaveCount(0);
});

test('a new-house project with its unit types, opened for sale', async ({ page }) => {
  const r = test.info().retry ? `-${test.info().retry}` : '';
  await signIn(page);
  await page.goto('/new-house');
  await page.getByRole('button', { name: '新增楼盘' }).click();
  const form = page.getByRole('dialog');
  await form.getByLabel('楼盘名称').fill(`滨江壹号${r}`);
  await form.getByLabel('区域').fill('浦东');
  await form.getByRole('button', { name: '添加户型' }).click();
  await form.getByLabel('户型', { exact: true }).fill('三室两厅');
  await form.getByLabel('面积（㎡）').fill('89');
  await form.getByLabel('总价（万元起）').fill('350');
  await form.getByRole('button', { name: /保\s*存/ }).click();
  const project = page.locator('tr.ant-table-row:visible').filter({ hasText: `滨江壹号${r}` });
  await expect(project).toContainText('待开盘');
  await project.getByRole('button', { name: '开盘' }).click();
  await expect(project).toContainText('在售');
  await project.getByRole('button', { name: `滨江壹号${r}` }).click();
  await expect(page.getByRole('dialog')).toContainText('三室两厅 89㎡ 350万起');
});
