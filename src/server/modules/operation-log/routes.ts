import { and, asc, desc, eq, gt, like, lt, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  type OperationLogEntry,
  operationLogListParams,
  operationLogListResult,
} from '../../../shared/operation-log';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { operationLogs } from '../../db/schema/operation-log';
import { contains, escapeLike, within } from '../../kit/filters';
import { listPage } from '../../kit/list';
import { actorOf, recordOperation } from '../../kit/operation-log';
import { sendXlsx } from '../../kit/xlsx-export';
import { envelopeOf, ok } from '../../plugins/envelope';
import { resolveTargets, targetKey } from './targets';
import { readableDetail } from './visibility';

type Params = typeof operationLogListParams._output;

/** The export takes the list's filters, and the UI's language for its headers and file name. */
const operationLogExportParams = operationLogListParams.extend({
  lang: z.enum(['zh', 'en']).optional(),
});

const HEADERS = {
  zh: ['时间', '账号', '操作', '对象', '对象 ID', '对象名称', '变更内容', 'IP', '操作日志'],
  en: [
    'Time',
    'Account',
    'Action',
    'Target',
    'Target ID',
    'Target name',
    'Changes',
    'IP',
    'operation-log',
  ],
} as const;
type Row = typeof operationLogs.$inferSelect;

function conditions(merchantId: number, p: Params): (SQL | undefined)[] {
  return [
    eq(operationLogs.merchantId, merchantId),
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
}

/**
 * Log rows as the reader may see them: the details and target names of areas it may open only,
 * and masked fields (a customer's phone without `client-list.phone`) masked as on their screen.
 */
async function readable(
  db: Executor,
  merchantId: number,
  permissions: ReadonlySet<string>,
  rows: Row[],
): Promise<OperationLogEntry[]> {
  const targets = await resolveTargets(db, merchantId, permissions, rows);
  return rows.map((r) => {
    const target = targets.get(targetKey(r.targetType, r.targetId));
    return {
      id: r.id,
      adminId: r.adminId,
      adminName: r.adminName,
      action: r.action,
      targetType: r.targetType,
      targetId: r.targetId,
      detail: readableDetail(permissions, r.targetType, r.detail ?? null),
      targetName: target?.name ?? null,
      targetLink: target?.link ?? null,
      ip: r.ip,
      createdAt: r.createdAt.toISOString(),
    };
  });
}

/** A detail as one line of text for the export: "field: old → new; …". */
function detailText(detail: Record<string, unknown> | null): string {
  if (!detail) return '';
  return Object.entries(detail)
    .map(([field, value]) =>
      Array.isArray(value) && value.length === 2 && !Array.isArray(value[0])
        ? `${field}: ${JSON.stringify(value[0])} → ${JSON.stringify(value[1])}`
        : `${field}: ${JSON.stringify(value)}`,
    )
    .join('; ');
}

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
      const { merchantId, permissions } = request.auth!;
      const page = await listPage(db, {
        table: operationLogs,
        merchantId,
        idColumn: operationLogs.id,
        where: [and(...conditions(merchantId, request.body))],
        sortColumns: { createdAt: operationLogs.createdAt },
        request: request.body,
        map: (row) => row as Row,
      });
      return ok({ ...page, items: await readable(db, merchantId, permissions, page.items) });
    },
  );

  app.post(
    '/admin/operation-log/export',
    { config: { permission: 'operation-log' }, schema: { body: operationLogExportParams } },
    async (request, reply) => {
      const { merchantId, permissions } = request.auth!;
      const p = request.body;
      await recordOperation(db, actorOf(request), {
        action: 'operationLog.export',
        targetType: 'operationLog',
        detail: { adminName: p.adminName, action: p.action, createdRange: p.createdRange },
      });
      const ascending = p.order === 'asc';
      const [time, account, action, target, targetId, targetName, changes, ip, name] =
        HEADERS[p.lang ?? 'zh'];
      let afterId: number | null = null;
      return sendXlsx<OperationLogEntry>(reply, {
        filename: `${name}-${new Date().toISOString().slice(0, 10)}.xlsx`,
        sheet: name,
        columns: [
          { header: time, key: 'createdAt', width: 20, value: (r) => new Date(r.createdAt) },
          { header: account, key: 'adminName', width: 14, value: (r) => r.adminName },
          { header: action, key: 'action', width: 20, value: (r) => r.action },
          { header: target, key: 'targetType', width: 12, value: (r) => r.targetType },
          { header: targetId, key: 'targetId', width: 10, value: (r) => r.targetId },
          { header: targetName, key: 'targetName', width: 24, value: (r) => r.targetName },
          { header: changes, key: 'detail', width: 80, value: (r) => detailText(r.detail) },
          { header: ip, key: 'ip', width: 16, value: (r) => r.ip },
        ],
        // The list's order: rows are written in time order, so the id keeps it (and pages on
        // exactly, where a timestamp read back in milliseconds would not).
        async nextBatch() {
          const rows = await db
            .select()
            .from(operationLogs)
            .where(
              and(
                ...conditions(merchantId, p),
                afterId === null
                  ? undefined
                  : ascending
                    ? gt(operationLogs.id, afterId)
                    : lt(operationLogs.id, afterId),
              ),
            )
            .orderBy(ascending ? asc(operationLogs.id) : desc(operationLogs.id))
            .limit(1000);
          afterId = rows.at(-1)?.id ?? afterId;
          return readable(db, merchantId, permissions, rows);
        },
      });
    },
  );
};

export default operationLogRoutes;
