import {
  and,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  lt,
  lte,
  notLike,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DASHBOARD_CHANGES,
  dashboardSummary,
  LOW_STOCK,
  LOW_STOCK_COMBINATIONS_MAX,
  type LowStockCombination,
  TODOS,
  type TodoKey,
} from '../../../shared/dashboard';
import { addDays, beijingDay } from '../../../shared/marketplace-order';
import { rowLink } from '../../../shared/resource';
import { product as productResource } from '../../../shared/resources/product';
import { ARTICLE_TYPE_ROUTES } from '../../../shared/routes';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { articles } from '../../db/schema/article';
import { collectionBox } from '../../db/schema/collection-box';
import { rechargeOrders } from '../../db/schema/cost-center';
import { customers } from '../../db/schema/customer';
import { feeds } from '../../db/schema/feeds';
import { goods } from '../../db/schema/goods';
import { jobs } from '../../db/schema/job';
import { listings } from '../../db/schema/listing';
import { marketplaceOrders } from '../../db/schema/marketplace-order';
import { operationLogs } from '../../db/schema/operation-log';
import { products } from '../../db/schema/product';
import { productOrders } from '../../db/schema/product-order';
import { envelopeOf, ok } from '../../plugins/envelope';
import { dayFigures } from '../marketplace-order/figures';
import { resolveTargets, targetKey } from '../operation-log/targets';
import { visibleAreas } from '../operation-log/visibility';

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/** How many of a merchant's rows of `table` meet `where`. */
async function countOf(db: Executor, table: PgTable, where: SQL | undefined) {
  const [row] = await db.select({ n: count() }).from(table).where(where);
  return Number(row?.n ?? 0);
}

/** Where each to-do is counted: the merchant's rows of one area in one status. */
function todoCounts(db: Executor, merchantId: number): Record<TodoKey, () => Promise<number>> {
  const mine = <T extends { merchantId: PgColumn }>(t: T) => eq(t.merchantId, merchantId);
  return {
    goodsDrafts: () => countOf(db, goods, and(mine(goods), eq(goods.status, 'draft'))),
    goodsErrors: () => countOf(db, goods, and(mine(goods), eq(goods.status, 'error'))),
    feedsFailed: () => countOf(db, feeds, and(mine(feeds), eq(feeds.status, 'failed'))),
    feedsPartial: () => countOf(db, feeds, and(mine(feeds), eq(feeds.status, 'partial'))),
    listingsSuppressed: () =>
      countOf(db, listings, and(mine(listings), eq(listings.status, 'suppressed'))),
    collected: () =>
      countOf(db, collectionBox, and(mine(collectionBox), eq(collectionBox.status, 'new'))),
    rechargesWaiting: () =>
      countOf(db, rechargeOrders, and(mine(rechargeOrders), eq(rechargeOrders.status, 'created'))),
    ordersToShip: () =>
      countOf(
        db,
        marketplaceOrders,
        and(mine(marketplaceOrders), eq(marketplaceOrders.status, 'unshipped')),
      ),
    shopOrdersToAccept: () =>
      countOf(db, productOrders, and(mine(productOrders), eq(productOrders.status, 'paid'))),
    refundsToDecide: () =>
      countOf(
        db,
        productOrders,
        and(mine(productOrders), eq(productOrders.refundStatus, 'requested')),
      ),
    jobsFailed: () => countOf(db, jobs, and(mine(jobs), eq(jobs.state, 'failed'))),
    productsLowStock: () =>
      countOf(
        db,
        products,
        and(mine(products), eq(products.status, 'on'), lte(products.stock, LOW_STOCK)),
      ),
    listingsLowStock: () =>
      countOf(
        db,
        listings,
        and(mine(listings), eq(listings.status, 'active'), lte(listings.stock, LOW_STOCK)),
      ),
  };
}

/**
 * The combinations (大份 / 特辣) of the merchant's products on sale that keep a stock of their own
 * and have LOW_STOCK or fewer left, the fewest first: the product's own stock may be plenty.
 */
async function lowStockCombinations(
  db: Executor,
  merchantId: number,
): Promise<LowStockCombination[]> {
  const rows = await db
    .select({ id: products.id, name: products.name, skus: products.skus })
    .from(products)
    .where(
      and(
        eq(products.merchantId, merchantId),
        eq(products.status, 'on'),
        sql`exists (select 1 from jsonb_array_elements(${products.skus}) as s(sku) where (s.sku ->> 'stock')::int <= ${LOW_STOCK})`,
      ),
    )
    .orderBy(products.id)
    .limit(LOW_STOCK_COMBINATIONS_MAX);
  return rows
    .flatMap((row) =>
      (row.skus as { options: string[]; stock: number | null }[])
        .filter((sku) => sku.stock !== null && sku.stock <= LOW_STOCK)
        .map((sku) => ({
          productId: row.id,
          product: row.name,
          options: sku.options,
          stock: sku.stock as number,
          link: rowLink(productResource, { id: row.id, title: row.name }),
        })),
    )
    .sort((a, b) => a.stock - b.stock || a.productId - b.productId)
    .slice(0, LOW_STOCK_COMBINATIONS_MAX);
}

/** A Beijing day's first instant. */
const dayStart = (day: string) => new Date(`${day}T00:00:00+08:00`);

/**
 * The storefront's paid orders and what they came to, of the orders placed on a day, net of
 * what was refunded of them.
 */
