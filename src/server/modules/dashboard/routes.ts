import { and, count, desc, eq, inArray, notLike, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DASHBOARD_CHANGES,
  dashboardSummary,
  TODOS,
  type TodoKey,
} from '../../../shared/dashboard';
import { ARTICLE_TYPE_ROUTES } from '../../../shared/routes';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import {
  articles,
  collectionBox,
  customers,
  feeds,
  goods,
  listings,
  operationLogs,
  rechargeOrders,
} from '../../db/schema';
import { envelopeOf, ok } from '../../plugins/envelope';
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
  };
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

      // The to-dos of the areas the account may open, those with something waiting.
      const counts = todoCounts(db, merchantId);
      const todosPart = Promise.all(
        TODOS.filter((todo) => permissions.has(todo.route)).map(async (todo) => ({
          key: todo.key,
          link: todo.link,
          count: await counts[todo.key](),
        })),
      ).then((todos) => todos.filter((todo) => todo.count > 0));

      const [customersSummary, articlesSummary, recentChanges, todos] = await Promise.all([
        customersPart,
        articlesPart,
        changesPart,
        todosPart,
      ]);
      return ok({
        todos,
        customers: customersSummary,
        articles: articlesSummary,
        recentChanges,
      });
    },
  );
};

export default dashboardRoutes;
