import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../../shared/marketplace-order';
import { marketplaceOrder } from '../../../shared/resources/marketplace-order';
import { goodsSettings } from '../../db/schema/goods-setting';
import { listings } from '../../db/schema/listing';
import { marketplaceOrders } from '../../db/schema/marketplace-order';
import { readContract } from '../../kit/resource-contract';
import { createAccount, createOtherMerchant, SUB_PASSWORD } from '../../test-support';
import { receiveOrder } from './service';
import {
  buy,
  call,
  detail,
  listing,
  M,
  ok,
  storedOrder,
  t,
  today,
  token,
  withMarketplaceApp,
} from './test-orders';

/**
 * Orders are sent by the marketplace and kept by receiveOrder: the n-th, of n mugs at 12.50 USD
 * to the n-th buyer, paid, placed n minutes after the first. The worker stays off.
 */
readContract(
  marketplaceOrder,
  async ({ t }, n) =>
    (
      await receiveOrder(
        t.db,
        {
          merchantId: 1,
          marketplace: 'amazon',
          site: 'US',
          orderNo: `111-000000${n}-000000${n}`,
          buyer: `Buyer ${n}`,
          orderedAt: new Date(Date.now() - 3_600_000 + n * 60_000),
          currency: 'USD',
          shippingAmount: '4.99',
          lines: [
            {
              listingId: null,
              goodsId: null,
              sellerSku: `MUG-${n}`,
              title: 'Ceramic mug',
              quantity: n,
              unitPrice: '12.50',
            },
          ],
          status: 'unshipped',
        },
        null,
      )
    ).id,
  { env: { JOBS: 'off' } },
);

withMarketplaceApp();

