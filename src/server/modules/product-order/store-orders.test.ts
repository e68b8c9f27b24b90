import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { printJobs } from '../../db/schema/printer';
import { products } from '../../db/schema/product';
import { productOrders } from '../../db/schema/product-order';
import { createTestApp, type TestApp } from '../../test-support';

let t: TestApp;
let token: string;
beforeEach(async () => {
  t = await createTestApp({ JOBS: 'off', PAYMENT_SANDBOX_CHAOS: '0' });
  token = await t.login();
});
afterEach(() => t.close());

const customer = (n: number) => `store-customer-${n}-`.padEnd(40, 'x');
const call = async (url: string, body: unknown = {}) => (await t.post(url, body, token)).json();
const ok = async (url: string, body: unknown = {}) => {
  const res = await call(url, body);
  expect(res.code, `${url}: ${res.msg}`).toBe(200);
  return res.data;
};
const shop = async (path: string, body: unknown) =>
  (
    await t.app.inject({ method: 'POST', url: `/open/shop/1/${path}`, payload: body as object })
  ).json();

/** A counter, a table, a kitchen printer (hot dishes), a bar printer (drinks) and a front one. */
async function store() {
  await ok('/admin/pay-manner/create', { kind: 'counter', name: '到店付款', enabled: true });
  const table = await ok('/admin/table-number/create', { area: '大厅', name: 'A1', seats: 4 });
  const hot = await ok('/admin/product-category/create', { name: '热菜', enabled: true });
  const drinks = await ok('/admin/product-category/create', { name: '饮品', enabled: true });
  const printer = (name: string, serial: string, categoryIds: number[]) =>
    ok('/admin/printer/create', {
      name,
      brand: 'sandbox',
      serial,
      copies: 1,
      paper: '58',
      autoPrint: true,
      categoryIds,
    });
  const front = await printer('前台', 'SB-FRONT', []);
  const kitchen = await printer('后厨', 'SB-KITCHEN', [hot.id]);
  const bar = await printer('吧台', 'SB-BAR', [drinks.id]);
  const noodles = await ok('/admin/product/create', {
    name: '牛肉面',
    price: '20',
    stock: 10,
    categoryId: hot.id,
  });
  const tea = await ok('/admin/product/create', {
    name: '柠檬茶',
    price: '8.50',
    stock: 5,
    categoryId: drinks.id,
  });
  await ok('/admin/product/onSale', { ids: [noodles.id, tea.id] });
  return { table, front, kitchen, bar, noodles, tea };
}

/** A customer's order at the counter, confirmed paid there. */
async function paidOrder(n: number, items: unknown[], extra: Record<string, unknown> = {}) {
  const placed = await shop('order', { token: customer(n), payManner: 'counter', items, ...extra });
  expect(placed.code, placed.msg).toBe(200);
  const [row] = await t.db
    .select()
    .from(productOrders)
    .where(eq(productOrders.orderNo, placed.data.orderNo));
  await ok('/admin/product-order/confirmPaid', { ids: [row!.id] });
  return ok('/admin/product-order/detail', { id: row!.id });
}

const stockOf = async (id: number) => {
  const [row] = await t.db.select().from(products).where(eq(products.id, id));
  return { stock: row!.stock, sold: row!.salesCount };
};
/** A printer's receipts, oldest first (a row's update may move it in the table's own order). */
const receipts = (printerId: number) =>
  t.db.select().from(printJobs).where(eq(printJobs.printerId, printerId)).orderBy(printJobs.id);

