import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { feeds as feedsResource } from '../../../shared/resources/feeds';
import { feedItems, feeds } from '../../db/schema/feeds';
import { goods, goodsVariants } from '../../db/schema/goods';
import { goodsSettings } from '../../db/schema/goods-setting';
import { listings } from '../../db/schema/listing';
import { readContract } from '../../kit/resource-contract';
import { SandboxMarketplace } from '../../marketplace/sandbox';
import {
  createAccount,
  createOtherMerchant,
  createTestApp,
  type TestApp,
} from '../../test-support';
import { createFeed, processFeed } from './service';

/**
 * A feed is made by sending goods, resending a feed's failed items or changing a listing's price
 * or stock, each through createFeed: here the n-th, a price feed of n items. The worker stays off,
 * so it stays queued.
 */
readContract(
  feedsResource,
  async ({ t }, n) =>
    (
      await createFeed(t.db, t.app.jobs, {
        merchantId: 1,
        kind: 'price',
        settingId: null,
        marketplace: 'amazon',
        site: 'US',
        items: Array.from({ length: n }, (_, i) => ({
          goodsId: null,
          sellerSku: `PAN-${n}-${i}`,
          title: 'Steel pan',
          upc: '',
          images: [],
          bulletPoints: [],
          price: '25.00',
          currency: 'USD',
          stock: null,
        })),
      })
    ).id,
  { env: { JOBS: 'off' } },
);

let t: TestApp;
let token: string;
/**
 * Each test of a describe gets an app whose worker works feeds at once (not the contract's tests
 * above: their feeds stay as made).
 */
function workingApp() {
  beforeEach(async () => {
    t = await createTestApp({
      JOB_POLL_MS: '20',
      MARKETPLACE_SANDBOX_CHAOS: '0',
      MARKETPLACE_SANDBOX_BATCH_MS: '0',
    });
    token = await t.login();
  });
  afterEach(() => t.close());
}

const call = async (url: string, body: unknown = {}, as = token) =>
  (await t.post(url, body, as)).json();

/** A listing setting for Amazon US: cost × 1.3 + 5 yuan, at 7.2 yuan a dollar. */
async function setting(merchantId = 1) {
  const [row] = await t.db
    .insert(goodsSettings)
    .values({
      merchantId,
      name: 'Amazon US',
      marketplace: 'amazon',
      site: 'US',
      currency: 'USD',
      exchangeRate: '7.2000',
      markupPercent: '30',
      fixedFee: '5',
      defaultStock: 20,
    })
    .returning();
  return row!;
}

/** A ready goods with variants: `[sku, upc, cost, stock]` each. */
async function readyGoods(
  title: string,
  variants: [string, string, string, number][],
  merchantId = 1,
) {
  const [row] = await t.db
    .insert(goods)
    .values({
      merchantId,
      title,
      status: 'ready',
      images: ['https://img.example.com/a.jpg'],
      bulletPoints: ['Sturdy'],
      variantCount: variants.length,
    })
    .returning();
  await t.db.insert(goodsVariants).values(
    variants.map(([sellerSku, upc, cost, stock], i) => ({
      merchantId,
      goodsId: row!.id,
      sellerSku,
      upc,
      cost,
      price: '99.00',
      stock,
      sortOrder: i,
    })),
  );
  return row!;
}

/** The feed once its job has worked it through. */
async function settled(id: number) {
  for (let i = 0; i < 300; i++) {
    const feed = (await call('/admin/feeds/detail', { id })).data;
    if (!['queued', 'processing'].includes(feed.status)) return feed;
    await sleep(20);
  }
  throw new Error(`feed ${id} did not settle`);
}

