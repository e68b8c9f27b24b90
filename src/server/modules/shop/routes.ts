import Big from 'big.js';
import { and, asc, desc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ALWAYS_OPEN, type OpeningHours, rangesOn } from '../../../shared/opening-hours';
import {
  shopEvaluateBody,
  shopOrderBody,
  shopOrderRef,
  shopRefundBody,
} from '../../../shared/product-order';
import { CAROUSEL_POSITIONS } from '../../../shared/resources/carousel';
import { shopOrder, shopProductPage, shopProductReviews, shopStore } from '../../../shared/shop';
import type { AppContext } from '../../context';
import { carousels } from '../../db/schema/carousel';
import { evaluations } from '../../db/schema/evaluate';
import { merchants } from '../../db/schema/merchant';
import { products } from '../../db/schema/product';
import { productCategories } from '../../db/schema/product-category';
import type { productOrders } from '../../db/schema/product-order';
import { storeDetails } from '../../db/schema/store';
import { notFound } from '../../errors';
import { envelopeOf, ok } from '../../plugins/envelope';
import { createStorage } from '../../storage/create-storage';
import { runningCampaigns } from '../extension/checkout';
import { enabledPayManners } from '../pay-manner/service';
import { onSaleAt } from '../product/schedule';
import { reviewPhotosOf } from '../product-order/review-photos';
import { partsOf } from '../product-order/routes';
import { ordersOf, settingsOf, storeOpen } from '../product-order/service';
import { tableOfCode } from '../table-number/service';
import { listedReviews, menuProduct, productPages, SHOWN_REVIEW } from './product-page';

const merchantParam = z.object({ merchantId: z.coerce.number().int().positive() });

/**
 * The storefront's API, as a real mini-program would call it (public, per merchant, under the
 * server's rate limit, validated like every call): the store with its slides, categories and
 * products on sale; an order placed, followed, paid through the gateway's page, cancelled while
 * unpaid; a refund asked; a rating left. A customer is a token the phone keeps: it sees only the
 * orders it placed. Where a limit depends on who the customer is, the customer is a verified
 * phone (shop-identity).
 */
