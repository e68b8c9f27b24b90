import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { feedItems, feeds } from '../../db/schema/feeds';
import { goods, goodsVariants } from '../../db/schema/goods';
import { jobs } from '../../db/schema/job';
import { listings } from '../../db/schema/listing';
import { marketplaceOrders } from '../../db/schema/marketplace-order';
import { createTestApp, type TestApp } from '../../test-support';
import { FakeSpApi } from './fake-sp-api';
import { listingsFeedProblems } from './schemas';

/**
 * The whole Amazon flow through the screens' calls, against the fake SP-API: connect an account,
 * send a goods of three variants (two accepted, one refused with Amazon's issue), change a price,
 * import an order, ship it; and Amazon's throttling waited out on the job queue. Every token
 * exchange and every document the product sends is checked by the fake against Amazon's schemas.
 */

let fake: FakeSpApi;
let t: TestApp;
let token: string;
beforeAll(async () => {
  fake = await new FakeSpApi().start();
});
afterAll(() => fake.stop());
beforeEach(async () => {
  t = await createTestApp({
    JOBS: 'off',
    AMAZON_FEED_POLL_MS: '0',
    PUBLIC_URL: 'https://shop.example.com',
    ...fake.env(),
  });
  token = await t.login();
});
afterEach(() => t.close());

const call = async (url: string, body: unknown = {}) => {
  const answer = (await t.post(url, body, token)).json();
  expect(answer.code, `${url}: ${answer.msg}`).toBe(200);
  return answer.data;
};

/** Runs the queue until nothing is due, and waits out what is due soon (a throttled call). */
async function settle() {
  for (let round = 0; round < 50; round++) {
    await t.app.jobs.drain();
    const waiting = await t.db.select().from(jobs).where(eq(jobs.state, 'queued'));
    const soon = waiting.filter((job) => job.runAt.getTime() - Date.now() < 5_000);
    if (soon.length === 0) return;
    await sleep(Math.max(10, Math.min(...soon.map((job) => job.runAt.getTime() - Date.now()))));
  }
}

async function connect(sellerId = 'A1FAKESELLER01') {
  const seller = fake.addSeller(sellerId, ['ATVPDKIKX0DER']);
  const account = await call('/admin/marketplace-account/create', {
    name: 'Amazon US',
    marketplace: 'amazon',
    region: 'NA',
    sellerId: seller.sellerId,
    refreshToken: seller.refreshToken,
    marketplaceIds: ['ATVPDKIKX0DER'],
  });
  expect((await call('/admin/marketplace-account/test', { id: account.id })).status).toBe(
    'connected',
  );
  const setting = await call('/admin/goods-setting/create', {
    name: 'Amazon US',
    marketplace: 'amazon',
    site: 'US',
    currency: 'USD',
    exchangeRate: '7.2000',
    markupPercent: '30.00',
    fixedFee: '5.00',
    endIn99: false,
    handlingDays: 3,
    defaultStock: 10,
    accountId: account.id,
    productType: 'LUGGAGE',
  });
  return { seller, account, setting };
}

/** A ready goods with three variants: two with good UPCs, one with a UPC Amazon knows as another brand's. */
async function threeVariants() {
  const [row] = await t.db
    .insert(goods)
    .values({
      merchantId: 1,
      title: 'Hardside Carry-On Spinner Suitcase',
      brand: 'Voyagr',
      status: 'ready',
      images: ['/uploads/suitcase.jpg', 'https://img.example.com/suitcase-2.jpg'],
      bulletPoints: ['Polycarbonate shell', 'Spinner wheels'],
      description: '<p>Light <b>and</b> strong.</p>',
      variantCount: 3,
    })
    .returning();
  const variants = [
    ['VOY-20-BLK', '036000291452', '100.00', 5],
    ['VOY-24-BLK', '012345678905', '120.00', 0],
    ['VOY-28-BLK', '042100005264', '150.00', 7],
  ] as const;
  await t.db.insert(goodsVariants).values(
    variants.map(([sellerSku, upc, cost, stock], i) => ({
      merchantId: 1,
      goodsId: row!.id,
      sellerSku,
      upc,
      cost,
      stock,
      sortOrder: i,
    })),
  );
  fake.catalogue.set('042100005264', { brand: 'Samsonite', asin: 'B071VG5N9D' });
  return row!;
}

