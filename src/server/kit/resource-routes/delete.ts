import { and, eq, inArray } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { message } from '../../../shared/messages';
import { has } from '../../../shared/resource';
import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import { envelopeOf, ok } from '../../plugins/envelope';
import { actorOf, recordOperation } from '../operation-log';
import { type ResourceApp, type ResourceContext, resourceAction } from './context';
import type { Row } from './hooks';

/** `delete`: the rows named, unless another row still points at one or the area refuses. */
export function deleteRoute(app: ResourceApp, r: ResourceContext, context: AppContext) {
  const { resource, table, hooks, schemas, base, config, tags, links } = r;
  const { db } = context;
  if (!has(resource, 'delete')) return;
  app.post(
    `${base}/delete`,
    {
      config,
      schema: {
        tags,
        body: schemas.remove,
        response: { 200: envelopeOf(z.object({ deleted: z.number() })) },
      },
    },
    async (request) => {
      const auth = request.auth!;
      const body = request.body as unknown as Record<string, unknown> & { ids: number[] };
      const gone = await db.transaction(async (tx) => {
        const scope = and(
          eq(table.merchantId, auth.merchantId),
          inArray(table.id, body.ids),
          r.variantScope(body),
        );
        await links.refuseInUse(tx, auth.merchantId, body.ids);
        if (hooks.beforeDelete) {
          const rows = (await tx
            .select()
            .from(table as PgTable)
            .where(scope)) as Row[];
          await hooks.beforeDelete(rows, { request, tx });
        }
        const deleted = (await tx.delete(table).where(scope).returning()) as Row[];
        if (deleted.length === 0) throw notFound(message(`${resource.name}:noun`));
        await recordOperation(tx, actorOf(request), {
          action: resourceAction(resource, 'delete'),
          targetType: resource.name,
          targetId: deleted.map((d) => d.id).join(','),
          detail: {
            names: deleted.map((d) => d[resource.titleField]).slice(0, 20),
            count: deleted.length,
          },
        });
        return deleted;
      });
      await hooks.afterDelete?.(gone, { request, app: context });
      return ok({ deleted: gone.length });
    },
  );
}
