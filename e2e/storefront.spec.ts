import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { apiToken, customerPhone, signedIn } from './support';

test('storefront catalogue: a category, a product in it put on sale, and a slide whose link is checked', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // A retry finds the first try's rows: its names differ.
  const r = test.info().retry ? `-${test.info().retry}` : '';
  await signedIn(page);
  const save = page.getByRole('button', { name: /保\s*存/ });
  const rows = page.locator('tr.ant-table-row:visible');

  await page.goto('/category-one');
  await page.getByRole('button', { name: '新增分类' }).click();
  await page.getByLabel('分类名称').fill(`招牌热菜${r}`);
  await save.click();
  await expect(rows.filter({ hasText: `招牌热菜${r}` })).toHaveCount(1);

  await page.goto('/product-list');
  await page.getByRole('button', { name: '新增商品' }).click();
  await expect(page).toHaveURL(/\/product-store$/);
  await page.getByLabel('商品名称').fill(`宫保鸡丁${r}`);
  await page.getByRole('combobox', { name: '分类' }).fill('招牌热菜');
  await page
    .locator('.ant-select-item-option')
    .filter({ hasText: `招牌热菜${r}` })
    .click();
  await page.getByRole('spinbutton', { name: '售价（元）' }).fill('32');
  await page.getByRole('spinbutton', { name: '原价（元）' }).fill('38');
  await page.getByRole('spinbutton', { name: '库存' }).fill('50');
  await save.click();
  await expect(page).toHaveURL(/\/product-list$/);
  const dish = rows.filter({ hasText: `宫保鸡丁${r}` });
  await expect(dish).toContainText(`招牌热菜${r}`);
  await expect(dish).toContainText('已下架');
  await dish.getByRole('button', { name: '上架' }).click();
  await expect(dish).toContainText('在售');

  await page.goto('/carousel');
  await page.getByRole('button', { name: '新增轮播图' }).click();
  await expect(page).toHaveURL(/\/carousel-store\/1$/);
  await page.getByLabel('标题').fill(`开业八折${r}`);
  await page
    .getByTestId('upload-图片')
    .setInputFiles(path.join(import.meta.dirname, 'fixtures/cover.png'));
  await expect(page.locator('.ant-image img')).toHaveAttribute('src', /^\/uploads\//);
  // The link picker: a web address that is not one is refused; then the product, found by name.
  const kind = page.getByRole('combobox', { name: '链接类型' });
  await kind.click();
  await page.locator('.ant-select-item-option').filter({ hasText: '网址' }).click();
  await page.getByPlaceholder('https://').fill('javascript:alert(1)');
  await save.click();
  await expect(page.getByText('请选择商品、文章或页面，或填写 http(s) 网址')).toBeVisible();
  await kind.click();
  await page.locator('.ant-select-item-option').filter({ hasText: '商品' }).click();
  await page.getByRole('combobox', { name: '跳转链接' }).fill('宫保鸡丁');
  await page
    .locator('.ant-select-item-option')
    .filter({ hasText: `宫保鸡丁${r}` })
    .click();
  await save.click();
  await expect(page).toHaveURL(/\/carousel$/);
  const slide = rows.filter({ hasText: `开业八折${r}` });
  await expect(slide).toContainText(`商品宫保鸡丁${r}`);

  // On the storefront, a tap on the slide shows its product.
  await page.goto('/shop/1');
  await page
    .locator('.slick-active')
    .getByRole('button', { name: `开业八折${r}` })
    .click();
  await expect(page.getByTestId(`product-宫保鸡丁${r}`)).toBeInViewport();
});

test('order settings: the form shows the saved rules, keeps a value within its bounds and keeps a change', async ({
  page,
}) => {
  await signedIn(page, '/order-setting');
  const minutes = page.getByRole('spinbutton', { name: '未付款自动取消（分钟）' });
  await expect(minutes).not.toHaveValue('');
  // Below its least, the field takes the least (5 minutes).
  await minutes.fill('2');
  await minutes.blur();
  await expect(minutes).toHaveValue('5');
  await minutes.fill('30');
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('已保存')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('spinbutton', { name: '未付款自动取消（分钟）' })).toHaveValue('30');
});

test('store details: name, notice and a holiday saved; the storefront shows them', async ({
  page,
}) => {
  await signedIn(page, '/detail');
  await page.getByLabel('店铺名称').fill('川味小馆');
  await page.getByLabel('店铺公告').fill('本店新开业，全场八折');
  await expect(page.getByTestId('hours-周一')).toContainText('周一');
  await page.getByRole('button', { name: '添加节假日' }).click();
  // A place off the Earth is refused where it is typed; one west of Greenwich is taken.
  await page.getByRole('spinbutton', { name: '纬度' }).fill('91');
  await expect(page.getByText('不能大于 90')).toBeVisible();
  await page.getByRole('spinbutton', { name: '纬度' }).fill('-33.86882');
  await page.getByRole('spinbutton', { name: '经度' }).fill('-58.381559');
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('已保存')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('店铺名称')).toHaveValue('川味小馆');
  await expect(page.getByRole('textbox', { name: '日期' })).toHaveCount(1);
  await expect(page.getByRole('spinbutton', { name: '经度' })).toHaveValue('-58.381559');
  await page.goto('/shop/1');
  await expect(page.getByRole('heading', { name: '川味小馆' })).toBeVisible();
  await expect(page.getByText('本店新开业，全场八折')).toBeVisible();
  // A table code that names no table of the store's is said, not passed over.
  await page.goto('/shop/1?table=99999');
  await expect(page.getByRole('heading', { name: '川味小馆' })).toBeVisible();
  await expect(page.getByText(/本店没有这个桌号/)).toBeVisible();
});