describe('Amazon through the Selling Partner API', () => {
  it('plays connect → feed → refusal with Amazon’s issue → price change → order → shipment', async () => {
    const { seller, setting } = await connect();
    const suitcase = await threeVariants();

    // The feed: one JSON_LISTINGS_FEED document, followed until Amazon is done.
    const sent = await call('/admin/feeds/send', {
      settingId: setting.id,
      goodsIds: [suitcase.id],
    });
    expect(sent.total).toBe(3);
    await settle();
    const [feed] = await t.db.select().from(feeds).where(eq(feeds.id, sent.id));
    expect(feed).toMatchObject({ status: 'partial', succeeded: 2, failed: 1, remoteFeedId: '' });
    const document = [...fake.feeds.values()].at(-1)!.document as {
      messages: { sku: string; productType: string; attributes: Record<string, unknown[]> }[];
    };
    expect(listingsFeedProblems(document)).toEqual([]);
    expect(document.messages.map((m) => m.sku)).toEqual(['VOY-20-BLK', 'VOY-24-BLK', 'VOY-28-BLK']);
    const first = document.messages[0]!;
    expect(first.productType).toBe('LUGGAGE');
    expect(first.attributes).toMatchObject({
      item_name: [{ value: 'Hardside Carry-On Spinner Suitcase', marketplace_id: 'ATVPDKIKX0DER' }],
      brand: [{ value: 'Voyagr' }],
      bullet_point: [{ value: 'Polycarbonate shell' }, { value: 'Spinner wheels' }],
      product_description: [{ value: 'Light and strong.' }],
      externally_assigned_product_identifier: [{ type: 'upc', value: '036000291452' }],
      main_product_image_locator: [
        { media_location: 'https://shop.example.com/uploads/suitcase.jpg' },
      ],
      // (100 × 1.3 + 5) ÷ 7.2 = 18.75
      purchasable_offer: [
        { currency: 'USD', our_price: [{ schedule: [{ value_with_tax: 18.75 }] }] },
      ],
      fulfillment_availability: [{ fulfillment_channel_code: 'DEFAULT', quantity: 5 }],
    });
    // A variant without stock starts with the setting's.
    expect(document.messages[1]!.attributes.fulfillment_availability).toEqual([
      { fulfillment_channel_code: 'DEFAULT', quantity: 10, lead_time_to_ship_max_days: 3 },
    ]);

    // Each item's outcome, in the feed's screen: the refused one with Amazon's words.
    const { items } = await call('/admin/feeds/items', { id: sent.id });
    expect(items.map((i: { status: string }) => i.status)).toEqual([
      'accepted',
      'accepted',
      'rejected',
    ]);
    expect(items[2]).toMatchObject({ error: 'marketplace-issue' });
    expect(items[2].detail).toContain('8541');
    expect(items[2].detail).toContain('Samsonite');
    const live = await t.db.select().from(listings).orderBy(listings.sellerSku);
    expect(live.map((l) => [l.sellerSku, l.status])).toEqual([
      ['VOY-20-BLK', 'active'],
      ['VOY-24-BLK', 'active'],
    ]);
    expect(live[0]!.listingId).toBe(fake.listing(seller.sellerId, 'VOY-20-BLK')!.asin);
    // Two of its sizes are live, so the goods reads listed (in error only when live nowhere); the
    // refused size is told in the feed's items above.
    expect((await t.db.select().from(goods).where(eq(goods.id, suitcase.id)))[0]!.status).toBe(
      'listed',
    );

    // Listed on a real account, they are not offered to the sandbox's buyer.
    const offered = await call('/admin/marketplace-order/sandbox/listings', {});
    expect(JSON.stringify(offered)).not.toContain('VOY-20-BLK');

    // A price change goes at once as a PATCH of the listing.
    await call('/admin/listing/update', { id: live[0]!.id, price: '21.50' });
    await settle();
    expect(fake.listing(seller.sellerId, 'VOY-20-BLK')!.attributes.purchasable_offer).toEqual([
      {
        marketplace_id: 'ATVPDKIKX0DER',
        currency: 'USD',
        our_price: [{ schedule: [{ value_with_tax: 21.5 }] }],
      },
    ]);
    // Read back from Amazon: price, stock and status as it has them.
    await call('/admin/listing/refresh', { id: live[0]!.id });
    await settle();
    const [refreshed] = await t.db.select().from(listings).where(eq(listings.id, live[0]!.id));
    expect(refreshed).toMatchObject({ price: '21.50', stock: 5, status: 'active' });

    // An order placed on Amazon is imported once, however often the import runs.
    const placed = fake.addOrder(seller.sellerId, [
      {
        sku: 'VOY-20-BLK',
        title: 'Hardside Carry-On Spinner Suitcase',
        quantity: 2,
        unitPrice: '21.50',
      },
    ]);
    const account = (await call('/admin/marketplace-account/list', {})).items[0];
    await call('/admin/marketplace-account/import-orders', { id: account.id });
    await settle();
    await call('/admin/marketplace-account/import-orders', { id: account.id });
    await settle();
    const orders = await t.db.select().from(marketplaceOrders);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({
      orderNo: placed.AmazonOrderId,
      marketplace: 'amazon',
      site: 'US',
      status: 'unshipped',
      totalAmount: '43.00',
      units: 2,
    });

    // Shipping it in the product confirms the shipment on Amazon.
    const shipped = await call('/admin/marketplace-order/ship', {
      shipments: [{ id: orders[0]!.id, carrier: 'UPS', trackingNo: '1Z999AA10123456784' }],
    });
    expect(shipped.shipped).toBe(1);
    await settle();
    expect(fake.shipments).toHaveLength(1);
    expect(fake.shipments[0]!.body).toMatchObject({
      marketplaceId: 'ATVPDKIKX0DER',
      packageDetail: {
        carrierCode: 'UPS',
        trackingNumber: '1Z999AA10123456784',
        orderItems: [{ orderItemId: placed.items[0]!.OrderItemId, quantity: 2 }],
      },
    });
    const parts = await call('/admin/marketplace-order/parts', { id: orders[0]!.id });
    expect(JSON.stringify(parts)).toContain('confirmed');

    // Every exchange was the application's, every call carried a token, every document kept the schema.
    expect(fake.exchanges.every((e) => e.client_id === fake.clientId)).toBe(true);
    expect(fake.calls.every((c) => c.authorized)).toBe(true);
    expect(fake.violations).toEqual([]);
  });

  it('waits out Amazon’s throttling on the job queue and drops nothing', async () => {
    const { setting } = await connect('A1FAKESELLER02');
    const suitcase = await threeVariants();
    fake.throttle(/^\/feeds\/2021-06-30\/documents$/, 2);
    fake.throttle(/^\/feeds\/2021-06-30\/feeds\/\d+$/, 1);
    const sent = await call('/admin/feeds/send', {
      settingId: setting.id,
      goodsIds: [suitcase.id],
    });
    await t.app.jobs.drain();
    // Throttled: the job waits (as Amazon's rate header asks) instead of failing.
    const [waiting] = await t.db.select().from(jobs).where(eq(jobs.name, 'feeds.process'));
    expect(waiting).toMatchObject({ state: 'queued', attempts: 0 });
    await settle();
    const [feed] = await t.db.select().from(feeds).where(eq(feeds.id, sent.id));
    expect(feed).toMatchObject({ status: 'partial', succeeded: 2, failed: 1 });
    const answered = await t.db.select().from(feedItems).where(eq(feedItems.feedId, sent.id));
    expect(answered.every((item) => item.status !== 'queued')).toBe(true);
    expect(fake.violations).toEqual([]);
  });

  it('leaves a setting without an account on the sandbox, unchanged', async () => {
    const setting = await call('/admin/goods-setting/create', {
      name: 'Sandbox US',
      marketplace: 'amazon',
      site: 'US',
      currency: 'USD',
      exchangeRate: '7.2000',
    });
    expect(setting.accountId).toBeNull();
    const suitcase = await threeVariants();
    const calls = fake.calls.length;
    const sent = await call('/admin/feeds/send', {
      settingId: setting.id,
      goodsIds: [suitcase.id],
    });
    const [feed] = await t.db.select().from(feeds).where(eq(feeds.id, sent.id));
    expect(feed!.accountId).toBeNull();
    expect(fake.calls.length).toBe(calls);
  });
});
