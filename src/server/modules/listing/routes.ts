import Big from 'big.js';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ResultCode } from '../../../shared/envelope';
import { idParam, idsParam } from '../../../shared/list';
import { listingBulkDone, listingBulkEdit, listingsChosen } from '../../../shared/listing-bulk';
import { message } from '../../../shared/messages';
import type { AppContext } from '../../context';
import { listings } from '../../db/schema/listing';
import { AppError, notFound } from '../../errors';
import { RunAgain } from '../../kit/jobs';
import { actorOf, recordOperation } from '../../kit/operation-log';
import { issueWords, marketplaceIdOf } from '../../marketplace/amazon/feed-documents';
import { asMarketplaceError } from '../../marketplace/amazon/marketplace';
import { FeedRefused, isParent, MarketplaceBusy } from '../../marketplace/marketplace';
import { envelopeOf, ok } from '../../plugins/envelope';
import { accountMarketplace } from '../marketplace-account/service';
import { bulkEditListings, chosenListings, delistListings, relistListings } from './service';

/** The job that reads a listing back from its marketplace: `{ id }`. */
export const REFRESH_JOB = 'listing.refresh';

/**
 * A listing through a seller account is read back from Amazon's Listings Items API on request
 * (a job: a throttled read waits and goes again): its status (buyable: active; not: inactive;
 * with errors: suppressed, with Amazon's words), price and stock as Amazon has them.
 */
