import Big from 'big.js';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ResultCode } from '../../../shared/envelope';
import {
  feedCandidates,
  feedCreated,
  feedItems as feedItemsResult,
  feedPreview,
  feedRef,
  feedSendBody,
} from '../../../shared/feeds';
import { listingPrice } from '../../../shared/listing-price';
import { message } from '../../../shared/messages';
import { parentSkuOf, variationTheme, variationValues } from '../../../shared/variation';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { feedItems, feeds } from '../../db/schema/feeds';
import { goods, goodsVariants } from '../../db/schema/goods';
import { goodsSettings } from '../../db/schema/goods-setting';
import { AppError, fieldError, notFound } from '../../errors';
import { actorOf, recordOperation } from '../../kit/operation-log';
import { plainText } from '../../marketplace/amazon/feed-documents';
import type { MarketplaceItem } from '../../marketplace/marketplace';
import { envelopeOf, ok } from '../../plugins/envelope';
import { accountMarketplace } from '../marketplace-account/service';
import { createFeed, FEED_JOB, type NewFeed, processAccountFeed, processFeed } from './service';

/**
 * Beside the derived calls of /feeds-list (list, detail, export): sending goods, the goods that
 * can be sent, a feed's items, resending its failed ones; and the job that works feeds through.
 */