describe('feeds and listings', () => {
  workingApp();
  it('sends ready goods, lists what the marketplace accepts, and says why it refused the rest', async () => {
    const amazon = await setting();
    const pan = await readyGoods('Steel pan', [
      ['PAN-S', '036000291452', '72.00', 5],
      ['PAN-L', '4006381333931', '0', 0],
    ]);
    const fake = await readyGoods('Replica watch', [['WATCH', '6901234567892', '10.00', 1]]);
    const noCode = await readyGoods('Cup', [['CUP', '', '10.00', 1]]);
    const sent = await call('/admin/feeds/send', {
      settingId: amazon.id,
      goodsIds: [pan.id, fake.id, noCode.id],
    });
    expect(sent.code, sent.msg).toBe(200);
    expect(sent.data.total).toBe(4);
    expect(sent.data.batchNo).toMatch(/^F\d{18}$/);

    const feed = await settled(sent.data.id);
    expect(feed).toMatchObject({
      status: 'partial',
      total: 4,
      processed: 4,
      succeeded: 2,
      failed: 2,
    });
    const items = (await call('/admin/feeds/items', { id: feed.id })).data.items;
    expect(
      items.map((i: { sellerSku: string; status: string; error: string }) => [
        i.sellerSku,
        i.status,
        i.error,
      ]),
    ).toEqual([
      ['PAN-S', 'accepted', ''],
      ['PAN-L', 'accepted', ''],
      ['WATCH', 'rejected', 'banned-word'],
      ['CUP', 'rejected', 'missing-upc'],
    ]);
    // (72 × 1.3 + 5) ÷ 7.2 = 13.6944… → 13.70; without a cost, 99 ÷ 7.2 = 13.75; no stock: the default.
    const live = (await call('/admin/listing/list', {})).data.items;
    expect(
      live
        .map((l: { sellerSku: string; price: string; stock: number; status: string }) => [
          l.sellerSku,
          l.price,
          l.stock,
          l.status,
        ])
        .sort(),
    ).toEqual([
      ['PAN-L', '13.75', 20, 'active'],
      ['PAN-S', '13.70', 5, 'active'],
    ]);
    const statuses = Object.fromEntries(
      (await t.db.select().from(goods)).map((g) => [g.title, g.status]),
    );
    expect(statuses).toEqual({ 'Steel pan': 'listed', 'Replica watch': 'error', Cup: 'error' });

    // The cup gets its code; resending the failed items sends the goods as they are now.
    await t.db
      .update(goodsVariants)
      .set({ upc: '012345678905' })
      .where(eq(goodsVariants.sellerSku, 'CUP'));
    const again = await call('/admin/feeds/resend', { id: feed.id });
    expect(again.data.total).toBe(2);
    const second = await settled(again.data.id);
    expect(second).toMatchObject({ status: 'partial', succeeded: 1, failed: 1 });
    expect((await call('/admin/listing/list', {})).data.total).toBe(3);
    const [cup] = await t.db.select().from(goods).where(eq(goods.id, noCode.id));
    expect(cup?.status).toBe('listed');
    const log = (await call('/admin/operation-log/list', {})).data.items.map(
      (r: { action: string }) => r.action,
    );
    expect(log).toEqual(expect.arrayContaining(['feeds.send', 'feeds.resend']));
  });

  it('sends a listing’s new price or stock as a feed, and suppresses it when refused', async () => {
    const amazon = await setting();
    const pan = await readyGoods('Steel pan', [['PAN', '036000291452', '72.00', 5]]);
    await settled(
      (await call('/admin/feeds/send', { settingId: amazon.id, goodsIds: [pan.id] })).data.id,
    );
    const [listing] = (await call('/admin/listing/list', {})).data.items;

    const priced = await call('/admin/listing/update', { id: listing.id, price: '15.99' });
    expect(priced.code, priced.msg).toBe(200);
    const [priceFeed] = (await call('/admin/feeds/list', { kind: 'price' })).data.items;
    expect(await settled(priceFeed.id)).toMatchObject({ status: 'done', total: 1 });
    expect((await call('/admin/listing/detail', { id: listing.id })).data).toMatchObject({
      price: '15.99',
      status: 'active',
    });

    await call('/admin/listing/update', { id: listing.id, stock: 3 });
    const [stockFeed] = (await call('/admin/feeds/list', { kind: 'inventory' })).data.items;
    expect(await settled(stockFeed.id)).toMatchObject({ status: 'done' });

    // A price of 0 is refused here; one the marketplace refuses suppresses the listing.
    expect((await call('/admin/listing/update', { id: listing.id, price: '0' })).code).toBe(40000);
    const zero = await createFeed(t.db, t.app.jobs, {
      merchantId: 1,
      kind: 'price',
      settingId: null,
      marketplace: 'amazon',
      site: 'US',
      items: [
        {
          goodsId: pan.id,
          sellerSku: 'PAN',
          title: 'Steel pan',
          upc: '',
          images: [],
          bulletPoints: [],
          price: '0.00',
          currency: 'USD',
          stock: null,
        },
      ],
    });
    expect(await settled(zero.id)).toMatchObject({ status: 'failed', failed: 1 });
    expect((await call('/admin/listing/detail', { id: listing.id })).data).toMatchObject({
      status: 'suppressed',
      reason: 'price',
    });
    // Only price and stock are the merchant's to change here.
    await call('/admin/listing/update', { id: listing.id, title: 'Changed', listingId: 'X' });
    expect((await call('/admin/listing/detail', { id: listing.id })).data.title).toBe('Steel pan');
  });

  it('keeps a goods live on one site listed when a feed for another site fails', async () => {
    const us = await setting();
    const pan = await readyGoods('Steel pan', [['PAN', '036000291452', '72.00', 5]]);
    const first = await call('/admin/feeds/send', { settingId: us.id, goodsIds: [pan.id] });
    expect(await settled(first.data.id)).toMatchObject({ status: 'done' });
    const [de] = await t.db
      .insert(goodsSettings)
      .values({
        merchantId: 1,
        name: 'Amazon DE',
        marketplace: 'amazon',
        site: 'DE',
        currency: 'EUR',
        exchangeRate: '7.8000',
      })
      .returning();
    // The code taken off the variant: the German site refuses it.
    await t.db.update(goodsVariants).set({ upc: '' }).where(eq(goodsVariants.sellerSku, 'PAN'));
    const second = await call('/admin/feeds/send', { settingId: de!.id, goodsIds: [pan.id] });
    expect(await settled(second.data.id)).toMatchObject({ status: 'failed', failed: 1 });
    const [kept] = await t.db.select().from(goods).where(eq(goods.id, pan.id));
    expect(kept?.status).toBe('listed');
    const sites = (await call('/admin/listing/list', {})).data.items.map(
      (l: { site: string; status: string }) => [l.site, l.status],
    );
    expect(sites).toEqual([['US', 'active']]);
  });

  it('previews each price, then sends a goods of several variants as a variation family', async () => {
    const amazon = await setting();
    const shirt = await readyGoods('Linen shirt', [
      ['SHIRT-RED-M', '036000291452', '72.00', 5],
      ['SHIRT-BLUE-L', '4006381333931', '0', 3],
    ]);
    await t.db
      .update(goods)
      .set({
        attributes: [
          { name: '颜色', values: ['红', '蓝'] },
          { name: '尺码', values: ['M', 'L'] },
        ],
      })
      .where(eq(goods.id, shirt.id));
    await t.db
      .update(goodsVariants)
      .set({ options: { 颜色: '红', 尺码: 'M' } })
      .where(eq(goodsVariants.sellerSku, 'SHIRT-RED-M'));
    await t.db
      .update(goodsVariants)
      .set({ options: { 颜色: '蓝', 尺码: 'L' } })
      .where(eq(goodsVariants.sellerSku, 'SHIRT-BLUE-L'));

    const preview = await call('/admin/feeds/preview', {
      settingId: amazon.id,
      goodsIds: [shirt.id],
    });
    expect(preview.code, preview.msg).toBe(200);
    expect(preview.data).toMatchObject({ currency: 'USD', exchangeRate: '7.2000' });
    // The parent (no price), then each child: (72 × 1.3 + 5) ÷ 7.2 = 13.70; no cost: 99 ÷ 7.2.
    expect(
      preview.data.items.map((i: Record<string, unknown>) => [
        i.sellerSku,
        i.parentSku,
        i.variationTheme,
        i.costCny,
        i.price,
      ]),
    ).toEqual([
      ['SHIRT-RED-M-PARENT', '', 'SizeColor', null, null],
      ['SHIRT-RED-M', 'SHIRT-RED-M-PARENT', 'SizeColor', '72.00', '13.70'],
      ['SHIRT-BLUE-L', 'SHIRT-RED-M-PARENT', 'SizeColor', '99.00', '13.75'],
    ]);
    expect(preview.data.items[1].variation).toEqual({ Color: '红', Size: 'M' });
    // Nothing is sent by a preview.
    expect((await call('/admin/feeds/list', {})).data.total).toBe(0);

    const sent = await call('/admin/feeds/send', { settingId: amazon.id, goodsIds: [shirt.id] });
    expect(await settled(sent.data.id)).toMatchObject({ status: 'done', total: 3, succeeded: 3 });
    const family = (await t.db.select().from(listings)).map((l) => [
      l.sellerSku,
      l.parentSku,
      l.variationTheme,
    ]);
    expect(family.sort()).toEqual([
      ['SHIRT-BLUE-L', 'SHIRT-RED-M-PARENT', 'SizeColor'],
      ['SHIRT-RED-M', 'SHIRT-RED-M-PARENT', 'SizeColor'],
      ['SHIRT-RED-M-PARENT', '', 'SizeColor'],
    ]);
    const [listed] = await t.db.select().from(goods).where(eq(goods.id, shirt.id));
    expect(listed?.status).toBe('listed');
  });

  it('sends a feed of more items than one statement takes parameters for', async () => {
    const amazon = await setting();
    // 350 goods of 20 variants: 7,000 items, 77,000 values where a statement takes 65,535.
    const many = await t.db
      .insert(goods)
      .values(
        Array.from({ length: 350 }, (_, i) => ({
          merchantId: 1,
          title: `Tee ${i}`,
          status: 'ready' as const,
          images: ['https://img.example.com/a.jpg'],
          variantCount: 20,
        })),
      )
      .returning({ id: goods.id });
    const variants = many.flatMap(({ id }, i) =>
      Array.from({ length: 20 }, (_, k) => ({
        merchantId: 1,
        goodsId: id,
        sellerSku: `TEE-${i}-${k}`,
        upc: '036000291452',
        cost: '10.00',
        stock: 5,
        sortOrder: k,
      })),
    );
    for (let at = 0; at < variants.length; at += 1_000)
      await t.db.insert(goodsVariants).values(variants.slice(at, at + 1_000));
    const sent = await call('/admin/feeds/send', {
      settingId: amazon.id,
      goodsIds: many.map((g) => g.id),
    });
    expect(sent.code, sent.msg).toBe(200);
    expect(sent.data.total).toBe(7_000);
    expect(await t.db.$count(feedItems, eq(feedItems.feedId, sent.data.id))).toBe(7_000);
  }, 60_000);

  it('refuses drafts, goods without variants and a setting of another merchant', async () => {
    const amazon = await setting();
    const [draft] = await t.db
      .insert(goods)
      .values({ merchantId: 1, title: 'Draft pot' })
      .returning();
    const refused = await call('/admin/feeds/send', {
      settingId: amazon.id,
      goodsIds: [draft!.id],
    });
    expect(refused.code).toBe(40000);
    expect(refused.msg).toContain('Draft pot');
    const [bare] = await t.db
      .insert(goods)
      .values({ merchantId: 1, title: 'Bare pot', status: 'ready' })
      .returning();
    expect(
      (await call('/admin/feeds/send', { settingId: amazon.id, goodsIds: [bare!.id] })).msg,
    ).toContain('Bare pot');
    const other = await createOtherMerchant(t);
    const theirs = await setting(other.merchant.id);
    const pan = await readyGoods('Steel pan', [['PAN', '036000291452', '72.00', 5]]);
    expect(
      (await call('/admin/feeds/send', { settingId: theirs.id, goodsIds: [pan.id] })).code,
    ).toBe(40000);
    expect((await call('/admin/feeds/send', { settingId: amazon.id, goodsIds: [] })).code).toBe(
      40000,
    );
    expect(await t.db.select().from(feeds)).toEqual([]);
  });

  it('keeps each merchant’s feeds and listings to itself, and needs the routes', async () => {
    const amazon = await setting();
    const pan = await readyGoods('Steel pan', [['PAN', '036000291452', '72.00', 5]]);
    const sent = (await call('/admin/feeds/send', { settingId: amazon.id, goodsIds: [pan.id] }))
      .data;
    await settled(sent.id);
    const other = await createOtherMerchant(t);
    expect((await call('/admin/feeds/list', {}, other.token)).data.total).toBe(0);
    expect((await call('/admin/listing/list', {}, other.token)).data.total).toBe(0);
    expect((await call('/admin/feeds/items', { id: sent.id }, other.token)).code).toBe(40400);
    expect((await call('/admin/feeds/resend', { id: sent.id }, other.token)).code).toBe(40400);
    expect((await call('/admin/feeds/candidates', {}, other.token)).data.items).toEqual([]);
    const [listing] = await t.db.select().from(listings);
    expect(
      (await call('/admin/listing/update', { id: listing!.id, price: '1.00' }, other.token)).code,
    ).toBe(40400);
    const { token: clerk } = await createAccount(t, { name: 'clerk', permissions: ['goods-list'] });
    expect(
      (await call('/admin/feeds/send', { settingId: amazon.id, goodsIds: [pan.id] }, clerk)).code,
    ).toBe(40300);
    expect((await call('/admin/listing/list', {}, clerk)).code).toBe(40300);
  });
});