async function shopDay(db: Executor, merchantId: number, day: string) {
  const [row] = await db
    .select({
      orders: count(),
      sales: sql<string>`coalesce(sum(${productOrders.totalAmount} - ${productOrders.refundedAmount}), 0)::numeric(14, 2)::text`,
    })
    .from(productOrders)
    .where(
      and(
        eq(productOrders.merchantId, merchantId),
        gte(productOrders.createdAt, dayStart(day)),
        lt(productOrders.createdAt, dayStart(addDays(day, 1))),
        isNotNull(productOrders.paidAt),
      ),
    );
  return { orders: Number(row?.orders ?? 0), sales: row?.sales ?? '0.00' };
}

/** /dashboard: counts and recent changes of the areas the account may open. */
export const dashboardRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  app.post(
    '/admin/dashboard/summary',
    {
      config: { permission: 'dashboard' },
      schema: {
        body: z.object({}).strict().optional(),
        response: { 200: envelopeOf(dashboardSummary) },
      },
    },
    async (request) => {
      const { merchantId, permissions } = request.auth!;
      const articleTypes = ARTICLE_TYPE_ROUTES.filter(({ name }) => permissions.has(name)).map(
        ({ type }) => type,
      );

      const customersPart = permissions.has('client-list')
        ? db
            .select({
              total: count(),
              newLast7Days: sql<number>`count(*) filter (where ${customers.registeredAt} >= ${new Date(Date.now() - WEEK_MS)})`,
            })
            .from(customers)
            .where(eq(customers.merchantId, merchantId))
            .then(([row]) => ({
              total: Number(row?.total ?? 0),
              newLast7Days: Number(row?.newLast7Days ?? 0),
            }))
        : null;

      const articlesPart =
        articleTypes.length > 0
          ? db
              .select({ status: articles.status, n: count() })
              .from(articles)
              .where(
                and(
                  eq(articles.merchantId, merchantId),
                  inArray(articles.articleType, articleTypes),
                ),
              )
              .groupBy(articles.status)
              .then((rows) => ({
                published: Number(rows.find((r) => r.status === 'published')?.n ?? 0),
                drafts: Number(rows.find((r) => r.status === 'draft')?.n ?? 0),
              }))
          : null;

      const today = beijingDay();
      const yesterday = addDays(today, -1);
      const todayRange = `orderedAtRange=${today},${today}`;
      const marketplacePart = permissions.has('orders-list')
        ? Promise.all([
            dayFigures(db, merchantId, today),
            dayFigures(db, merchantId, yesterday),
          ]).then(([a, b]) => ({
            today: { orders: a.orders, sales: a.sales },
            yesterday: { orders: b.orders, sales: b.sales },
            link: `/orders-list?${todayRange}`,
          }))
        : null;
      const shopPart = permissions.has('product-order')
        ? Promise.all([shopDay(db, merchantId, today), shopDay(db, merchantId, yesterday)]).then(
            ([a, b]) => ({
              today: a,
              yesterday: b,
              link: `/product-order?createdAtRange=${today},${today}`,
            }),
          )
        : null;

      // Changes (not sign-ins) of the areas the account may open, when it may read the log.
      const areas = visibleAreas(permissions).filter((area) => area !== 'session');
      const changesPart = permissions.has('operation-log')
        ? db
            .select({
              id: operationLogs.id,
              adminName: operationLogs.adminName,
              action: operationLogs.action,
              targetType: operationLogs.targetType,
              targetId: operationLogs.targetId,
              createdAt: operationLogs.createdAt,
            })
            .from(operationLogs)
            .where(
              and(
                eq(operationLogs.merchantId, merchantId),
                inArray(operationLogs.targetType, areas),
                notLike(operationLogs.action, 'auth.%'),
              ),
            )
            .orderBy(desc(operationLogs.createdAt), desc(operationLogs.id))
            .limit(DASHBOARD_CHANGES)
            .then(async (rows) => {
              const targets = await resolveTargets(db, merchantId, permissions, rows);
              return rows.map((r) => {
                const target = targets.get(targetKey(r.targetType, r.targetId));
                return {
                  ...r,
                  targetName: target?.name ?? null,
                  targetLink: target?.link ?? null,
                  createdAt: r.createdAt.toISOString(),
                };
              });
            })
        : null;

      const combinationsPart = permissions.has('product-list')
        ? lowStockCombinations(db, merchantId)
        : null;

      // The to-dos of the areas the account may open, those with something waiting.
      const counts = todoCounts(db, merchantId);
      const todosPart = Promise.all(
        TODOS.filter((todo) => permissions.has(todo.route)).map(async (todo) => ({
          key: todo.key,
          link: todo.link,
          count: await counts[todo.key](),
        })),
      ).then((todos) => todos.filter((todo) => todo.count > 0));

      const [customersSummary, articlesSummary, recentChanges, todos, marketplace, shop, combos] =
        await Promise.all([
          customersPart,
          articlesPart,
          changesPart,
          todosPart,
          marketplacePart,
          shopPart,
          combinationsPart,
        ]);
      return ok({
        todos,
        customers: customersSummary,
        articles: articlesSummary,
        marketplaceOrders: marketplace,
        shopOrders: shop,
        recentChanges,
        lowStockCombinations: combos,
      });
    },
  );
};

export default dashboardRoutes;
