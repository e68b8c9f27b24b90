import { and, eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { has } from '../../../shared/resource';
import type { AppContext } from '../../context';
import { envelopeOf, ok } from '../../plugins/envelope';
import { actorOf, recordOperation } from '../operation-log';
import { type ResourceApp, type ResourceContext, resourceAction } from './context';
import type { Row } from './hooks';

/** `tree`: every row of a tree resource at once, in the tree's order. */
export function treeRoute(app: ResourceApp, r: ResourceContext, { db }: AppContext) {
  const { resource, table, hooks, schemas, base, config, tags, links } = r;
  if (!links.parent || !has(resource, 'list')) return;
  app.post(
    `${base}/tree`,
    {
      config,
      schema: {
        tags,
        response: {
          200: envelopeOf(z.object({ items: z.array(schemas.listItem) })),
        },
      },
    },
    async (request) => {
      // Every row at once (a tree of categories is hundreds, not millions): the screen nests
      // them by parent in this order.
      let query = db
        .select(r.listColumns)
        .from(table as PgTable)
        .$dynamic();
      for (const join of r.labelJoins.joins) query = query.leftJoin(join.table, join.on);
      const rows = (await query
        .where(
          and(eq(table.merchantId, request.auth!.merchantId), ...(hooks.scope?.(request) ?? [])),
        )
        .orderBy(...links.treeOrder())
        .limit(5000)) as Row[];
      return ok({ items: await r.entities(db, request.auth!, rows) });
    },
  );
}

/** `move`: one row of an ordered resource to another place (and parent), logged. */
export function moveRoute(app: ResourceApp, r: ResourceContext, { db }: AppContext) {
  const { resource, schemas, base, config, tags, links } = r;
  if (!has(resource, 'order')) return;
  app.post(
    `${base}/move`,
    {
      config,
      schema: {
        tags,
        body: schemas.move,
        response: { 200: envelopeOf(z.object({ moved: z.number() })) },
      },
    },
    async (request) => {
      const auth = request.auth!;
      const body = request.body as { id: number; parentId?: number | null; index: number };
      return db.transaction(async (tx) => {
        const row = await r.load(tx, auth.merchantId, body, true);
        const detail = await links.move(tx, auth.merchantId, row, body);
        await recordOperation(tx, actorOf(request), {
          action: resourceAction(resource, 'move'),
          targetType: resource.name,
          targetId: row.id,
          detail,
        });
        return ok({ moved: 1 });
      });
    },
  );
}
