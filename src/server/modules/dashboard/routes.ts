import { and, count, desc, eq, inArray, notLike, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DASHBOARD_CHANGES, dashboardSummary } from '../../../shared/dashboard';
import { ARTICLE_TYPE_ROUTES } from '../../../shared/routes';
import type { AppContext } from '../../context';
import { articles, customers, operationLogs } from '../../db/schema';
import { envelopeOf, ok } from '../../plugins/envelope';
import { resolveTargets, targetKey } from '../operation-log/targets';
import { visibleAreas } from '../operation-log/visibility';

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

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

      const [customersSummary, articlesSummary, recentChanges] = await Promise.all([
        customersPart,
        articlesPart,
        changesPart,
      ]);
      return ok({
        customers: customersSummary,
        articles: articlesSummary,
        recentChanges,
      });
    },
  );
};

export default dashboardRoutes;