describe('a feed the marketplace refuses as a whole', () => {
  workingApp();
  it('fails with the reason, every item rejected, ready to be sent again', async () => {
    await t.close();
    t = await createTestApp({ JOBS: 'off' });
    token = await t.login();
    const amazon = await setting();
    const pan = await readyGoods('Steel pan', [['PAN', '036000291452', '72.00', 5]]);
    const sent = (await call('/admin/feeds/send', { settingId: amazon.id, goodsIds: [pan.id] }))
      .data;
    const down = new SandboxMarketplace({ chaos: 1, batchMs: 0 });
    await processFeed(t.db, down, sent.id);
    const feed = (await call('/admin/feeds/detail', { id: sent.id })).data;
    expect(feed).toMatchObject({ status: 'failed', error: 'marketplace-unavailable', failed: 1 });
    const [item] = await t.db.select().from(feedItems).where(eq(feedItems.feedId, sent.id));
    expect(item).toMatchObject({ status: 'rejected', error: 'marketplace-unavailable' });
    // Run again (a retried job), it changes nothing.
    await processFeed(t.db, new SandboxMarketplace({ chaos: 0, batchMs: 0 }), sent.id);
    expect((await call('/admin/feeds/detail', { id: sent.id })).data.status).toBe('failed');
    const again = (await call('/admin/feeds/resend', { id: sent.id })).data;
    await processFeed(t.db, new SandboxMarketplace({ chaos: 0, batchMs: 0 }), again.id);
    expect((await call('/admin/feeds/detail', { id: again.id })).data.status).toBe('done');
  });
});