export const feedsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  const { db, jobs, marketplace } = context;
  // A feed through a seller account goes to its marketplace (Amazon); any other to the sandbox.
  jobs.register<{ feedId: number }>(FEED_JOB, async (job) => {
    const progress = (value: unknown) => job.progress(value);
    const [feed] = await db
      .select({ accountId: feeds.accountId })
      .from(feeds)
      .where(eq(feeds.id, job.payload.feedId));
    if (!feed?.accountId) return processFeed(db, marketplace, job.payload.feedId, progress);
    const { amazon } = await accountMarketplace(db, context.config, feed.accountId);
    const pollMs = context.config.AMAZON_FEED_POLL_MS;
    return processAccountFeed(db, amazon, job.payload.feedId, pollMs, progress);
  });
  const config = { permission: 'feeds-list' };
  const tags = ['feeds'];

  app.post(
    '/admin/feeds/candidates',
    { config, schema: { tags, response: { 200: envelopeOf(feedCandidates) } } },
    async (request) => {
      const items = await db
        .select({
          id: goods.id,
          title: goods.title,
          status: goods.status,
          variantCount: goods.variantCount,
        })
        .from(goods)
        .where(
          and(
            eq(goods.merchantId, request.auth!.merchantId),
            inArray(goods.status, ['ready', 'listed', 'error']),
          ),
        )
        .orderBy(asc(goods.title))
        .limit(1000);
      return ok({ items });
    },
  );

  app.post(
    '/admin/feeds/preview',
    { config, schema: { tags, body: feedSendBody, response: { 200: envelopeOf(feedPreview) } } },
    async (request) => {
      const { settingId, goodsIds } = request.body;
      const { setting, chosen, variants } = await sendable(
        db,
        request.auth!.merchantId,
        settingId,
        goodsIds,
      );
      const bySku = new Map(variants.map((v) => [v.sellerSku, v]));
      return ok({
        currency: setting.currency,
        exchangeRate: setting.exchangeRate,
        markupPercent: setting.markupPercent,
        fixedFee: setting.fixedFee,
        endIn99: setting.endIn99,
        items: productItems(chosen, variants, setting).map((item) => {
          const v = bySku.get(item.sellerSku);
          return {
            goodsId: item.goodsId,
            title: item.title,
            sellerSku: item.sellerSku,
            parentSku: item.parentSku ?? '',
            variationTheme: item.variationTheme ?? '',
            variation: item.variation ?? {},
            costCny: v ? (new Big(v.cost).gt(0) ? v.cost : v.price) : null,
            price: item.price,
            stock: item.stock,
          };
        }),
      });
    },
  );

  app.post(
    '/admin/feeds/send',
    { config, schema: { tags, body: feedSendBody, response: { 200: envelopeOf(feedCreated) } } },
    async (request) => {
      const merchantId = request.auth!.merchantId;
      const { settingId, goodsIds } = request.body;
      return ok(
        await db.transaction(async (tx) => {
          const { setting, chosen, variants } = await sendable(tx, merchantId, settingId, goodsIds);
          const feed = await createFeed(tx, jobs, {
            merchantId,
            kind: 'product',
            settingId: setting.id,
            marketplace: setting.marketplace,
            site: setting.site,
            accountId: setting.accountId,
            productType: setting.productType,
            items: productItems(chosen, variants, setting),
          });
          await recordOperation(tx, actorOf(request), {
            action: 'feeds.send',
            targetType: 'feeds',
            targetId: feed.id,
            detail: { goods: chosen.length, items: feed.total, setting: setting.name },
          });
          return { id: feed.id, batchNo: feed.batchNo, total: feed.total };
        }),
      );
    },
  );

  app.post(
    '/admin/feeds/items',
    { config, schema: { tags, body: feedRef, response: { 200: envelopeOf(feedItemsResult) } } },
    async (request) => {
      const feed = await loadFeed(request.auth!.merchantId, request.body.id);
      const items = await db
        .select({
          id: feedItems.id,
          sellerSku: feedItems.sellerSku,
          title: feedItems.title,
          price: feedItems.price,
          currency: feedItems.currency,
          stock: feedItems.stock,
          status: feedItems.status,
          error: feedItems.error,
          detail: feedItems.detail,
        })
        .from(feedItems)
        .where(eq(feedItems.feedId, feed.id))
        .orderBy(asc(feedItems.id))
        .limit(10_000);
      return ok({ items });
    },
  );

  app.post(
    '/admin/feeds/resend',
    { config, schema: { tags, body: feedRef, response: { 200: envelopeOf(feedCreated) } } },
    async (request) => {
      const merchantId = request.auth!.merchantId;
      return ok(
        await db.transaction(async (tx) => {
          const feed = await loadFeed(merchantId, request.body.id, tx);
          if (['queued', 'processing'].includes(feed.status))
            throw new AppError(ResultCode.CONFLICT, message('feeds:errors.stillRunning'));
          const failed = await tx
            .select()
            .from(feedItems)
            .where(and(eq(feedItems.feedId, feed.id), eq(feedItems.status, 'rejected')))
            .orderBy(asc(feedItems.id));
          if (failed.length === 0)
            throw new AppError(ResultCode.CONFLICT, message('feeds:errors.nothingFailed'));
          // Products go again as the goods are now (their UPC or images may have been added
          // since); a price or stock change goes again as it was.
          let items: NewFeed['items'] = failed.map((item) => ({
            ...item,
            price: item.price ?? null,
          }));
          const [setting] = feed.settingId
            ? await tx.select().from(goodsSettings).where(eq(goodsSettings.id, feed.settingId))
            : [];
          if (feed.kind === 'product' && setting) {
            const variants = await tx
              .select()
              .from(goodsVariants)
              .where(
                and(
                  eq(goodsVariants.merchantId, merchantId),
                  inArray(
                    goodsVariants.sellerSku,
                    failed.map((item) => item.sellerSku),
                  ),
                ),
              )
              .orderBy(asc(goodsVariants.goodsId), asc(goodsVariants.sortOrder));
            const owners = await tx
              .select()
              .from(goods)
              .where(inArray(goods.id, [...new Set(variants.map((v) => v.goodsId))]));
            if (variants.length > 0) items = productItems(owners, variants, setting);
          }
          const again = await createFeed(tx, jobs, {
            merchantId,
            kind: feed.kind,
            settingId: feed.settingId,
            marketplace: feed.marketplace,
            site: feed.site,
            resentFrom: feed.id,
            accountId: feed.accountId,
            productType: feed.productType,
            items,
          });
          await recordOperation(tx, actorOf(request), {
            action: 'feeds.resend',
            targetType: 'feeds',
            targetId: again.id,
            detail: { from: feed.batchNo, items: again.total },
          });
          return { id: again.id, batchNo: again.batchNo, total: again.total };
        }),
      );
    },
  );

  async function loadFeed(merchantId: number, id: number, ex = db) {
    const [feed] = await ex
      .select()
      .from(feeds)
      .where(and(eq(feeds.id, id), eq(feeds.merchantId, merchantId)));
    if (!feed) throw notFound(message('feeds:noun'));
    return feed;
  }
};

