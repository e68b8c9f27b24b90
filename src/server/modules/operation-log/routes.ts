import { and, eq, like, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operationLogListParams, operationLogListResult } from '../../../shared/operation-log';
import type { AppContext } from '../../context';
import { operationLogs } from '../../db/schema';
import { contains, escapeLike, within } from '../../kit/filters';
import { listPage } from '../../kit/list';
import { envelopeOf, ok } from '../../plugins/envelope';

/** /operation-log: every change made in the merchant's back-office; read-only. */
export const operationLogRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  app.post(
    '/admin/operation-log/list',
    {
      config: { permission: 'operation-log' },
      schema: {
        body: operationLogListParams,
        response: { 200: envelopeOf(operationLogListResult) },
      },
    },
    async (request) => {
      const p = request.body;
      const where: (SQL | undefined)[] = [
        eq(operationLogs.merchantId, request.auth!.merchantId),
        contains(operationLogs.adminName, p.adminName),
        p.action
          ? p.action.endsWith('.')
            ? like(operationLogs.action, `${escapeLike(p.action)}%`)
            : eq(operationLogs.action, p.action)
          : undefined,
        p.targetType ? eq(operationLogs.targetType, p.targetType) : undefined,
        p.targetId ? eq(operationLogs.targetId, p.targetId) : undefined,
        ...within(operationLogs.createdAt, p.createdRange),
      ];
      const page = await listPage(db, {
        table: operationLogs,
        merchantId: request.auth!.merchantId,
        idColumn: operationLogs.id,
        where: [and(...where)],
        sortColumns: { createdAt: operationLogs.createdAt },
        request: p,
        map: (row) => {
          const r = row as typeof operationLogs.$inferSelect;
          return {
            id: r.id,
            adminId: r.adminId,
            adminName: r.adminName,
            action: r.action,
            targetType: r.targetType,
            targetId: r.targetId,
            detail: r.detail ?? null,
            ip: r.ip,
            createdAt: r.createdAt.toISOString(),
          };
        },
      });
      return ok(page);
    },
  );
};

export default operationLogRoutes;