describe('a feed of many batches', () => {
  workingApp();
  /** The sandbox, watched: how many batches it holds at once, and which open the feed. */
  class Watched extends SandboxMarketplace {
    inFlight = 0;
    most = 0;
    calls = 0;
    /** Batches in flight as each opening batch went out. */
    openings: number[] = [];
    constructor(private readonly breakAt = 0) {
      super({ chaos: 0, batchMs: 20, parallel: 3 });
    }
    override async submit(...args: Parameters<SandboxMarketplace['submit']>) {
      this.calls += 1;
      if (this.calls === this.breakAt) throw new Error('connection reset');
      this.inFlight += 1;
      this.most = Math.max(this.most, this.inFlight);
      if (args[0].opening) this.openings.push(this.inFlight);
      try {
        return await super.submit(...args);
      } finally {
        this.inFlight -= 1;
      }
    }
  }

  it('opens with one batch alone, keeps the marketplace’s batches in flight, and goes on after a crash', async () => {
    await t.close();
    t = await createTestApp({ JOBS: 'off' });
    token = await t.login();
    const amazon = await setting();
    // 8 goods of 25 variants: 200 items, 8 batches of 25.
    const shirts = [];
    for (let g = 0; g < 8; g++)
      shirts.push(
        await readyGoods(
          `Shirt ${g}`,
          Array.from({ length: 25 }, (_, k) => [`SH-${g}-${k}`, '036000291452', '10.00', 5]),
        ),
      );
    const sent = (
      await call('/admin/feeds/send', { settingId: amazon.id, goodsIds: shirts.map((s) => s.id) })
    ).data;

    // The fourth batch breaks the connection: the job fails with what was answered kept.
    const breaking = new Watched(4);
    await expect(processFeed(t.db, breaking, sent.id)).rejects.toThrow('connection reset');
    expect(breaking.openings).toEqual([1]);
    const [cut] = await t.db.select().from(feeds).where(eq(feeds.id, sent.id));
    expect(cut).toMatchObject({ status: 'processing', failed: 0 });
    expect(cut!.processed % 25).toBe(0);
    expect(cut!.processed).toBeGreaterThanOrEqual(75);
    expect(cut!.processed).toBeLessThan(200);
    const queued = await t.db.select().from(feedItems).where(eq(feedItems.status, 'queued'));
    expect(queued).toHaveLength(200 - cut!.processed);

    // Run again, it sends only what was not answered, three batches at a time, and opens nothing.
    const steady = new Watched();
    await processFeed(t.db, steady, sent.id);
    expect(steady.calls).toBe((200 - cut!.processed) / 25);
    expect(steady.openings).toEqual([]);
    expect(steady.most).toBe(3);
    const feed = (await call('/admin/feeds/detail', { id: sent.id })).data;
    expect(feed).toMatchObject({ status: 'done', processed: 200, succeeded: 200, failed: 0 });
    expect(await t.db.$count(listings, eq(listings.merchantId, 1))).toBe(200);
  });
});