export const listingRoutes: FastifyPluginAsyncZod<AppContext> = async (
  app,
  { db, jobs, config },
) => {
  jobs.register<{ id: number }>(REFRESH_JOB, async (job) => {
    const [listing] = await db.select().from(listings).where(eq(listings.id, job.payload.id));
    if (!listing?.accountId) return { gone: true };
    const { amazon } = await accountMarketplace(db, config, listing.accountId);
    let item: Awaited<ReturnType<typeof amazon.client.getListing>>;
    try {
      item = await amazon.client.getListing(listing.sellerSku, marketplaceIdOf(listing.site));
    } catch (error) {
      const failure = asMarketplaceError(error);
      if (failure instanceof MarketplaceBusy) return new RunAgain(failure.delayMs);
      if (!(failure instanceof FeedRefused)) throw failure;
      await db
        .update(listings)
        .set({
          status: 'suppressed',
          reason: failure.code === 'marketplace-refused' ? 'unknown-listing' : failure.code,
          reasonDetail: failure.detail,
          lastSyncAt: new Date(),
        })
        .where(eq(listings.id, listing.id));
      return { refused: failure.code };
    }
    const summary = item.summaries?.[0];
    const errors = (item.issues ?? []).filter((issue) => issue.severity === 'ERROR');
    const offer = item.offers?.[0];
    const stock = item.fulfillmentAvailability?.[0]?.quantity;
    const status =
      errors.length > 0
        ? 'suppressed'
        : summary?.status.includes('BUYABLE')
          ? 'active'
          : 'inactive';
    const now = new Date();
    await db
      .update(listings)
      .set({
        status,
        reason: errors.length > 0 ? 'marketplace-issue' : '',
        reasonDetail: issueWords(item.issues ?? []),
        ...(summary?.asin ? { listingId: summary.asin } : {}),
        ...(offer ? { price: new Big(offer.price.amount).toFixed(2) } : {}),
        ...(stock !== undefined ? { stock } : {}),
        lastSyncAt: now,
        updatedAt: now,
      })
      .where(eq(listings.id, listing.id));
    return { status };
  });

  app.post(
    '/admin/listing/refresh',
    {
      config: { permission: 'listing' },
      schema: {
        tags: ['listing'],
        body: idParam,
        response: { 200: envelopeOf(z.object({ queued: z.boolean() })) },
      },
    },
    async (request) => {
      const merchantId = request.auth!.merchantId;
      const [listing] = await db
        .select()
        .from(listings)
        .where(and(eq(listings.id, request.body.id), eq(listings.merchantId, merchantId)));
      if (!listing) throw notFound(message('listing:noun'));
      if (!listing.accountId)
        throw new AppError(ResultCode.CONFLICT, message('listing:errors.sandboxRefresh'));
      const id = await jobs.enqueue(
        REFRESH_JOB,
        { id: listing.id },
        { dedupeKey: String(listing.id), merchantId, maxAttempts: 10 },
      );
      await recordOperation(db, actorOf(request), {
        action: 'listing.refresh',
        targetType: 'listing',
        targetId: listing.id,
      });
      return ok({ queued: id !== null });
    },
  );

  // The chosen listings, as the bulk dialogs preview them.
  app.post(
    '/admin/listing/chosen',
    {
      config: { permission: 'listing' },
      schema: { tags: ['listing'], body: idsParam, response: { 200: envelopeOf(listingsChosen) } },
    },
    async (request) => {
      const rows = await db
        .select({
          id: listings.id,
          sellerSku: listings.sellerSku,
          title: listings.title,
          marketplace: listings.marketplace,
          site: listings.site,
          price: listings.price,
          currency: listings.currency,
          stock: listings.stock,
          status: listings.status,
          parentSku: listings.parentSku,
          variationTheme: listings.variationTheme,
        })
        .from(listings)
        .where(
          and(
            eq(listings.merchantId, request.auth!.merchantId),
            inArray(listings.id, request.body.ids),
          ),
        )
        .orderBy(listings.id);
      return ok({
        items: rows.map(({ parentSku, variationTheme, ...row }) => ({
          ...row,
          parent: isParent({ parentSku, variationTheme }),
        })),
      });
    },
  );

  /**
   * 下架 and 重新上架: the chosen listings, all of them the merchant's or none, go off sale or back
   * on sale with their goods' stock (listing/service.ts delistListings, relistListings); those
   * already so are skipped, and the move is logged with the feeds it sent.
   */
  for (const [name, move, nothing] of [
    ['delist', delistListings, message('listing:errors.nothingToDelist')],
    ['relist', relistListings, message('listing:errors.nothingToRelist')],
  ] as const)
    app.post(
      `/admin/listing/${name}`,
      {
        config: { permission: 'listing' },
        schema: {
          tags: ['listing'],
          body: idsParam,
          response: { 200: envelopeOf(listingBulkDone) },
        },
      },
      async (request) => {
        const merchantId = request.auth!.merchantId;
        return ok(
          await db.transaction(async (tx) => {
            const { rows, missing } = await chosenListings(tx, merchantId, request.body.ids);
            if (missing > 0) throw notFound(message('listing:noun'));
            const { moved, feeds } = await move(tx, jobs, merchantId, rows);
            if (moved.length === 0) throw new AppError(ResultCode.CONFLICT, nothing);
            await recordOperation(tx, actorOf(request), {
              action: name === 'delist' ? 'listing.delist' : 'listing.relist',
              targetType: 'listing',
              targetId: moved.map((l) => l.id).join(','),
              detail: {
                skus: moved.slice(0, 20).map((l) => l.sellerSku),
                count: moved.length,
                feeds: feeds.map((f) => f.batchNo),
              },
            });
            return {
              changed: moved.length,
              skipped: rows.length - moved.length,
              batchNos: feeds.map((f) => f.batchNo),
            };
          }),
        );
      },
    );

  /**
   * 批量改价 / 批量改库存: the chosen listings' price or stock set, or moved by an amount or a
   * percentage, all of them the merchant's or none, every new value within bounds or none.
   */
  app.post(
    '/admin/listing/bulk-edit',
    {
      config: { permission: 'listing' },
      schema: {
        tags: ['listing'],
        body: listingBulkEdit,
        response: { 200: envelopeOf(listingBulkDone) },
      },
    },
    async (request) => {
      const merchantId = request.auth!.merchantId;
      const { ids, ...change } = request.body;
      return ok(
        await db.transaction(async (tx) => {
          const { rows, missing } = await chosenListings(tx, merchantId, ids);
          if (missing > 0) throw notFound(message('listing:noun'));
          const { changed, skipped, feeds } = await bulkEditListings(
            tx,
            jobs,
            merchantId,
            rows,
            change,
          );
          if (changed.length > 0)
            await recordOperation(tx, actorOf(request), {
              action: change.field === 'price' ? 'listing.bulkPrice' : 'listing.bulkStock',
              targetType: 'listing',
              targetId: changed.map((c) => c.listing.id).join(','),
              detail: {
                ...change,
                count: changed.length,
                changes: Object.fromEntries(
                  changed
                    .slice(0, 20)
                    .map(({ listing, value }) => [
                      listing.sellerSku,
                      [change.field === 'price' ? listing.price : listing.stock, value],
                    ]),
                ),
                feeds: feeds.map((f) => f.batchNo),
              },
            });
          return {
            changed: changed.length,
            skipped,
            batchNos: feeds.map((f) => f.batchNo),
          };
        }),
      );
    },
  );
};

export default listingRoutes;
