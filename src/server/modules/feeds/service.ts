import { randomInt } from 'node:crypto';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { FeedError, FeedKind, ListingStatus } from '../../../shared/feeds';
import type { Executor } from '../../db/client';
import { feedItems, feeds } from '../../db/schema/feeds';
import { goods } from '../../db/schema/goods';
import { goodsSettings } from '../../db/schema/goods-setting';
import { listings } from '../../db/schema/listing';
import { type JobQueue, RunAgain } from '../../kit/jobs';
import {
  type DocumentFeeds,
  FeedRefused,
  type FeedTarget,
  type ItemOutcome,
  type Marketplace,
  MarketplaceBusy,
  type MarketplaceItem,
} from '../../marketplace/marketplace';

/** The job that works through a feed: `{ feedId }`. */
export const FEED_JOB = 'feeds.process';

/** Feed items per insert statement. */
const ITEMS_PER_INSERT = 2_000;

/** A feed's number as the screen shows it: F + the time to the second + 4 random digits. */
function batchNumber(now = new Date()) {
  const stamp = now.toISOString().replace(/\D/g, '').slice(0, 14);
  return `F${stamp}${String(randomInt(10_000)).padStart(4, '0')}`;
}

export interface NewFeed {
  merchantId: number;
  kind: FeedKind;
  settingId: number | null;
  marketplace: 'amazon' | 'walmart' | 'ebay';
  site: string;
  items: (MarketplaceItem & { goodsId: number | null })[];
  resentFrom?: number;
  /** The seller account it goes through (none: the sandbox) and the product type it is sent as. */
  accountId?: number | null;
  productType?: string;
}

/**
 * Writes a feed and its items, and queues the job that sends them, all in `tx`: the feed exists
 * only with its job, and the job only once the feed is committed.
 */
export async function createFeed(tx: Executor, jobs: JobQueue, feed: NewFeed) {
  const [row] = await tx
    .insert(feeds)
    .values({
      merchantId: feed.merchantId,
      batchNo: batchNumber(),
      kind: feed.kind,
      settingId: feed.settingId,
      marketplace: feed.marketplace,
      site: feed.site,
      total: feed.items.length,
      resentFrom: feed.resentFrom ?? null,
      accountId: feed.accountId ?? null,
      productType: feed.productType ?? '',
    })
    .returning();
  if (!row) throw new Error('insert failed');
  // In slices: one statement takes at most 65,535 parameters, 5,957 items of 11 columns.
  for (let at = 0; at < feed.items.length; at += ITEMS_PER_INSERT)
    await tx.insert(feedItems).values(
      feed.items.slice(at, at + ITEMS_PER_INSERT).map((item) => ({
        merchantId: feed.merchantId,
        feedId: row.id,
        goodsId: item.goodsId,
        sellerSku: item.sellerSku,
        title: item.title,
        upc: item.upc,
        images: item.images,
        bulletPoints: item.bulletPoints,
        price: item.price,
        currency: item.currency,
        stock: item.stock,
        brand: item.brand ?? '',
        description: item.description ?? '',
        parentSku: item.parentSku ?? '',
        variationTheme: item.variationTheme ?? '',
        variation: item.variation ?? {},
      })),
    );
  await jobs.enqueue(
    FEED_JOB,
    { feedId: row.id },
    { dedupeKey: String(row.id), merchantId: row.merchantId },
    tx,
  );
  return row;
}

/**
 * Works through a feed: the batch that opens it goes alone (the marketplace may refuse the whole
 * feed there), the rest `marketplace.parallel` at a time. Each answer is kept with its listings
 * and counts in one transaction per batch, so that, run again after a crash, it goes on with the
 * items not yet answered. A feed the marketplace refuses fails, its unanswered items rejected with
 * the reason, so that "resend failed" sends them again.
 */