export const shopRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  const { db } = context;
  const orders = ordersOf(context);
  const tags = ['shop'];
  const config = { access: 'public' as const };

  async function merchantOf(merchantId: number) {
    const [merchant] = await db
      .select({ id: merchants.id, name: merchants.name })
      .from(merchants)
      .where(eq(merchants.id, merchantId));
    if (!merchant) throw notFound();
    return merchant;
  }

  /** The store as its details say (the merchant's name until they are written). */
  async function storeOf(merchant: { id: number; name: string }) {
    const [row] = await db
      .select()
      .from(storeDetails)
      .where(eq(storeDetails.merchantId, merchant.id));
    return {
      id: merchant.id,
      name: row?.name || merchant.name,
      logo: row?.logo ?? '',
      notice: row?.notice ?? '',
      intro: row?.intro ?? '',
      phone: row?.phone ?? '',
      address: row?.address ?? '',
      todayHours: rangesOn((row?.hours as OpeningHours | undefined) ?? ALWAYS_OPEN, new Date()),
      open: await storeOpen(db, merchant.id),
    };
  }

  app.get(
    '/open/shop/:merchantId/store',
    {
      config,
      schema: {
        tags,
        params: merchantParam,
        // Any text: a code that names no table still opens the store, saying so.
        querystring: z.object({ table: z.string().max(40).optional() }),
        response: { 200: envelopeOf(shopStore) },
      },
    },
    async (request) => {
      const { merchantId } = request.params;
      const merchant = await merchantOf(merchantId);
      const scanned = request.query.table
        ? await tableOfCode(db, merchantId, request.query.table)
        : null;
      const table = scanned && 'table' in scanned ? scanned.table : null;
      const now = new Date();
      const [slides, categories, onSale, manners, rated, settings, campaigns, [score]] =
        await Promise.all([
          db
            .select({
              id: carousels.id,
              title: carousels.title,
              image: carousels.image,
              link: carousels.link,
            })
            .from(carousels)
            .where(
              and(
                eq(carousels.merchantId, merchantId),
                eq(carousels.position, CAROUSEL_POSITIONS.store),
                eq(carousels.enabled, true),
                or(isNull(carousels.startAt), lte(carousels.startAt, now)),
                or(isNull(carousels.endAt), gt(carousels.endAt, now)),
              ),
            )
            .orderBy(asc(carousels.sortOrder), asc(carousels.id)),
          db
            .select({ id: productCategories.id, name: productCategories.name })
            .from(productCategories)
            .where(
              and(
                eq(productCategories.merchantId, merchantId),
                eq(productCategories.enabled, true),
              ),
            )
            .orderBy(asc(productCategories.sortOrder), asc(productCategories.id)),
          db
            .select()
            .from(products)
            .where(and(eq(products.merchantId, merchantId), onSaleAt(now)))
            .orderBy(asc(products.sortOrder), desc(products.salesCount), asc(products.id))
            .limit(500),
          enabledPayManners(db, merchantId),
          db
            .select(SHOWN_REVIEW)
            .from(evaluations)
            .where(and(eq(evaluations.merchantId, merchantId), listedReviews()))
            .orderBy(desc(evaluations.createdAt))
            .limit(10),
          settingsOf(db, merchantId),
          runningCampaigns(db, merchantId, now),
          // The store's score counts every rating, shown in the store or not.
          db
            .select({
              average: sql<string | null>`avg(${evaluations.rating})`,
              count: sql<number>`count(*)::int`,
            })
            .from(evaluations)
            .where(eq(evaluations.merchantId, merchantId)),
        ]);
      return ok({
        merchant: await storeOf(merchant),
        table: table
          ? { id: table.id, name: [table.area, table.name].filter(Boolean).join(' ') }
          : null,
        tableProblem:
          scanned && 'problem' in scanned
            ? { kind: scanned.problem, name: scanned.name ?? '' }
            : null,
        slides,
        categories,
        products: onSale.map(menuProduct),
        payManners: manners.map((m) => ({ kind: m.kind, name: m.name })),
        campaigns: campaigns.map((c) => ({
          ...c,
          threshold: new Big(c.threshold).toFixed(2),
          value: new Big(c.value).toFixed(2),
          endAt: c.endAt.toISOString(),
        })),
        delivery: {
          enabled: settings.deliveryEnabled,
          fee: new Big(settings.deliveryFee).toFixed(2),
          minimum: new Big(settings.deliveryMinimum).toFixed(2),
        },
        reviews: rated.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
        score: {
          average: score?.average ? new Big(score.average).toFixed(1) : '0.0',
          count: score?.count ?? 0,
        },
      });
    },
  );

  // A product's page: the product, its score and its first reviews; then older reviews a page
  // at a time.
  const pages = productPages(db);
  const productParams = merchantParam.extend({ productId: z.coerce.number().int().positive() });
  app.get(
    '/open/shop/:merchantId/product/:productId',
    {
      config,
      schema: { tags, params: productParams, response: { 200: envelopeOf(shopProductPage) } },
    },
    async (request) => {
      const { merchantId, productId } = request.params;
      await merchantOf(merchantId);
      return ok(await pages.page(merchantId, productId));
    },
  );
  app.get(
    '/open/shop/:merchantId/product/:productId/reviews',
    {
      config,
      schema: {
        tags,
        params: productParams,
        querystring: z.object({ page: z.coerce.number().int().min(1).max(1000).default(1) }),
        response: { 200: envelopeOf(shopProductReviews) },
      },
    },
    async (request) => {
      const { merchantId, productId } = request.params;
      await merchantOf(merchantId);
      return ok(await pages.reviews(merchantId, productId, request.query.page));
    },
  );

  type OrderRow = typeof productOrders.$inferSelect;
  const view = async (row: OrderRow) => ({
    orderNo: row.orderNo,
    status: row.status,
    refundStatus: row.refundStatus,
    totalAmount: row.totalAmount,
    refundedAmount: row.refundedAmount,
    payManner: row.payManner,
    payUrl: row.status === 'unpaid' ? row.payUrl : null,
    tableName: row.tableName,
    pickupNo: row.pickupNo,
    diners: row.diners,
    mode: row.mode,
    address: row.address,
    deliveryFee: row.deliveryFee,
    packagingFee: row.packagingFee,
    extensionName: row.extensionName,
    discountAmount: row.discountAmount,
    couponName: row.couponName,
    couponDiscount: row.couponDiscount,
    evaluated: row.evaluated,
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    ...(await partsOf(db, row.id)),
  });

  app.post(
    '/open/shop/:merchantId/order',
    {
      config,
      schema: {
        tags,
        params: merchantParam,
        body: shopOrderBody,
        response: { 200: envelopeOf(shopOrder) },
      },
    },
    async (request) => {
      await merchantOf(request.params.merchantId);
      return ok(
        await view(await orders.place(request.params.merchantId, request.body, { ip: request.ip })),
      );
    },
  );

  /** A call on one of the customer's own orders (found by its number and the customer's token). */
  function orderCall<B extends typeof shopOrderRef>(
    path: string,
    body: B,
    act: (order: OrderRow, input: z.output<B>) => Promise<OrderRow>,
  ) {
    app.post(
      `/open/shop/:merchantId/order/${path}`,
      {
        config,
        schema: { tags, params: merchantParam, body, response: { 200: envelopeOf(shopOrder) } },
      },
      async (request) => {
        const input = request.body as z.output<B>;
        const order = await orders.mine(request.params.merchantId, input.token, input.orderNo);
        return ok(await view(await act(order, input)));
      },
    );
  }
  orderCall('detail', shopOrderRef, async (order) => order);
  orderCall('cancel', shopOrderRef, (order) =>
    orders.cancel(order.id, { type: 'cancel', actor: 'customer' }),
  );
  orderCall('refund', shopRefundBody, (order, { amount, reason }) =>
    orders.requestRefund(order, amount, reason),
  );
  // An evaluation shows photos uploaded for its order only; those it leaves out are let go.
  const photos = reviewPhotosOf(db);
  const storage = createStorage(context.config);
  orderCall('evaluate', shopEvaluateBody, async (order, { rating, content, images }) => {
    await photos.check(order, images);
    const rated = await orders.evaluate(order, rating, content, false, images);
    for (const url of await photos.settle(order.id))
      await storage.delete(url.replace(/^\/uploads\//, '')).catch(() => {});
    return rated;
  });
};

export default shopRoutes;
