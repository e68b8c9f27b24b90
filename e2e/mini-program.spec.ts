import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { api, signedIn } from './support';

/** Recharges the balance through the sandbox checkout (publishing is charged to it). */
async function recharge(page: Page, token: string, amount: string) {
  const order = await api(page, token, '/admin/cost-center/recharge', { amount, method: 'alipay' });
  await page.request.post(`/sandbox/pay/${order.tradeNo}`, { form: { action: 'pay' } });
  await expect
    .poll(
      async () =>
        (await api(page, token, '/admin/cost-center/recharge-detail', { orderNo: order.orderNo }))
          .status,
      { timeout: 30_000 },
    )
    .toBe('paid');
}

test('mini-program: the application’s drawer follows the legal person’s confirmation; a rejected info change is kept in its form, whose avatar asks to be uploaded', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const token = await signedIn(page);
  test.skip(!!(await api(page, token, '/admin/mini-program/state')).appid, 'registered already');
  const rows = page.locator('tr.ant-table-row:visible');
  /** A person's answer on the sandbox platform's page (its form posts the action). */
  const act = (href: string, action: string, reason = '') =>
    page.request.post(href, { form: { action, reason }, maxRedirects: 0 });

  await api(page, token, '/admin/mini-program-registration/submit', {
    kind: 'enterprise',
    companyName: '杭州西湖茶馆有限公司',
    creditCode: '91350100M000100Y43',
    legalName: '王五',
    legalWechat: 'wangwu_88',
    contactPhone: '13800000000',
  });
  let confirmUrl: string | null = null;
  await expect
    .poll(async () => {
      confirmUrl = (await api(page, token, '/admin/mini-program/state')).registration?.confirmUrl;
      return confirmUrl;
    })
    .toBeTruthy();
  // The drawer opened while it waits for the legal person…
  await page.goto('/mini-program-register-list');
  await rows.first().getByRole('button', { name: '详情' }).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.locator('.ant-descriptions')).toContainText('待法人确认');
  // …shows the success once they confirm elsewhere, without a reload; so does the list.
  await act(confirmUrl!, 'confirm');
  await expect(drawer.locator('.ant-descriptions')).toContainText('注册成功', { timeout: 20_000 });
  await expect(rows.first()).toContainText('注册成功');
  await page.screenshot({ path: test.info().outputPath('registration-drawer.png') });

  // An info change the platform rejects: the form opens again with what was submitted.
  const change = await api(page, token, '/admin/mini-program-info/submit', {
    name: '西湖茶馆',
    avatar: '/uploads/1/avatar.png',
    intro: '西湖边的茶馆，线上点单',
    categories: ['food-drinks'],
  });
  const { actionUrl } = await api(page, token, '/admin/mini-program/history', {
    subject: 'info',
    id: change.id,
  });
  // The reviewer's page names the category.
  const review = await page.request.get(actionUrl);
  expect(await review.text()).toContain('餐饮 · 饮品');
  await act(actionUrl, 'reject', '头像不清晰');
  await page.goto('/xcxbase/info');
  await expect(rows.first()).toContainText('已驳回', { timeout: 20_000 });
  await page.getByRole('button', { name: '修改基础信息' }).click();
  const form = page.getByRole('dialog', { name: '修改基础信息' });
  await expect(form.getByLabel('名称')).toHaveValue('西湖茶馆');
  await expect(form.getByLabel('简介')).toHaveValue('西湖边的茶馆，线上点单');
  await expect(form.locator('.ant-select-selection-item')).toContainText('餐饮 · 饮品');
  await page.screenshot({ path: test.info().outputPath('info-kept.png') });
  // Without its avatar, the form asks to upload one.
  await form.getByRole('button', { name: /移\s*除/ }).click();
  await form.getByRole('button', { name: /保\s*存/ }).click();
  await expect(form.getByText('请上传头像')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('info-avatar.png') });
});