export async function processFeed(
  db: Executor,
  marketplace: Marketplace,
  feedId: number,
  progress: (value: unknown) => Promise<void> = async () => {},
) {
  const [feed] = await db.select().from(feeds).where(eq(feeds.id, feedId));
  if (!feed || !['queued', 'processing'].includes(feed.status)) return;
  await db.update(feeds).set({ status: 'processing' }).where(eq(feeds.id, feedId));
  const queued = await db
    .select({ id: feedItems.id })
    .from(feedItems)
    .where(and(eq(feedItems.feedId, feedId), eq(feedItems.status, 'queued')))
    .orderBy(asc(feedItems.id));
  const batches: number[][] = [];
  for (let at = 0; at < queued.length; at += marketplace.batchSize)
    batches.push(queued.slice(at, at + marketplace.batchSize).map((item) => item.id));

  let processed = feed.processed;
  let refused: FeedError | undefined;
  let failure: { error: unknown } | undefined;
  const send = async (ids: number[], opening: boolean) => {
    const batch = await db
      .select()
      .from(feedItems)
      .where(and(inArray(feedItems.id, ids), eq(feedItems.status, 'queued')))
      .orderBy(asc(feedItems.id));
    if (batch.length === 0) return;
    let outcomes: ItemOutcome[];
    try {
      outcomes = await marketplace.submit(
        {
          merchantId: feed.merchantId,
          kind: feed.kind,
          marketplace: feed.marketplace,
          site: feed.site,
          opening,
        },
        batch.map((item) => ({ ...item, price: item.price ?? null, stock: item.stock ?? null })),
      );
    } catch (error) {
      if (!(error instanceof FeedRefused)) throw error;
      refused ??= error.code;
      return;
    }
    await keepAnswers(db, feed, batch, outcomes);
    processed += batch.length;
    await progress({ processed });
  };

  let next = 0;
  const opening = batches[0];
  if (opening && feed.processed === 0) {
    next = 1;
    await send(opening, true);
  }
  // Each lane takes the next batch until none is left, the feed is refused or a lane failed.
  const lane = async () => {
    while (next < batches.length && !refused && !failure) {
      const ids = batches[next++]!;
      await send(ids, false).catch((error: unknown) => {
        failure ??= { error };
      });
    }
  };
  await Promise.all(Array.from({ length: marketplace.parallel }, lane));
  if (failure) throw failure.error;
  await finish(db, feed.id, refused);
}

type Feed = typeof feeds.$inferSelect;
type FeedItem = typeof feedItems.$inferSelect;

/** Keeps the marketplace's answers to one batch: its items, their listings and the feed's counts. */
async function keepAnswers(db: Executor, feed: Feed, batch: FeedItem[], outcomes: ItemOutcome[]) {
  const bySku = new Map(outcomes.map((o) => [o.sellerSku, o]));
  await db.transaction(async (tx) => {
    const now = new Date();
    for (const item of batch) {
      const outcome = bySku.get(item.sellerSku);
      const accepted = outcome?.accepted === true;
      const error = accepted ? '' : (outcome?.error ?? 'unknown-listing');
      const detail = outcome?.detail ?? '';
      await tx
        .update(feedItems)
        .set({ status: accepted ? 'accepted' : 'rejected', error, detail })
        .where(eq(feedItems.id, item.id));
      const listing = and(
        eq(listings.merchantId, feed.merchantId),
        eq(listings.marketplace, feed.marketplace),
        eq(listings.site, feed.site),
        eq(listings.sellerSku, item.sellerSku),
      );
      // What the listing holds as the marketplace took it.
      const live = {
        goodsId: item.goodsId,
        listingId: outcome?.listingId ?? '',
        title: item.title,
        price: item.price ?? '0',
        currency: item.currency,
        stock: item.stock ?? 0,
        accountId: feed.accountId,
        productType: feed.productType,
        parentSku: item.parentSku,
        variationTheme: item.variationTheme,
      };
      if (feed.kind === 'product' && accepted)
        await tx
          .insert(listings)
          .values({
            merchantId: feed.merchantId,
            marketplace: feed.marketplace,
            site: feed.site,
            sellerSku: item.sellerSku,
            ...live,
            lastSyncAt: now,
          })
          .onConflictDoUpdate({
            target: [listings.merchantId, listings.marketplace, listings.site, listings.sellerSku],
            set: {
              ...live,
              status: 'active',
              reason: '',
              reasonDetail: detail,
              lastSyncAt: now,
              updatedAt: now,
            },
          });
      else if (feed.kind !== 'product')
        // A price or stock change: the listing is as the marketplace now has it, or
        // suppressed with the marketplace's reason. One off sale, or being taken off sale (a
        // stock of 0 sent: listing/service.ts), stays off sale unless stock was put back.
        await tx
          .update(listings)
          .set(
            accepted
              ? {
                  status:
                    item.stock !== null && item.stock > 0
                      ? 'active'
                      : sql<ListingStatus>`case when ${listings.status} in ('delisting', 'inactive') then 'inactive' else 'active' end`,
                  reason: '',
                  reasonDetail: detail,
                  lastSyncAt: now,
                }
              : { status: 'suppressed', reason: error, reasonDetail: detail, lastSyncAt: now },
          )
          .where(listing);
    }
    const accepted = outcomes.filter((o) => o.accepted).length;
    await tx
      .update(feeds)
      .set({
        processed: sql`${feeds.processed} + ${batch.length}`,
        succeeded: sql`${feeds.succeeded} + ${accepted}`,
        failed: sql`${feeds.failed} + ${batch.length - accepted}`,
      })
      .where(eq(feeds.id, feed.id));
  });
}

