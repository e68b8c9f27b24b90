import { and, eq, gte, ilike, like, lte, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operationLogListParams, operationLogListResult } from '../../../shared/operation-log';
import type { AppContext } from '../../context';
import { operationLogs } from '../../db/schema';
import { listPage } from '../../kit/list';
import { envelopeOf, ok } from '../../plugins/envelope';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const fromBound = (v: string) => new Date(v.length === 10 ? `${v}T00:00:00.000Z` : v);
const toBound = (v: string) => new Date(v.length === 10 ? `${v}T23:59:59.999Z` : v);

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
        p.adminName ? ilike(operationLogs.adminName, `%${escapeLike(p.adminName)}%`) : undefined,
        p.action
          ? p.action.endsWith('.')
            ? like(operationLogs.action, `${escapeLike(p.action)}%`)
            : eq(operationLogs.action, p.action)
          : undefined,
        p.targetType ? eq(operationLogs.targetType, p.targetType) : undefined,
        p.targetId ? eq(operationLogs.targetId, p.targetId) : undefined,
        p.createdRange ? gte(operationLogs.createdAt, fromBound(p.createdRange[0])) : undefined,
        p.createdRange ? lte(operationLogs.createdAt, toBound(p.createdRange[1])) : undefined,
      ];
      const page = await listPage(db, {
        table: operationLogs,
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