describe('marketplace orders', () => {
  it('comes from the sandbox buyer at the day rate, is shipped and delivered, and counts', async () => {
    await t.db.insert(goodsSettings).values({
      merchantId: 1,
      name: 'US',
      marketplace: 'amazon',
      site: 'US',
      currency: 'USD',
      exchangeRate: '7.2000',
    });
    const live = await listing();
    const order = await buy(live.id, 2);
    expect(order.orderNo).toMatch(/^\d{3}-\d{7}-\d{7}$/);
    const row = await detail(order.id);
    expect(row).toMatchObject({
      status: 'unshipped',
      buyer: 'Alice',
      units: 2,
      currency: 'USD',
      totalAmount: '50.00',
      exchangeRate: '7.2000',
      totalCny: '360.00',
      // amazon keeps 15 % of the goods: 7.50 USD.
      feesCny: '54.00',
      itemsSummary: 'Steel pan 28 cm ×2',
    });
    // The marketplace holds the stock: the listing lost the units sold.
    const [after] = await t.db.select().from(listings).where(eq(listings.id, live.id));
    expect(after!.stock).toBe(8);

    // The list finds it by site, status, buyer and SKU; not by another buyer.
    const list = (params: object) => ok(`${M}/list`, { page: 1, pageSize: 20, ...params });
    expect((await list({ site: 'US', status: 'unshipped' })).total).toBe(1);
    expect((await list({ buyer: 'Alice', skus: 'PAN-28' })).total).toBe(1);
    expect((await list({ buyer: 'Bob' })).total).toBe(0);
    expect((await list({ orderedAtRange: [today, today] })).total).toBe(1);

    // Waiting on the dashboard; 8 left of the listing is not low yet.
    const waiting = (await ok('/admin/dashboard/summary')).todos;
    expect(waiting).toContainEqual({
      key: 'ordersToShip',
      count: 1,
      link: '/orders-list?status=unshipped',
    });
    expect(waiting.map((todo: { key: string }) => todo.key)).not.toContain('listingsLowStock');
    await buy(live.id, 3, 'Carol');
    expect((await ok('/admin/dashboard/summary')).todos).toContainEqual({
      key: 'listingsLowStock',
      count: 1,
      link: '/listing?status=active&stockRange=0,5',
    });

    const shipped = await ok(`${M}/ship`, {
      shipments: [{ id: order.id, carrier: 'UPS', trackingNo: '1Z999AA10123456784' }],
    });
    expect(shipped).toEqual({ shipped: 1, errors: [] });
    // Shipped twice: refused with why, nothing changed.
    const again = await ok(`${M}/ship`, {
      shipments: [{ id: order.id, carrier: 'DHL', trackingNo: 'X1' }],
    });
    expect(again).toEqual({
      shipped: 0,
      errors: [{ row: 1, orderNo: order.orderNo, reason: 'status.shipped' }],
    });
    expect(await detail(order.id)).toMatchObject({
      status: 'shipped',
      carrier: 'UPS',
      trackingNo: '1Z999AA10123456784',
    });
    // The marketplace is told (a job); the sandbox's carrier then delivers (here by its page).
    await t.app.jobs.drain();
    expect((await ok(`${M}/sandbox/in-transit`)).map((o: { id: number }) => o.id)).toEqual([
      order.id,
    ]);
    await ok(`${M}/sandbox/deliver`, { id: order.id });
    expect((await detail(order.id)).status).toBe('delivered');
    const parts = await ok(`${M}/parts`, { id: order.id });
    expect(parts.events.map((e: { type: string }) => e.type)).toEqual([
      'placed',
      'paid',
      'shipped',
      'delivered',
    ]);
    expect(parts.items[0]).toMatchObject({ sellerSku: 'PAN-28', quantity: 2, amountCny: '360.00' });

    // The overview and the ranking count it; yesterday had nothing.
    const overview = await ok(`${M}/overview`, { from: addDays(today, -6), to: today });
    // Alice's 2 and Carol's 3 at 25.00 USD and 7.2.
    expect(overview.total).toMatchObject({
      orders: 2,
      units: 5,
      sales: '900.00',
      fees: '135.00',
      net: '765.00',
    });
    expect(overview.days).toHaveLength(7);
    expect(overview.days.at(-1)).toMatchObject({ day: today, orders: 2 });
    expect(overview.sites).toEqual([
      expect.objectContaining({ marketplace: 'amazon', site: 'US', orders: 2 }),
    ]);
    const goods = await ok(`${M}/ranking`, { from: today, to: today, by: 'goods', sort: 'units' });
    expect(goods.rows).toEqual([
      { key: 'PAN-28', label: 'Steel pan 28 cm', orders: 2, units: 5, sales: '900.00' },
    ]);
    const buyers = await ok(`${M}/ranking`, {
      from: today,
      to: today,
      by: 'buyers',
      sort: 'sales',
    });
    expect(buyers.rows.map((r: { key: string }) => r.key)).toEqual(['Carol', 'Alice']);

    // The dashboard: today's figures, linked to today's orders.
    const summary = await ok('/admin/dashboard/summary');
    expect(summary.marketplaceOrders).toEqual({
      today: { orders: 2, sales: '900.00' },
      yesterday: { orders: 0, sales: '0.00' },
      link: `/orders-list?orderedAtRange=${today},${today}`,
    });
  });

  it('cancels an order not yet shipped (its stock back, out of the figures) and refunds a shipped one', async () => {
    const live = await listing();
    const first = await buy(live.id, 3);
    const second = await buy(live.id, 1, 'Bob');
    expect((await ok(`${M}/overview`, { from: today, to: today })).total.orders).toBe(2);

    await ok(`${M}/cancel`, { id: first.id, reason: 'buyer asked' });
    expect((await detail(first.id)).status).toBe('cancelled');
    expect((await detail(first.id)).feesCny).toBe('0.00');
    const [after] = await t.db.select().from(listings).where(eq(listings.id, live.id));
    expect(after!.stock).toBe(9);
    const figures = await ok(`${M}/overview`, { from: today, to: today });
    expect(figures.total).toMatchObject({ orders: 1, units: 1, sales: '177.50' });
    const goods = await ok(`${M}/ranking`, { from: today, to: today, by: 'goods', sort: 'units' });
    expect(goods.rows[0]).toMatchObject({ units: 1, sales: '177.50' });
    // A cancelled order is not cancelled twice, nor refunded.
    expect((await call(`${M}/cancel`, { id: first.id })).code).toBe(40900);
    const why = 'damaged';
    expect((await call(`${M}/refund`, { id: first.id, amount: '1', reason: why })).code).toBe(
      40900,
    );

    // Not yet shipped: no refund; shipped: in part, then the rest (never more than is left).
    expect((await call(`${M}/refund`, { id: second.id, amount: '5', reason: why })).code).toBe(
      40900,
    );
    await ok(`${M}/ship`, { shipments: [{ id: second.id, carrier: 'USPS', trackingNo: 'US1' }] });
    // Above what is left: refused on the amount with the most that may go back, not lowered.
    const tooMuch = await call(`${M}/refund`, { id: second.id, amount: '30', reason: why });
    expect(tooMuch.code).toBe(40000);
    expect(tooMuch.data.fields).toEqual([
      { field: 'amount', message: expect.stringContaining('25.00') },
    ]);
    expect((await detail(second.id)).refundAmount).toBe('0.00');
    // An amount and a reason are needed: leaving either out is not "all of it".
    for (const body of [{ amount: '10' }, { amount: '10', reason: '  ' }, { reason: why }]) {
      const refused = await call(`${M}/refund`, { id: second.id, ...body });
      expect(refused.code, JSON.stringify(body)).toBe(40000);
    }
    expect((await ok(`${M}/refund`, { id: second.id, amount: '10', reason: why })).status).toBe(
      'shipped',
    );
    expect((await detail(second.id)).refundCny).toBe('71.00');
    expect((await ok(`${M}/refund`, { id: second.id, amount: '15', reason: why })).status).toBe(
      'refunded',
    );
    const refunded = await ok(`${M}/overview`, { from: today, to: today });
    expect(refunded.total).toMatchObject({ refunds: '177.50', net: '-26.63' });
  });

  it('keeps the ship-to address, prints its packing slip and label, and ships with the label', async () => {
    const live = await listing();
    const order = await buy(live.id, 2, 'Grace Hopper');
    const row = await detail(order.id);
    // The sandbox fills the buyer's address in the site's country.
    expect(row).toMatchObject({ shipName: 'Grace Hopper', shipCountry: 'US' });
    expect(row.shipAddress1).not.toBe('');
    expect(row.shipCity).not.toBe('');
    expect(row.shipPhone).toMatch(/^\+1 /);
    // The phone masked like customers' phones without its permission.
    await createAccount(t, { name: 'packer', permissions: ['orders-list', 'orders-list.ship'] });
    const packer = await t.login('packer@main', SUB_PASSWORD);
    const masked = await ok(`${M}/detail`, { id: order.id }, packer);
    expect(masked.shipPhone).toMatch(/^.{3}\*{4}.{4}$/);
    expect(masked.shipPhone).not.toBe(row.shipPhone);

    const slip = await t.post(`${M}/packing-slip`, { ids: [order.id] }, packer);
    expect(slip.statusCode).toBe(200);
    expect(slip.headers['content-type']).toContain('application/pdf');
    expect(slip.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await call(`${M}/packing-slip`, { ids: [999_999] })).code).toBe(40400);

    const label = await t.post(`${M}/label`, { id: order.id }, packer);
    expect(label.headers['content-type']).toContain('application/pdf');
    const labelled = await detail(order.id);
    expect(labelled).toMatchObject({ labelCarrier: 'USPS' });
    expect(labelled.labelTrackingNo).toMatch(/^9400\d{18}$/);
    // Asked again, the same label.
    await t.post(`${M}/label`, { id: order.id }, packer);
    expect((await detail(order.id)).labelTrackingNo).toBe(labelled.labelTrackingNo);
    const shipped = await ok(
      `${M}/ship`,
      { shipments: [{ id: order.id, carrier: 'USPS', trackingNo: labelled.labelTrackingNo }] },
      packer,
    );
    expect(shipped.shipped).toBe(1);
    expect((await detail(order.id)).status).toBe('shipped');
    const events = (await ok(`${M}/parts`, { id: order.id })).events.map(
      (e: { type: string }) => e.type,
    );
    expect(events).toEqual(expect.arrayContaining(['label', 'shipped']));
    // No label for an order that shipped without one, nor without the ship permission.
    const other = await buy(live.id, 1, 'Ada');
    await ok(`${M}/cancel`, { id: other.id, reason: 'buyer asked' });
    expect((await call(`${M}/label`, { id: other.id })).code).toBe(40900);
  });

  it('ships from a file: good rows ship, the others say their row and why', async () => {
    const live = await listing();
    const a = await buy(live.id, 1);
    const b = await buy(live.id, 1, 'Bob');
    const csv = [
      '订单号,承运商,运单号',
      `${a.orderNo},UPS,1Z1`,
      `${b.orderNo},云途,YT2`,
      '999-0000000-0000000,UPS,1Z3',
      `${a.orderNo},UPS,bad number!`,
    ].join('\n');
    const boundary = 'x-boundary';
    const res = await t.app.inject({
      method: 'POST',
      url: `${M}/ship-file`,
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="ship.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`,
    });
    const body = res.json();
    expect(body.code, body.msg).toBe(200);
    expect(body.data).toEqual({
      shipped: 2,
      errors: [
        { row: 4, orderNo: '999-0000000-0000000', reason: 'notFound' },
        { row: 5, orderNo: a.orderNo, reason: 'invalid.trackingNo' },
      ],
    });
    expect(await detail(b.id)).toMatchObject({ status: 'shipped', carrier: 'YunExpress' });
  });

  it('gives a template of the orders to ship, and ships the .xlsx it becomes', async () => {
    const live = await listing();
    const a = await buy(live.id, 1);
    const template = await t.app.inject({
      method: 'POST',
      url: `${M}/ship-template`,
      payload: {},
      headers: { authorization: `Bearer ${token}` },
    });
    expect(template.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(template.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, '订单号', '承运商', '运单号']);
    expect(sheet.getRow(2).getCell(1).value).toBe(a.orderNo);
    sheet.getRow(2).getCell(2).value = 'FedEx';
    sheet.getRow(2).getCell(3).value = 'FX-123';
    const file = Buffer.from(await book.xlsx.writeBuffer());
    const boundary = 'x-boundary';
    const res = await t.app.inject({
      method: 'POST',
      url: `${M}/ship-file`,
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="ship.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
        file,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(res.json().data).toEqual({ shipped: 1, errors: [] });
    expect(await detail(a.id)).toMatchObject({
      status: 'shipped',
      carrier: 'FedEx',
      trackingNo: 'FX-123',
    });
  });

  it('finds an order by any of its SKUs, newest first, only among the merchant’s own', async () => {
    const other = await createOtherMerchant(t);
    const order = (merchantId: number, orderNo: string, skus: string[], orderedAt: string) =>
      storedOrder({
        merchantId,
        orderNo,
        skus,
        orderedAt: new Date(orderedAt),
        marketplace: 'ebay',
      });
    await t.db
      .insert(marketplaceOrders)
      .values([
        order(1, 'S-1', ['MUG', 'CUP'], '2026-01-01T00:00:00Z'),
        order(1, 'S-2', ['CUP'], '2026-02-01T00:00:00Z'),
        order(other.merchant.id, 'S-3', ['CUP'], '2026-03-01T00:00:00Z'),
      ]);
    const numbers = async (skus: string) =>
      (await ok(`${M}/list`, { page: 1, pageSize: 20, skus })).items.map(
        (o: { orderNo: string }) => o.orderNo,
      );
    expect(await numbers('CUP')).toEqual(['S-2', 'S-1']);
    expect(await numbers('MUG')).toEqual(['S-1']);
    expect(await numbers('PLATE')).toEqual([]);
    // An order's SKUs corrected: the filter follows them.
    await t.db
      .update(marketplaceOrders)
      .set({ skus: ['PLATE'] })
      .where(eq(marketplaceOrders.orderNo, 'S-1'));
    expect(await numbers('MUG')).toEqual([]);
    expect(await numbers('PLATE')).toEqual(['S-1']);
  });

  it('finds a site’s orders of a status newest first, page by page, only the merchant’s own', async () => {
    const other = await createOtherMerchant(t);
    const order = (
      merchantId: number,
      orderNo: string,
      site: string,
      status: 'delivered' | 'shipped',
      day: number,
    ) =>
      storedOrder({
        merchantId,
        orderNo,
        site,
        status,
        buyer: 'Eve',
        orderedAt: new Date(Date.UTC(2026, 0, day)),
      });
    // The newest of the UK's are shipped, not yet delivered; the page of delivered ones is below.
    await t.db
      .insert(marketplaceOrders)
      .values([
        order(1, 'UK-1', 'UK', 'delivered', 1),
        order(1, 'UK-2', 'UK', 'delivered', 2),
        order(1, 'US-3', 'US', 'delivered', 3),
        order(1, 'UK-4', 'UK', 'delivered', 4),
        order(other.merchant.id, 'UK-5', 'UK', 'delivered', 5),
        order(1, 'UK-6', 'UK', 'shipped', 6),
        order(1, 'UK-7', 'UK', 'shipped', 7),
      ]);
    const first = await ok(`${M}/list`, { page: 1, pageSize: 2, site: 'UK', status: 'delivered' });
    expect(first.total).toBe(3);
    expect(first.items.map((o: { orderNo: string }) => o.orderNo)).toEqual(['UK-4', 'UK-2']);
    expect(first.items[0]).toMatchObject({ site: 'UK', status: 'delivered', buyer: 'Eve' });
    const second = await ok(`${M}/list`, {
      page: 2,
      pageSize: 2,
      site: 'UK',
      status: 'delivered',
      cursor: first.nextCursor,
    });
    expect(second.items.map((o: { orderNo: string }) => o.orderNo)).toEqual(['UK-1']);
    const shipped = await ok(`${M}/list`, { page: 1, pageSize: 20, site: 'UK', status: 'shipped' });
    expect(shipped.items.map((o: { orderNo: string }) => o.orderNo)).toEqual(['UK-7', 'UK-6']);
  });

  it('is the merchant’s own, and shipping and refunds need their permissions', async () => {
    const live = await listing();
    const order = await buy(live.id, 1);
    const other = await createOtherMerchant(t);
    expect((await call(`${M}/detail`, { id: order.id }, other.token)).code).toBe(40400);
    expect((await call(`${M}/parts`, { id: order.id }, other.token)).code).toBe(40400);
    const foreign = await ok(
      `${M}/ship`,
      { shipments: [{ id: order.id, carrier: 'UPS', trackingNo: 'Z1' }] },
      other.token,
    );
    expect(foreign.errors[0].reason).toBe('notFound');
    expect(
      (
        await call(
          `${M}/sandbox/buy`,
          { listingId: live.id, quantity: 1, buyer: 'Eve' },
          other.token,
        )
      ).code,
    ).toBe(40400);

    await createAccount(t, { name: 'clerk', permissions: ['orders-list'] });
    const clerk = await t.login('clerk@main', SUB_PASSWORD);
    expect((await call(`${M}/list`, { page: 1, pageSize: 20 }, clerk)).code).toBe(200);
    const denied = [
      [`${M}/ship`, { shipments: [{ id: order.id, carrier: 'UPS', trackingNo: 'Z1' }] }],
      [`${M}/refund`, { id: order.id, amount: '1', reason: 'test' }],
      [`${M}/cancel`, { id: order.id }],
      [`${M}/overview`, { from: today, to: today }],
      [`${M}/ranking`, { from: today, to: today, by: 'goods', sort: 'units' }],
    ] as const;
    for (const [url, body] of denied) expect((await call(url, body, clerk)).code, url).toBe(40300);
    const summary = await ok('/admin/dashboard/summary', {}, clerk);
    expect(summary.shopOrders).toBeNull();
  });
});
