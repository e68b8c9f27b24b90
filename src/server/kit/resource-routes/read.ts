import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { message } from '../../../shared/messages';
import { has } from '../../../shared/resource';
import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import { envelopeOf, ok } from '../../plugins/envelope';
import type { ResourceApp, ResourceContext } from './context';
import type { Row } from './hooks';

/**
 * The reading calls: `list` (one page), `get` (a single-row resource's row, made on its first
 * call) and `detail` (one row).
 */
export function readRoutes(app: ResourceApp, r: ResourceContext, { db }: AppContext) {
  const { resource, table, hooks, schemas, base, config, tags } = r;

  if (has(resource, 'list'))
    app.post(
      `${base}/list`,
      {
        config,
        schema: { tags, body: schemas.list, response: { 200: envelopeOf(schemas.listResult) } },
      },
      async (request) => {
        const page = await r.list(db, request.auth!.merchantId, request.body, request);
        await r.decorate(page.items, request, db);
        return ok({ ...page, items: await r.entities(db, request.auth!, page.items) });
      },
    );

  if (resource.single)
    app.post(
      `${base}/get`,
      {
        config,
        schema: {
          tags,
          body: z.object({}).strict().optional(),
          response: { 200: envelopeOf(schemas.entity) },
        },
      },
      async (request) => {
        const auth = request.auth!;
        const mine = async () =>
          (
            (await db.select().from(table).where(eq(table.merchantId, auth.merchantId))) as Row[]
          )[0];
        let row = await mine();
        if (!row) {
          // Made on the first call, with the fields' defaults (the column defaults) and the
          // area's first values; of concurrent first calls one inserts, the others find it.
          const first = (await hooks.firstRow?.({ request, ex: db })) ?? {};
          await db
            .insert(table)
            .values({ ...r.toColumns(first), merchantId: auth.merchantId } as never)
            .onConflictDoNothing();
          row = await mine();
        }
        if (!row) throw notFound(message(`${resource.name}:noun`));
        await r.decorate([row], request, db);
        const [entity] = await r.entities(db, auth, [row]);
        return ok(entity);
      },
    );

  if (has(resource, 'detail'))
    app.post(
      `${base}/detail`,
      {
        config,
        schema: { tags, body: schemas.detail, response: { 200: envelopeOf(schemas.entity) } },
      },
      async (request) => {
        const auth = request.auth!;
        const body = request.body as unknown as Record<string, unknown> & { id: number };
        const row = await r.load(db, auth.merchantId, body);
        await r.decorate([row], request, db);
        const [entity] = await r.entities(db, auth, [row]);
        return ok(entity);
      },
    );
}
