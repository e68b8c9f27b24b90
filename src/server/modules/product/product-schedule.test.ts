import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { operationLogs } from '../../db/schema/operation-log';
import { products } from '../../db/schema/product';
import {
  call,
  counterPayment,
  ok,
  shop,
  t,
  token,
  withStoreApp,
} from '../product-order/test-store';
import { PRODUCT_SCHEDULE_JOB } from './schedule';

withStoreApp();

const hours = (n: number) => new Date(Date.now() + n * 3_600_000);
const menu = async () =>
  ((await shop('store')).data.products as { name: string }[]).map((p) => p.name);
const order = (productId: number) =>
  shop('order', {
    token: 'schedule-customer-'.padEnd(40, 'x'),
    payManner: 'counter',
    items: [{ productId, quantity: 1 }],
  });
/** Time passing for a product: its times, and the jobs queued for them, `by` hours earlier. */
async function later(id: number, by: number) {
  const hoursBy = `${by} hours`;
  await t.db.execute(sql`update products set on_sale_at = on_sale_at - ${hoursBy}::interval,
    off_sale_at = off_sale_at - ${hoursBy}::interval where id = ${id}`);
  await t.db.execute(sql`update jobs set run_at = run_at - ${hoursBy}::interval
    where state = 'queued' and name = ${PRODUCT_SCHEDULE_JOB}`);
}
/** The queue's jobs that are due, run. */
const runSchedule = () => t.app.jobs.drain();
const row = async (id: number) =>
  (await t.db.select().from(products).where(eq(products.id, id)))[0]!;

describe('定时上架 / 定时下架', () => {
  it('refuses a time in the past and an off-sale time not after the on-sale time', async () => {
    const past = await call('/admin/product/create', {
      name: '昨日特价',
      price: '10',
      onSaleAt: hours(-2).toISOString(),
    });
    expect(past.code).not.toBe(200);
    expect(past.data.fields[0]).toMatchObject({
      field: 'onSaleAt',
      message: '定时时间不能早于现在',
    });
    const early = await call('/admin/product/create', {
      name: '早下架',
      price: '10',
      onSaleAt: hours(3).toISOString(),
      offSaleAt: hours(2).toISOString(),
    });
    expect(early.data.fields[0]).toMatchObject({
      field: 'offSaleAt',
      message: '定时下架时间须晚于定时上架时间',
    });
    // Saved, and a flip queued for each time.
    const on = hours(1);
    const off = hours(5);
    const dish = await ok('/admin/product/create', {
      name: '午市套餐',
      price: '25',
      stock: 10,
      onSaleAt: on.toISOString(),
      offSaleAt: off.toISOString(),
    });
    expect(new Date(dish.onSaleAt).getTime()).toBe(on.getTime());
    const jobs = (await t.db.execute(
      sql`select run_at from jobs where name = ${PRODUCT_SCHEDULE_JOB} order by run_at`,
    )) as unknown as { rows: { run_at: string | Date }[] };
    expect(jobs.rows.map((j) => new Date(j.run_at).getTime())).toEqual([
      on.getTime(),
      off.getTime(),
    ]);
    // Sent unchanged with an edit of another field once it has passed: not refused.
    await later(dish.id, 2);
    const moved = await row(dish.id);
    await ok('/admin/product/update', {
      id: dish.id,
      price: '26',
      onSaleAt: moved.onSaleAt!.toISOString(),
      offSaleAt: moved.offSaleAt!.toISOString(),
    });
  });

  it('queues the times of products imported from a file, as the form does', async () => {
    // 定时下架 tomorrow at 10:00 on China's clock.
    const day = new Date(Date.now() + 8 * 3_600_000 + 86_400_000).toISOString().slice(0, 10);
    const file = Buffer.from(`商品名称,售价（元）,库存,定时下架\n早市套餐,12,5,${day} 10:00\n`);
    const done = (
      await t.importFile('commit', file, { kind: 'product' }, token, { filename: 'p.csv' })
    ).json();
    expect(done.data, done.msg).toMatchObject({ imported: 1 });
    const jobs = (await t.db.execute(
      sql`select run_at from jobs where name = ${PRODUCT_SCHEDULE_JOB}`,
    )) as unknown as { rows: { run_at: string | Date }[] };
    expect(jobs.rows.map((j) => new Date(j.run_at).toISOString())).toEqual([
      new Date(`${day}T10:00:00+08:00`).toISOString(),
    ]);
  });

  it('puts the product on and off sale at its times, logged as the system; the storefront does not wait for the job', async () => {
    await counterPayment();
    const dish = await ok('/admin/product/create', {
      name: '午市套餐',
      price: '25',
      stock: 10,
      onSaleAt: hours(1).toISOString(),
      offSaleAt: hours(3).toISOString(),
    });
    expect(await menu()).not.toContain('午市套餐');
    const early = await order(dish.id);
    expect(early.code).not.toBe(200);
    expect(early.msg).toMatch(/^“午市套餐”\d\d-\d\d \d\d:\d\d 才上架/);

    // Its on-sale time passed, the job not yet run: on the menu and orderable already.
    await later(dish.id, 2);
    expect((await row(dish.id)).status).toBe('off');
    expect(await menu()).toContain('午市套餐');
    expect((await shop(`product/${dish.id}`)).data.product.name).toBe('午市套餐');
    expect((await order(dish.id)).code).toBe(200);

    await runSchedule();
    expect(await row(dish.id)).toMatchObject({ status: 'on', onSaleAt: null });
    const logged = await t.db
      .select()
      .from(operationLogs)
      .where(and(eq(operationLogs.merchantId, 1), eq(operationLogs.targetType, 'product')));
    expect(logged.map((l) => [l.action, l.adminName, l.adminId])).toContainEqual([
      'product.onSale',
      'system',
      null,
    ]);

    // Past its off-sale time: gone from the menu and its page, refused at checkout by name.
    await later(dish.id, 2);
    expect(await menu()).not.toContain('午市套餐');
    expect((await shop(`product/${dish.id}`)).code).toBe(40400);
    const late = await order(dish.id);
    expect(late.code).not.toBe(200);
    expect(late.msg).toMatch(/^“午市套餐”已于 \d\d-\d\d \d\d:\d\d 下架/);
    await runSchedule();
    expect(await row(dish.id)).toMatchObject({ status: 'off', offSaleAt: null });
    const after = await t.db
      .select({ action: operationLogs.action, who: operationLogs.adminName })
      .from(operationLogs)
      .where(eq(operationLogs.action, 'product.offSale'));
    expect(after).toEqual([{ action: 'product.offSale', who: 'system' }]);
    // A job run again finds nothing more to do.
    expect((await row(dish.id)).status).toBe('off');
  });

  it('forgets a time already passed when the product is put off sale by hand', async () => {
    const dish = await ok('/admin/product/create', {
      name: '限时小吃',
      price: '6',
      stock: 5,
      offSaleAt: hours(1).toISOString(),
    });
    await ok('/admin/product/onSale', { ids: [dish.id] });
    await later(dish.id, 2);
    await ok('/admin/product/offSale', { ids: [dish.id] });
    expect(await row(dish.id)).toMatchObject({ status: 'off', offSaleAt: null });
    // Put on sale again: stays on, the old time does not take it off.
    await ok('/admin/product/onSale', { ids: [dish.id] });
    await runSchedule();
    expect((await row(dish.id)).status).toBe('on');
    expect(await menu()).toContain('限时小吃');
  });
});