/**
 * The setting and the goods a product feed sends, checked: the merchant's setting, its goods,
 * none a draft, each with variants.
 */
async function sendable(tx: Executor, merchantId: number, settingId: number, goodsIds: number[]) {
  const [setting] = await tx
    .select()
    .from(goodsSettings)
    .where(and(eq(goodsSettings.id, settingId), eq(goodsSettings.merchantId, merchantId)));
  if (!setting) throw fieldError('settingId', message('feeds:errors.noSetting'));
  const chosen = await tx
    .select()
    .from(goods)
    .where(and(eq(goods.merchantId, merchantId), inArray(goods.id, goodsIds)));
  if (chosen.length !== new Set(goodsIds).size) throw notFound(message('goods:noun'));
  // Drafts are not complete: only goods marked ready (or live already) go out.
  const unsendable = chosen.filter((g) => g.status === 'draft');
  if (unsendable.length > 0)
    throw fieldError(
      'goodsIds',
      message('feeds:errors.notSendable', {
        titles: unsendable.map((g) => g.title).join('、'),
      }),
    );
  const variants = await tx
    .select()
    .from(goodsVariants)
    .where(inArray(goodsVariants.goodsId, goodsIds))
    .orderBy(asc(goodsVariants.goodsId), asc(goodsVariants.sortOrder));
  const bare = chosen.filter((g) => !variants.some((v) => v.goodsId === g.id));
  if (bare.length > 0)
    throw fieldError(
      'goodsIds',
      message('feeds:errors.noVariants', { titles: bare.map((g) => g.title).join('、') }),
    );
  return { setting, chosen, variants };
}

type GoodsRow = typeof goods.$inferSelect;
type VariantRow = typeof goodsVariants.$inferSelect;
type SettingRow = typeof goodsSettings.$inferSelect;

/**
 * A product feed's items: one per variant, priced and stocked by the listing setting. A goods of
 * several variants goes as a variation family: its parent first (theme, no code, price or stock),
 * then each variant as a child with its values of the theme's attributes.
 */
function productItems(owners: GoodsRow[], variants: VariantRow[], setting: SettingRow) {
  const items: (MarketplaceItem & { goodsId: number })[] = [];
  for (const g of owners) {
    const own = variants.filter((v) => v.goodsId === g.id);
    if (own.length === 0) continue;
    const theme = own.length > 1 ? variationTheme(g.attributes) : '';
    const shared = {
      goodsId: g.id,
      title: g.title,
      images: g.images,
      bulletPoints: g.bulletPoints,
      brand: g.brand,
      description: plainText(g.description),
      currency: setting.currency,
    };
    const parentSku = theme ? parentSkuOf(own[0]!.sellerSku) : '';
    if (theme)
      items.push({
        ...shared,
        sellerSku: parentSku,
        upc: '',
        price: null,
        stock: null,
        variationTheme: theme,
      });
    for (const v of own)
      items.push({
        ...shared,
        sellerSku: v.sellerSku,
        upc: v.upc,
        // A variant's own picture (a colour's photo) is its main image, the goods' the others.
        ...(v.image ? { images: [v.image, ...g.images.filter((url) => url !== v.image)] } : {}),
        price: priceOf(v, setting),
        stock: v.stock > 0 ? v.stock : setting.defaultStock,
        ...(theme
          ? { parentSku, variationTheme: theme, variation: variationValues(v.options) }
          : {}),
      });
  }
  return items;
}

/**
 * A variant's price on the marketplace: the setting's formula on its cost; without a cost, its
 * sale price converted at the setting's rate. "0.00" when neither gives one (the marketplace
 * refuses it, and says why).
 */
function priceOf(
  variant: { cost: string; price: string },
  setting: Parameters<typeof listingPrice>[1],
): string {
  if (new Big(variant.cost).gt(0)) return listingPrice(variant.cost, setting) ?? '0.00';
  const rate = new Big(setting.exchangeRate || '0');
  return rate.gt(0) ? new Big(variant.price).div(rate).round(2, Big.roundUp).toFixed(2) : '0.00';
}

export default feedsRoutes;