test('mini-program: registered (a bad credit code refused), confirmed by the legal person, basic info set, a version rejected then approved and released, then rolled back', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  const token = await signedIn(page);
  await recharge(page, token, '100.00');
  const rows = page.locator('tr.ant-table-row:visible');
  /** Opens the sandbox platform's page (a link of the product's) in a tab of its own, as a person would. */
  const sandboxPage = async (href: string | null) => {
    expect(href).toMatch(/^\/sandbox\/mini-program\/task\/MPT/);
    const other = await context.newPage();
    await other.goto(href!);
    return other;
  };

  // Register: a bad check character is refused with the reason, on the field.
  const registered = (await api(page, token, '/admin/mini-program/state')).appid;
  if (!registered) {
    await page.goto('/mini-program-register');
    await page.getByLabel('主体名称').fill('杭州西湖茶馆有限公司');
    await page.getByLabel('统一社会信用代码').fill('91350100M000100Y44');
    await page.getByLabel('法人姓名').fill('王五');
    await page.getByLabel('法人微信号').fill('wangwu_88');
    await page.getByLabel('联系电话').fill('13800000000');
    await page.getByRole('button', { name: '提交申请' }).click();
    await expect(page.getByText('统一社会信用代码校验位不正确，请核对')).toBeVisible();
    await page.getByLabel('统一社会信用代码').fill('91350100m000100y43');
    await page.getByRole('button', { name: '提交申请' }).click();
    await expect(page.getByText('申请已提交，等待平台处理')).toBeVisible();

    // The platform's check, then the legal person confirms on the sandbox's page.
    const confirm = page.getByRole('link', { name: '打开法人确认页（沙箱）' });
    await expect(confirm).toBeVisible({ timeout: 30_000 });
    const legal = await sandboxPage(await confirm.getAttribute('href'));
    await expect(legal.getByText('91350100M000100Y43')).toBeVisible();
    await legal.getByRole('button', { name: '法人确认 · Confirm' }).click();
    await expect(legal.locator('[data-state="success"]')).toBeVisible();
    const appid = await legal.locator('[data-appid]').textContent();
    await legal.close();

    // The register screen follows it to the end: the appid shown.
    await expect(page.getByText('已注册，AppID：')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(appid!)).toBeVisible();
  }

  // Basic info: a change goes to the platform's review.
  await page.goto('/xcxbase/info');
  await page.getByRole('button', { name: '修改基础信息' }).click();
  const drawer = page.getByRole('dialog', { name: '修改基础信息' });
  await drawer.getByLabel('名称').fill('微信茶馆');
  await expect(drawer.getByText('名称不能包含“微信”“小程序”等平台品牌词')).toBeVisible();
  const infoName = `西湖茶馆${Date.now() % 1000}`;
  await drawer.getByLabel('名称').fill(infoName);
  await drawer
    .getByTestId('upload-头像')
    .setInputFiles(path.join(import.meta.dirname, 'fixtures/cover.png'));
  await expect(drawer.locator('.ant-image img')).toHaveCount(1);
  await drawer.getByLabel('简介').fill('西湖边的茶馆，线上点单');
  await drawer.getByLabel('服务类目').click();
  // A retry's form starts from the live info, where the category may be chosen already.
  const drinks = page.locator('.ant-select-item-option').filter({ hasText: '餐饮 · 饮品' });
  if (!(await drinks.getAttribute('class'))!.includes('ant-select-item-option-selected'))
    await drinks.click();
  await page.keyboard.press('Escape');
  await drawer.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('已提交平台审核，通过后生效')).toBeVisible();
  await expect(rows.first()).toContainText('审核中');
  // The platform approves the change (on its page, linked from the change's history): it is live.
  await rows.first().getByRole('button', { name: infoName, exact: true }).click();
  const openInfo = page.getByRole('link', { name: '打开平台页面（沙箱）' });
  await expect(openInfo).toBeVisible();
  const infoReviewer = await sandboxPage(await openInfo.getAttribute('href'));
  await page.keyboard.press('Escape');
  await infoReviewer.getByRole('button', { name: '审核通过 · Approve' }).click();
  await expect(infoReviewer.locator('[data-state="approved"]')).toBeVisible();
  await infoReviewer.close();
  await expect(rows.first()).toContainText('已通过', { timeout: 30_000 });
  await expect(page.getByTestId('live-info')).toContainText(infoName);
  await expect(page.getByRole('button', { name: '修改基础信息' })).toBeEnabled();

  // Publish: upload a version from a template; its experience QR code.
  await page.goto('/mini-program-publish');
  const version = (name: string) =>
    rows.filter({ has: page.getByRole('button', { name, exact: true }) });
  /** Uploads a version; its name, read from the server (the list may not have refetched yet). */
  const upload = async () => {
    await page.getByRole('button', { name: '上传版本' }).click();
    const uploaded = page.waitForResponse('**/admin/mini-program-version/upload');
    await page.locator('.ant-modal:visible').getByRole('button', { name: '上传版本' }).click();
    const { id } = (await (await uploaded).json()).data;
    await expect(page.getByText('已上传，可扫码体验')).toBeVisible();
    const name: string = (await api(page, token, '/admin/mini-program-version/detail', { id }))
      .version;
    await expect(version(name)).toHaveCount(1);
    return name;
  };
  /** The version's review, on the sandbox's page (linked from its history). */
  const review = async (name: string) => {
    await version(name).getByRole('button', { name, exact: true }).click();
    const open = page.getByRole('link', { name: '打开平台页面（沙箱）' });
    await expect(open).toBeVisible();
    const reviewer = await sandboxPage(await open.getAttribute('href'));
    await page.keyboard.press('Escape');
    return reviewer;
  };
  const live = page.getByTestId('live-version');

  const v1 = await upload();
  await expect(version(v1)).toContainText('体验版');
  await version(v1).getByRole('button', { name: '体验码' }).click();
  await expect(page.locator('.ant-modal:visible img')).toBeVisible();
  await expect(page.locator('.ant-modal:visible')).toContainText(
    '/sandbox/mini-program/experience/',
  );
  await page.keyboard.press('Escape');

  // Submitted; the reviewer rejects it with a reason, which the list shows.
  await version(v1).getByRole('button', { name: '提交审核' }).click();
  await expect(version(v1)).toContainText('审核中');
  let reviewer = await review(v1);
  await reviewer.getByRole('button', { name: '驳回 · Reject' }).click();
  // A rejection needs a reason (the browser's own check first).
  await expect(reviewer.locator('[data-state="reviewing"]')).toBeVisible();
  await reviewer.getByLabel('驳回原因 · Reason for rejection').fill('缺少用户隐私保护指引');
  await reviewer.getByRole('button', { name: '驳回 · Reject' }).click();
  await expect(reviewer.locator('[data-state="rejected"]')).toBeVisible();
  await reviewer.close();
  await expect(version(v1)).toContainText('审核驳回', { timeout: 30_000 });
  await expect(version(v1)).toContainText('缺少用户隐私保护指引');

  // Resubmitted and approved; released (charged to the balance).
  await version(v1).getByRole('button', { name: '提交审核' }).click();
  await expect(version(v1)).toContainText('审核中');
  reviewer = await review(v1);
  await reviewer.getByRole('button', { name: '审核通过 · Approve' }).click();
  await expect(reviewer.locator('[data-state="approved"]')).toBeVisible();
  await reviewer.close();
  await expect(version(v1)).toContainText('审核通过', { timeout: 30_000 });
  const balance = async () => Number((await api(page, token, '/admin/user/detail')).balance);
  const before = await balance();
  await version(v1).getByRole('button', { name: '发布' }).click();
  await page
    .locator('.ant-modal-confirm:visible')
    .getByRole('button', { name: /确\s*定|OK/ })
    .click();
  await expect(version(v1)).toContainText('线上版本');
  await expect(live).toContainText(v1);
  expect(await balance()).toBeCloseTo(before - 30, 2);

  // A second version, approved and released over the first.
  const v2 = await upload();
  expect(v2).not.toBe(v1);
  await version(v2).getByRole('button', { name: '提交审核' }).click();
  await expect(version(v2)).toContainText('审核中');
  reviewer = await review(v2);
  await reviewer.getByRole('button', { name: '审核通过 · Approve' }).click();
  // Closed only once the platform has taken the decision (closing sooner can cancel its form's post).
  await expect(reviewer.locator('[data-state="approved"]')).toBeVisible();
  await reviewer.close();
  await expect(version(v2)).toContainText('审核通过', { timeout: 30_000 });
  await version(v2).getByRole('button', { name: '发布' }).click();
  await page
    .locator('.ant-modal-confirm:visible')
    .getByRole('button', { name: /确\s*定|OK/ })
    .click();
  await expect(live).toContainText(v2);
  await expect(version(v1)).toContainText('已被替代');

  // Rolled back: the first version is live again, the second marked rolled back.
  await page.getByRole('button', { name: '回退到上一版本' }).click();
  await page
    .locator('.ant-modal-confirm:visible')
    .getByRole('button', { name: /确\s*定|OK/ })
    .click();
  await expect(live).toContainText(v1);
  await expect(version(v2)).toContainText('已回退');
  await expect(version(v1)).toContainText('线上版本');
  await expect(page.getByRole('button', { name: '回退到上一版本' })).toBeDisabled();

  // The version's whole history.
  await version(v1).getByRole('button', { name: v1, exact: true }).click();
  const history = page.getByRole('region', { name: '处理记录' });
  for (const step of ['体验版', '审核驳回', '审核通过', '线上版本', '已被替代'])
    await expect(history).toContainText(step);
});
