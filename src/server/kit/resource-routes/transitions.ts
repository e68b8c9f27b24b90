import { and, eq, inArray } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { ResultCode } from '../../../shared/envelope';
import { message } from '../../../shared/messages';
import { transitionField } from '../../../shared/resource';
import type { AppContext } from '../../context';
import { AppError, notFound } from '../../errors';
import { envelopeOf, ok } from '../../plugins/envelope';
import { actorOf, recordOperation } from '../operation-log';
import { type ResourceApp, type ResourceContext, resourceAction } from './context';
import type { Row } from './hooks';

/**
 * One call per transition of the definition (`POST /admin/<name>/<transition>`): the rows named
 * move from the states it allows to its state, all or none, logged.
 */
export function transitionRoutes(app: ResourceApp, r: ResourceContext, { db }: AppContext) {
  const { resource, table, hooks, schemas, base, config, tags } = r;
  for (const [name, transition] of Object.entries(resource.transitions ?? {})) {
    const field = transitionField(transition);
    app.post(
      `${base}/${name}`,
      {
        config,
        schema: {
          tags,
          body: schemas.transition,
          response: { 200: envelopeOf(z.object({ changed: z.number() })) },
        },
      },
      async (request) => {
        const auth = request.auth!;
        const body = request.body as unknown as Record<string, unknown> & { ids: number[] };
        return db.transaction(async (tx) => {
          const rows = (await tx
            .select()
            .from(table as PgTable)
            .where(
              and(
                eq(table.merchantId, auth.merchantId),
                inArray(table.id, body.ids),
                r.variantScope(body),
              ),
            )
            .for('update')) as Row[];
          if (rows.length === 0) throw notFound(message(`${resource.name}:noun`));
          const stuck = rows.filter((row) => !transition.from.includes(row[field] as string));
          if (stuck.length > 0)
            throw new AppError(
              ResultCode.CONFLICT,
              message('record.cannotMove', { count: stuck.length }),
            );
          for (const before of rows) {
            let next: Record<string, unknown> = { [field]: transition.to };
            if (hooks.beforeWrite) next = await hooks.beforeWrite(next, { request, tx, before });
            await tx
              .update(table)
              .set({
                ...r.toColumns(next),
                ...(r.hasUpdatedAt ? { updatedAt: new Date() } : {}),
              } as never)
              .where(eq(table.id, before.id));
          }
          await recordOperation(tx, actorOf(request), {
            action: resourceAction(resource, name),
            targetType: resource.name,
            targetId: rows.map((row) => row.id).join(','),
            detail: {
              [field]: [rows[0]![field], transition.to],
              names: rows.map((row) => row[resource.titleField]).slice(0, 20),
              count: rows.length,
            },
          });
          return ok({ changed: rows.length });
        });
      },
    );
  }
}