async function finish(db: Executor, feedId: number, refused: FeedError | undefined, detail = '') {
  await db.transaction(async (tx) => {
    if (refused)
      await tx
        .update(feedItems)
        .set({ status: 'rejected', error: refused, detail })
        .where(and(eq(feedItems.feedId, feedId), eq(feedItems.status, 'queued')));
    const tally = await tx
      .select({ status: feedItems.status, n: count() })
      .from(feedItems)
      .where(eq(feedItems.feedId, feedId))
      .groupBy(feedItems.status);
    const n = (status: string) => tally.find((t) => t.status === status)?.n ?? 0;
    const succeeded = n('accepted');
    const failed = n('rejected');
    const [feed] = await tx
      .update(feeds)
      .set({
        status: refused || succeeded === 0 ? 'failed' : failed > 0 ? 'partial' : 'done',
        error: refused ?? '',
        remoteFeedId: '',
        processed: succeeded + failed,
        succeeded,
        failed,
        finishedAt: new Date(),
      })
      .where(eq(feeds.id, feedId))
      .returning();
    if (feed && feed.kind !== 'product' && refused)
      // A listing on its way off sale (or back on) whose feed the marketplace refused whole is
      // neither: it says why (its feed's failed items can be resent).
      await tx
        .update(listings)
        .set({
          status: 'suppressed',
          reason: refused,
          reasonDetail: detail,
          lastSyncAt: new Date(),
        })
        .where(
          and(
            eq(listings.merchantId, feed.merchantId),
            eq(listings.marketplace, feed.marketplace),
            eq(listings.site, feed.site),
            inArray(listings.status, ['delisting', 'relisting']),
            inArray(
              listings.sellerSku,
              tx
                .select({ sku: feedItems.sellerSku })
                .from(feedItems)
                .where(eq(feedItems.feedId, feedId)),
            ),
          ),
        );
    if (feed?.kind !== 'product') return;
    // A product feed settles its goods, site by site: a goods live on one site stays listed
    // whatever a feed for another site did (each site's state is its listings'); it is in error
    // only when this feed refused one of its variants and it is live on no site.
    const items = await tx
      .select({ goodsId: feedItems.goodsId, status: feedItems.status })
      .from(feedItems)
      .where(eq(feedItems.feedId, feedId));
    const failedGoods = new Set(items.filter((i) => i.status === 'rejected').map((i) => i.goodsId));
    const all = [...new Set(items.map((i) => i.goodsId))].filter((id): id is number => id !== null);
    const live =
      all.length === 0
        ? new Set<number>()
        : new Set(
            (
              await tx
                .selectDistinct({ goodsId: listings.goodsId })
                .from(listings)
                .where(and(inArray(listings.goodsId, all), eq(listings.status, 'active')))
            ).map((l) => l.goodsId),
          );
    const listed = all.filter((id) => live.has(id) || !failedGoods.has(id));
    const inError = all.filter((id) => !live.has(id) && failedGoods.has(id));
    const settle = (ids: number[], status: 'listed' | 'error') =>
      ids.length === 0
        ? undefined
        : tx
            .update(goods)
            .set({ status, updatedAt: new Date() })
            .where(
              and(inArray(goods.id, ids), inArray(goods.status, ['ready', 'listed', 'error'])),
            );
    await settle(listed, 'listed');
    await settle(inError, 'error');
  });
}