test('material library: an uploaded image is picked in a product form, and is not deleted while in use', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const r = test.info().retry ? `-${test.info().retry}` : '';
  await signedIn(page);
  const rows = page.locator('tr.ant-table-row:visible');
  await page.goto('/material');
  // A file name of its own: other tests upload cover.png too, and their rows show it in use.
  const file = `noodles-${Date.now().toString(36)}.png`;
  await page.getByTestId('material-upload').setInputFiles({
    name: file,
    mimeType: 'image/png',
    buffer: readFileSync(path.join(import.meta.dirname, 'fixtures/cover.png')),
  });
  await expect(page.getByText('已上传 1 张')).toBeVisible();
  const image = rows.filter({ hasText: file });
  await image.getByRole('button', { name: '编辑' }).click();
  await page.getByRole('textbox', { name: '名称' }).fill(`招牌面照片${r}`);
  await page.getByRole('textbox', { name: /^文件夹/ }).fill('菜品');
  await page.getByRole('button', { name: /保\s*存/ }).click();
  const named = rows.filter({ hasText: `招牌面照片${r}` });
  await expect(named).toContainText('未使用');

  await page.goto('/product-list');
  await page.getByRole('button', { name: '新增商品' }).click();
  await page.getByLabel('商品名称').fill(`素材面${r}`);
  await page.getByRole('spinbutton', { name: '售价（元）' }).fill('18');
  await page.getByRole('button', { name: '从素材库选择' }).click();
  await page.getByRole('dialog').getByPlaceholder('名称、文件夹').fill(`招牌面照片${r}`);
  await page.getByRole('dialog').getByPlaceholder('名称、文件夹').press('Enter');
  await page.getByRole('button', { name: `招牌面照片${r}`, exact: true }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /从素材库选择 \(1\)/ })
    .click();
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page).toHaveURL(/\/product-list$/);

  await page.goto('/material');
  await expect(named).toContainText(`店铺商品「素材面${r}」`);
  await named.getByRole('checkbox').check();
  await page.getByRole('button', { name: /删除所选/ }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /删\s*除/ })
    .click();
  await expect(page.getByText(`正在使用中（店铺商品「素材面${r}」）`)).toBeVisible();
  await expect(named).toHaveCount(1);
});

test('delivery: switched on in the order settings, ordered to an address with its fee, sent out and followed by the customer', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const r = test.info().retry ? `-${test.info().retry}` : '';
  await signedIn(page);
  const headers = { authorization: `Bearer ${await apiToken(page)}` };
  const api = async (url: string, data: unknown = {}) => {
    const body = await (await page.request.post(url, { data, headers })).json();
    expect(body.code, `${url}: ${body.msg}`).toBe(200);
    return body.data;
  };
  // Open today whatever the store-details test left (it adds a holiday, closed, on today).
  const details = await api('/admin/store/get');
  await api('/admin/store/update', {
    id: details.id,
    status: 'open',
    hours: { ...details.hours, exceptions: [] },
  });
  await api('/admin/pay-manner/create', { kind: 'counter', name: `货到付款${r}`, enabled: true });
  const soup = await api('/admin/product/create', { name: `番茄汤${r}`, price: '12', stock: 20 });
  await api('/admin/product/onSale', { ids: [soup.id] });

  await page.goto('/order-setting');
  await page.getByRole('switch', { name: '提供外送' }).click();
  await page.getByRole('spinbutton', { name: '配送费（元）' }).fill('4');
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('已保存')).toBeVisible();

  // The customer opens the store's link (no table) on a phone and has it delivered.
  const customer = await customerPhone(browser);
  await customer.goto('/shop/1');
  await customer.getByTestId(`product-番茄汤${r}`).getByRole('button', { name: '+' }).click();
  await customer.getByRole('button', { name: '去结算' }).click();
  await customer.getByText('外送', { exact: true }).click();
  await expect(customer.getByText('配送费 ¥4.00')).toBeVisible();
  await customer.getByLabel('送餐地址').fill('幸福路 8 号 3 单元 501');
  await customer.getByLabel('手机号').fill('13800001111');
  await customer.getByLabel(`货到付款${r}`).check();
  await customer.getByRole('button', { name: '提交订单 ¥16.00' }).click();
  await expect(customer.getByTestId('order-status')).toHaveText('待付款');
  await expect(customer.getByText('配送地址 幸福路 8 号 3 单元 501')).toBeVisible();
  const orderNo = (await customer.getByText(/^订单号 P\d+/).textContent())!.match(/P\d+/)![0];

  // The counter takes the money, accepts, and sends it out: a delivery is not "made ready".
  await page.goto('/product-order');
  const order = page.locator('tr.ant-table-row:visible').filter({ hasText: orderNo });
  await expect(order).toContainText('外送');
  await order.getByRole('button', { name: '确认已收款' }).click();
  await order.getByRole('button', { name: '接单' }).click();
  await expect(order).toContainText('制作中');
  await expect(order.getByRole('button', { name: '出餐' })).toHaveCount(0);
  await order.getByRole('button', { name: '配送' }).click();
  await expect(order).toContainText('配送中');
  await expect(customer.getByTestId('order-status')).toHaveText('配送中');
  await customer.context().close();
});