describe('the store’s orders', () => {
  it('take a pickup number and diners, print split by category, and reprint', async () => {
    const { table, front, kitchen, bar, noodles, tea } = await store();
    const first = await paidOrder(
      1,
      [
        { productId: noodles.id, quantity: 2 },
        { productId: tea.id, quantity: 1 },
      ],
      { tableId: table.id, diners: 3 },
    );
    expect(first).toMatchObject({ pickupNo: 'A001', diners: 3, tableName: '大厅 A1' });
    const second = await paidOrder(2, [{ productId: noodles.id, quantity: 1 }], { diners: 2 });
    // Taken away: no diners kept; the day's next number.
    expect(second).toMatchObject({ pickupNo: 'A002', diners: null });
    // The customer's own page shows the number they are called by, and the diners.
    const mine = await shop('order/detail', { token: customer(1), orderNo: first.orderNo });
    expect(mine.data).toMatchObject({ pickupNo: 'A001', diners: 3 });

    // The front prints the whole order with its money; each station only its own lines.
    const [whole] = await receipts(front.id);
    expect(whole!.content).toContain('取餐号 A001');
    expect(whole!.content).toContain('就餐人数 3');
    expect(whole!.content).toContain('柠檬茶 ×1');
    expect(whole!.content).toContain('实付');
    expect(whole!.orderNo).toBe(first.orderNo);
    const kitchenTickets = await receipts(kitchen.id);
    expect(kitchenTickets).toHaveLength(2);
    expect(kitchenTickets[0]!.content).toContain('后厨');
    expect(kitchenTickets[0]!.content).toContain('牛肉面 ×2');
    expect(kitchenTickets[0]!.content).not.toContain('柠檬茶');
    expect(kitchenTickets[0]!.content).not.toContain('实付');
    // The bar has nothing of the second order to make.
    const barTickets = await receipts(bar.id);
    expect(barTickets.map((r) => r.orderNo)).toEqual([first.orderNo]);
    expect(barTickets[0]!.content).not.toContain('牛肉面');

    // The print log names the order by its number.
    const log = await ok('/admin/printer/print-log', { printerId: front.id });
    expect(log.items[0].orderNo).toBe(second.orderNo);

    // 重打小票: printed again on each printer with lines for it, said on the timeline.
    expect(await ok('/admin/product-order/reprint', { id: second.id })).toEqual({ printers: 2 });
    const again = await receipts(front.id);
    expect(again).toHaveLength(3);
    expect(again.at(-1)!.content).toContain('重打小票');
    const parts = await ok('/admin/product-order/parts', { id: second.id });
    expect(parts.events.map((e: { type: string }) => e.type)).toContain('reprint');
    // One receipt of the log printed again as it was.
    await ok('/admin/printer/reprint', { id: again[0]!.id });
    expect(await receipts(front.id)).toHaveLength(4);

    // Diners are 1–99.
    const many = await shop('order', {
      token: customer(3),
      payManner: 'counter',
      tableId: table.id,
      diners: 100,
      items: [{ productId: tea.id, quantity: 1 }],
    });
    expect(many.code).toBe(40000);
  });

  it('reject an order with its money and stock back, and net refunds out of sales', async () => {
    const { noodles, tea } = await store();
    const order = await paidOrder(1, [
      { productId: noodles.id, quantity: 2 },
      { productId: tea.id, quantity: 1 },
    ]);
    expect(await stockOf(noodles.id)).toEqual({ stock: 8, sold: 2 });

    // 拒单 needs its reason.
    expect((await call('/admin/product-order/reject', { id: order.id, reason: '' })).code).toBe(
      40000,
    );
    const rejected = await ok('/admin/product-order/reject', { id: order.id, reason: '售罄' });
    expect(rejected).toMatchObject({ status: 'refunded', refundStatus: 'refunded' });
    const detail = await ok('/admin/product-order/detail', { id: order.id });
    expect(detail.refundedAmount).toBe('48.50');
    expect(await stockOf(noodles.id)).toEqual({ stock: 10, sold: 0 });
    expect(await stockOf(tea.id)).toEqual({ stock: 5, sold: 0 });
    const parts = await ok('/admin/product-order/parts', { id: order.id });
    expect(parts.events.map((e: { type: string }) => e.type)).toEqual(
      expect.arrayContaining(['reject', 'refund', 'restock']),
    );
    expect(parts.items.map((i: { refundedQuantity: number }) => i.refundedQuantity)).toEqual([
      2, 1,
    ]);
    // Refunded: nothing left to reject.
    expect((await call('/admin/product-order/reject', { id: order.id, reason: 'x' })).code).toBe(
      40900,
    );

    // A partial refund by amount keeps the stock; one naming a line gives that back.
    const other = await paidOrder(2, [{ productId: noodles.id, quantity: 3 }]);
    await ok('/admin/product-order/refund', { id: other.id, amount: '5', reason: '少放了' });
    expect(await stockOf(noodles.id)).toEqual({ stock: 7, sold: 3 });
    const items = (await ok('/admin/product-order/parts', { id: other.id })).items;
    const tooMany = await call('/admin/product-order/refund', {
      id: other.id,
      amount: '20',
      lines: [{ itemId: items[0].id, quantity: 4 }],
    });
    expect(tooMany.code).toBe(40000);
    expect(tooMany.msg).toContain('最多可退回 3 件');
    await ok('/admin/product-order/refund', {
      id: other.id,
      amount: '20',
      lines: [{ itemId: items[0].id, quantity: 1 }],
    });
    expect(await stockOf(noodles.id)).toEqual({ stock: 8, sold: 2 });

    // The day's statement: 48.50 + 60 taken by the counter, 48.50 + 25 given back.
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const statement = await ok('/admin/product-order/statement', { from: today, to: today });
    expect(statement.rows).toEqual([
      {
        day: today,
        payManner: 'counter',
        orders: 2,
        takings: '108.50',
        refunds: '73.50',
        net: '35.00',
      },
    ]);
    expect(statement.total).toMatchObject({ takings: '108.50', net: '35.00' });
    const backwards = await call('/admin/product-order/statement', {
      from: today,
      to: '2020-01-01',
    });
    expect(backwards.code).toBe(40000);

    // The dashboard's sales today are net of refunds too.
    const dashboard = await ok('/admin/dashboard/summary');
    expect(JSON.stringify(dashboard)).toContain('"sales":"35.00"');
  });

  it('are found by the buyer’s phone, in full or by its last four digits', async () => {
    const { tea } = await store();
    const mine = await paidOrder(1, [{ productId: tea.id, quantity: 1 }]);
    await paidOrder(2, [{ productId: tea.id, quantity: 1 }]);
    await t.db
      .update(productOrders)
      .set({ contactPhone: '13912345678' })
      .where(eq(productOrders.id, mine.id));
    for (const keyword of ['13912345678', '5678', 'A001']) {
      const found = await ok('/admin/product-order/list', { keyword });
      expect(found.items.map((o: { id: number }) => o.id)).toEqual([mine.id]);
    }
  });
});