/**
 * Works through a feed sent through a seller account (Amazon): one price or stock change goes at
 * once (`submit`, Amazon's patchListingsItem); anything else goes as documents of up to
 * `documentSize` items, each sent, then looked at every `pollMs` until the marketplace has
 * processed it and its answers are kept; the next document then goes. Throttled, it runs again
 * when the marketplace asks (RunAgain: nothing is dropped); refused, the feed fails with the
 * marketplace's words on its unanswered items, which "resend failed" sends again.
 */
export async function processAccountFeed(
  db: Executor,
  marketplace: Marketplace & DocumentFeeds,
  feedId: number,
  pollMs: number,
  progress: (value: unknown) => Promise<void> = async () => {},
): Promise<unknown> {
  const [feed] = await db.select().from(feeds).where(eq(feeds.id, feedId));
  if (!feed || !['queued', 'processing'].includes(feed.status)) return undefined;
  if (feed.status === 'queued')
    await db.update(feeds).set({ status: 'processing' }).where(eq(feeds.id, feedId));
  const [setting] = feed.settingId
    ? await db.select().from(goodsSettings).where(eq(goodsSettings.id, feed.settingId))
    : [];
  const target: FeedTarget = {
    merchantId: feed.merchantId,
    kind: feed.kind,
    marketplace: feed.marketplace,
    site: feed.site,
    opening: feed.processed === 0,
    productType: feed.productType || setting?.productType,
    handlingDays: setting?.handlingDays,
  };
  const queued = () =>
    db
      .select()
      .from(feedItems)
      .where(and(eq(feedItems.feedId, feedId), eq(feedItems.status, 'queued')))
      .orderBy(asc(feedItems.id))
      .limit(marketplace.documentSize);
  const asItems = (rows: FeedItem[]) =>
    rows.map((item) => ({ ...item, price: item.price ?? null, stock: item.stock ?? null }));
  try {
    let batch = await queued();
    if (feed.remoteFeedId) {
      const outcomes = await marketplace.feedOutcomes(target, feed.remoteFeedId, asItems(batch));
      if (!outcomes) return new RunAgain(pollMs);
      await keepAnswers(db, feed, batch, outcomes);
      await db.update(feeds).set({ remoteFeedId: '' }).where(eq(feeds.id, feedId));
      await progress({ processed: feed.processed + batch.length });
      batch = await queued();
    } else if (feed.kind !== 'product' && batch.length === 1) {
      await keepAnswers(db, feed, batch, await marketplace.submit(target, asItems(batch)));
      batch = [];
    }
    if (batch.length > 0) {
      const remoteFeedId = await marketplace.sendFeed(target, asItems(batch));
      await db.update(feeds).set({ remoteFeedId }).where(eq(feeds.id, feedId));
      return new RunAgain(pollMs);
    }
    await finish(db, feedId, undefined);
    return { processed: true };
  } catch (error) {
    if (error instanceof MarketplaceBusy) return new RunAgain(error.delayMs);
    if (!(error instanceof FeedRefused)) throw error;
    await finish(db, feedId, error.code, error.detail);
    return { refused: error.code };
  }
}
