import { expect, test } from '@playwright/test';
import { api, signedIn } from './support';

test('goods: 生成 SKU fills the empty seller SKUs from a rule and marks one another goods holds before saving', async ({
  page,
}) => {
  const r = Math.random().toString(36).slice(2, 7).toUpperCase();
  const token = await signedIn(page);
  // Another goods already holds R<r>-M.
  const other = await api(page, token, '/admin/goods/create', { title: `规则占用锅${r}` });
  await api(page, token, '/admin/goods/variants/save', {
    goodsId: other.id,
    attributes: [],
    variants: [
      {
        options: {},
        sellerSku: `R${r}-M`,
        upc: '',
        cost: '1.00',
        price: '2.00',
        stock: 1,
        weight: 1,
      },
    ],
  });
  const goods = await api(page, token, '/admin/goods/create', { title: `规则测试锅${r}` });

  await page.goto(`/goods-store?id=${goods.id}`);
  await page.getByRole('button', { name: '添加属性' }).click();
  await page.getByLabel('属性名，如 颜色 1').fill('尺码');
  await page.getByLabel('属性值，输入后按回车 1').fill('M,L,XL,');
  await page.getByRole('button', { name: '生成规格表' }).click();
  const grid = page.locator('.ant-table-tbody tr.ant-table-row:visible');
  await expect(grid).toHaveCount(3);
  // One SKU typed by hand stays as it is.
  await page.getByLabel('卖家 SKU 3').fill(`R${r}-BIG`);

  // A placeholder naming no attribute is said, and nothing is filled.
  const rule = page.getByLabel('SKU 规则', { exact: true });
  await rule.fill(`R${r}-{颜色}`);
  await page.getByRole('button', { name: '生成 SKU' }).click();
  await expect(page.getByText('规则中的 {颜色} 不是属性名')).toBeVisible();
  await expect(page.getByLabel('卖家 SKU 1')).toHaveValue('');

  await rule.fill(`R${r}-{尺码}`);
  await page.getByRole('button', { name: '生成 SKU' }).click();
  await expect(page.getByLabel('卖家 SKU 1')).toHaveValue(`R${r}-M`);
  await expect(page.getByLabel('卖家 SKU 2')).toHaveValue(`R${r}-L`);
  await expect(page.getByLabel('卖家 SKU 3')).toHaveValue(`R${r}-BIG`);
  // R<r>-M is the other goods': said on its row before any save.
  await expect(page.getByRole('alert').filter({ hasText: 'M：' })).toContainText(
    '已存在，不能重复',
  );
  await expect(page.getByLabel('卖家 SKU 1')).toHaveClass(/ant-input-status-error/);

  await page.getByLabel('卖家 SKU 1').fill('');
  await rule.fill(`R${r}-{尺码}-{序号:2}`);
  await page.getByRole('button', { name: '生成 SKU' }).click();
  await expect(page.getByLabel('卖家 SKU 1')).toHaveValue(`R${r}-M-01`);
  await expect(page.getByText('已生成 1 个卖家 SKU')).toBeVisible();
  await page.getByRole('button', { name: '保存规格' }).click();
  await expect(page.getByText('规格已保存')).toBeVisible();

  // The rule is remembered for the next goods.
  await page.reload();
  await expect(page.getByLabel('SKU 规则', { exact: true })).toHaveValue(`R${r}-{尺码}-{序号:2}`);
});

test("goods: a variant takes one of the goods' images as its own, kept by the save", async ({
  page,
}) => {
  const r = Math.random().toString(36).slice(2, 7).toUpperCase();
  const token = await signedIn(page);
  // Pictures the page draws without the network: the app's own icon, at two addresses.
  const images = ['a', 'b'].map((v) => new URL(`/favicon.svg?${v}`, page.url()).href);
  const goods = await api(page, token, '/admin/goods/create', {
    title: `图片规格锅${r}`,
    images,
  });
  await api(page, token, '/admin/goods/variants/save', {
    goodsId: goods.id,
    attributes: [{ name: '颜色', values: ['红', '蓝'] }],
    variants: ['红', '蓝'].map((c) => ({
      options: { 颜色: c },
      sellerSku: `PIC${r}-${c === '红' ? 'R' : 'B'}`,
      upc: '',
      cost: '1.00',
      price: '2.00',
      stock: 1,
      weight: 1,
    })),
  });

  await page.goto(`/goods-store?id=${goods.id}`);
  await page.getByRole('button', { name: '图片 2', exact: true }).click();
  await page.getByRole('button', { name: '选用第 2 张 图片 2' }).click();
  await expect(
    page.getByRole('button', { name: '图片 2', exact: true }).locator('img'),
  ).toHaveAttribute('src', images[1]!);
  await expect(page.getByText('规格表有未保存的修改')).toBeVisible();
  await page.getByRole('button', { name: '保存规格' }).click();
  await expect(page.getByText('规格已保存')).toBeVisible();

  const saved = await api(page, token, '/admin/goods/variants', { goodsId: goods.id });
  expect(saved.variants.map((v: { image: string }) => v.image)).toEqual(['', images[1]]);
  await page.reload();
  await expect(
    page.getByRole('button', { name: '图片 2', exact: true }).locator('img'),
  ).toHaveAttribute('src', images[1]!);
  await expect(
    page.getByRole('button', { name: '图片 1', exact: true }).locator('img'),
  ).toHaveCount(0);
});
