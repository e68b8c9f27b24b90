import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { api, signedIn } from './support';

type Figures = { orders: number; takings: string; refunds: string; net: string };

/** Yuan as a decimal string ('-3.50') in fen, and back: the test adds money without floats. */
function fen(yuan: string) {
  const negative = yuan.startsWith('-');
  const [whole = '0', cents = ''] = yuan.replace('-', '').split('.');
  const value = Number(whole) * 100 + Number(cents.padEnd(2, '0').slice(0, 2));
  return negative ? -value : value;
}
function yuan(value: number) {
  const abs = Math.abs(value);
  return `${value < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
/** The figures before, with one more order of `paid` and a refund of `refunded`. */
const plus = (before: Figures, paid: string, refunded: string): Figures => ({
  orders: before.orders + 1,
  takings: yuan(fen(before.takings) + fen(paid)),
  refunds: yuan(fen(before.refunds) + fen(refunded)),
  net: yuan(fen(before.net) + fen(paid) - fen(refunded)),
});

/**
 * Issue #44: the store's 对账单 from its order list (today's takings, refunds and net by pay
 * manner, and the Excel file), and the print log naming the order by its number, reprinted there.
 */
test('对账单: a paid order refunded in part shows in today’s takings, refunds and net, and exports; the print log names the order and reprints it', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const r = `${Date.now() % 100_000}`;
  const token = await signedIn(page);
  // The statement's day is China's, whatever the machine's clock.
  const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
  const statement = () =>
    api(page, token, '/admin/product-order/statement', { from: today, to: today }) as Promise<{
      rows: (Figures & { day: string; payManner: string })[];
      total: Figures;
    }>;
  // Other tests may have taken money today: the figures are theirs plus this order's.
  const before = await statement();
  const none = { orders: 0, takings: '0.00', refunds: '0.00', net: '0.00' };
  const counterBefore = before.rows.find((row) => row.payManner === 'counter') ?? none;

  // The store: paid at the counter, a front printer, a dish.
  await api(page, token, '/admin/pay-manner/create', {
    kind: 'counter',
    name: `对账到店付${r}`,
    enabled: true,
  });
  const printerName = `对账小票机${r}`;
  await api(page, token, '/admin/printer/create', {
    name: printerName,
    brand: 'sandbox',
    serial: `SB-STMT${r}`,
    copies: 1,
    paper: '58',
    autoPrint: true,
  });
  const dish = await api(page, token, '/admin/product/create', {
    name: `对账套餐${r}`,
    price: '36.00',
    stock: 50,
  });
  await api(page, token, '/admin/product/onSale', { ids: [dish.id] });

  // A customer orders two at the counter; the counter takes the money, then gives 10.00 back.
  const placed = await (
    await page.request.post('/open/shop/1/order', {
      data: {
        token: `statement-customer-${r}-`.padEnd(40, 'x'),
        payManner: 'counter',
        items: [{ productId: dish.id, quantity: 2 }],
      },
    })
  ).json();
  expect(placed.code, placed.msg).toBe(200);
  const orderNo = placed.data.orderNo as string;
  const { items } = await api(page, token, '/admin/product-order/list', {
    keyword: orderNo,
    page: 1,
    pageSize: 1,
  });
  const order = items[0] as { id: number; totalAmount: string };
  await api(page, token, '/admin/product-order/confirmPaid', { ids: [order.id] });
  await api(page, token, '/admin/product-order/refund', {
    id: order.id,
    amount: '10.00',
    reason: '少上了一份小菜',
  });
  const counter = plus(counterBefore, order.totalAmount, '10.00');
  const total = plus(before.total, order.totalAmount, '10.00');

  // 对账单 from the order list: today at first.
  await page.goto('/product-order');
  await page.getByRole('button', { name: '对账单' }).click();
  const drawer = page.getByRole('dialog', { name: '对账单' });
  await expect(drawer.getByRole('button', { name: /今\s*天/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const counterRow = drawer.locator('tr.ant-table-row').filter({ hasText: '到店付款' });
  await expect(counterRow.locator('td')).toHaveText([
    today,
    '到店付款',
    String(counter.orders),
    counter.takings,
    counter.refunds,
    counter.net,
  ]);
  await expect(drawer.locator('tr').filter({ hasText: '合计' }).locator('td')).toHaveText([
    '合计',
    String(total.orders),
    total.takings,
    total.refunds,
    total.net,
  ]);

  // Yesterday holds none of today's rows; back to today.
  await drawer.getByRole('button', { name: /昨\s*天/ }).click();
  await expect(drawer.locator('tr.ant-table-row').filter({ hasText: today })).toHaveCount(0);
  await drawer.getByRole('button', { name: /今\s*天/ }).click();
  await expect(counterRow.locator('td').nth(5)).toHaveText(counter.net);

  // The Excel file: named for the days, the same figures.
  const download = page.waitForEvent('download');
  await drawer.getByRole('button', { name: '导出 Excel' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`对账单 ${today}~${today}.xlsx`);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await file.path());
  const sheet = workbook.worksheets[0]!;
  expect(sheet.getRow(1).values).toEqual([
    undefined,
    '日期',
    '支付方式',
    '付款订单',
    '收款（元）',
    '退款（元）',
    '净收入（元）',
  ]);
  const lines = (sheet.getSheetValues() as unknown[][]).filter(Boolean).map((row) => row.slice(1));
  expect(lines).toContainEqual([
    today,
    '到店付款',
    counter.orders,
    Number(counter.takings),
    Number(counter.refunds),
    Number(counter.net),
  ]);
  // The last row is the total (its pay manner left empty).
  const last = lines.at(-1)!;
  expect(last[0]).toBe('合计');
  expect(last.slice(2)).toEqual([
    total.orders,
    Number(total.takings),
    Number(total.refunds),
    Number(total.net),
  ]);
  await drawer.locator('.ant-drawer-close').click();

  // The printer's log names the order by its number; 重新打印 prints it again, once confirmed.
  await page.goto('/printer');
  await page
    .locator('tr.ant-table-row:visible')
    .filter({ hasText: printerName })
    .getByRole('button', { name: '打印记录' })
    .click();
  const log = page.getByRole('dialog', { name: `${printerName} 的打印记录` });
  const entries = log.getByRole('region', { name: `订单 ${orderNo}` });
  await expect(entries).toHaveCount(1);
  await expect(
    entries
      .first()
      .locator('.ant-tag')
      .filter({ hasText: `订单 ${orderNo}` }),
  ).toBeVisible();
  await expect(entries.first().getByTestId('receipt')).toContainText(orderNo);
  await expect(entries.first()).toContainText('已打印');
  await entries.first().getByRole('button', { name: '重新打印' }).click();
  const confirm = page.locator('.ant-modal-confirm');
  await expect(confirm).toContainText(`在“${printerName}”上重新打印订单 ${orderNo} 的小票？`);
  await confirm.getByRole('button', { name: '重新打印' }).click();
  await expect(page.getByText('已重新发送到打印机')).toBeVisible();
  await expect(entries).toHaveCount(2);
  // The new entry, on top, prints (the sandbox printer prints within seconds).
  await expect(entries.first()).toContainText('已打印');
  await expect(entries.nth(1)).toContainText('已打印');
});
