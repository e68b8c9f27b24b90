import { expect, test } from '@playwright/test';
import { api, signedIn, twoLiveListings } from './support';

test('listings: a variation family shows as one — 父体 with its theme, 子体 naming it; a parent alone is not sold', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`.toUpperCase();
  const token = await signedIn(page);
  // A goods of two sizes sent through a feed: the parent <first sku>-PARENT and a child a size.
  const {
    skus: [m, l],
  } = await twoLiveListings(page, token, suffix, 'LF');
  const parentSku = `${m}-PARENT`;

  await page.goto(`/listing?keyword=LF${suffix}`);
  // A row by its own SKU (the button opening it): a child names its parent's SKU too.
  const row = (sku: string) =>
    page
      .locator('tr.ant-table-row:visible')
      .filter({ has: page.getByRole('button', { name: sku, exact: true }) });
  // The parent: 父体 with its theme in words, no price or stock of its own.
  await expect(row(parentSku)).toContainText('父体');
  await expect(row(parentSku)).toContainText('尺码');
  await expect(row(parentSku).getByTitle('父体不单独销售，没有自己的售价和库存')).toHaveCount(2);
  // The children: 子体, each naming its parent, with their own price.
  for (const child of [m, l]) {
    await expect(row(child)).toContainText('子体');
    await expect(row(child)).toContainText(`属于 ${parentSku}`);
  }
  await expect(row(m)).toContainText('13.70');

  // A child's drawer names its parent; a parent's lists its children.
  await row(m).getByRole('button', { name: '详情' }).click();
  const ownParent = page.getByRole('region', { name: '所属父体' });
  await expect(ownParent).toContainText(parentSku);
  await expect(ownParent).toContainText('尺码');
  await page.keyboard.press('Escape');
  await expect(ownParent).toBeHidden();
  await row(parentSku).getByRole('button', { name: '详情' }).click();
  const children = page.getByRole('region', { name: '子体（2）' });
  await expect(children).toContainText(m);
  await expect(children).toContainText(l);
  await expect(children).toContainText('18.75 USD');
  await page.keyboard.press('Escape');
  await expect(children).toBeHidden();

  // The child's link to its parent: the list shows the whole family, and nothing else.
  await row(l)
    .getByRole('link', { name: `属于 ${parentSku}` })
    .click();
  await expect(page).toHaveURL(new RegExp(`parentSku=${parentSku}`));
  await expect(page.locator('tr.ant-table-row:visible')).toHaveCount(3);

  // Only the parent chosen: 下架 and 批量改价 say that a parent is not sold, instead of nothing.
  await row(parentSku).getByRole('checkbox').check();
  await page.getByRole('button', { name: '下架（1）' }).click();
  await expect(page.getByText(/所选都是变体父体/)).toBeVisible();
  await expect(page.getByRole('dialog').filter({ hasText: '下架这 1 个刊登？' })).toHaveCount(0);
  await page.getByRole('button', { name: '批量改价（1）' }).click();
  const dialog = page.getByRole('dialog', { name: '批量修改 1 个刊登的售价' });
  await expect(dialog.getByRole('alert')).toContainText('所选都是变体父体');
  await expect(dialog.getByRole('button', { name: '发送到平台' })).toBeDisabled();
});

test('listings: under the default sort a family comes together — the parent, then its children; a column’s sort is flat', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`.toUpperCase();
  const token = await signedIn(page);
  // Two families, one after the other (both titles hold the suffix), then a child of the first
  // changed: by time alone the second family would sit between the first one's rows.
  const first = await twoLiveListings(page, token, suffix, 'LF');
  const second = await twoLiveListings(page, token, `${suffix}G`, 'LG');
  const [m, l] = first.skus;
  const [child] = (await api(page, token, '/admin/listing/list', { keyword: l })).items;
  await api(page, token, '/admin/listing/update', { id: child.id, stock: 7 });

  await page.goto(`/listing?keyword=${suffix}`);
  const rows = page.locator('tr.ant-table-row:visible');
  await expect(rows).toHaveCount(6);
  const sku = (i: number, name: string | RegExp) =>
    expect(rows.nth(i).getByRole('button', { name, exact: true })).toBeVisible();
  await sku(0, `${m}-PARENT`);
  // The children by the default sort: the one changed last first.
  await sku(1, l);
  await sku(2, m);
  await sku(3, `${second.skus[0]}-PARENT`);
  for (const i of [4, 5]) await sku(i, new RegExp(`^LG${suffix}G-[ML]$`));

  // Sorted by SKU (the column's header): flat, a family's children before their parent.
  await page.getByRole('columnheader', { name: /SKU/ }).click();
  await expect(page).toHaveURL(/sort=sellerSku/);
  await sku(0, l);
  await sku(1, m);
  await sku(2, `${m}-PARENT`);
});
