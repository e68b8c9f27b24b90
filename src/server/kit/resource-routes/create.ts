import type { FastifyRequest } from 'fastify';
import { has } from '../../../shared/resource';
import type { AppContext } from '../../context';
import { envelopeOf, ok } from '../../plugins/envelope';
import { actorOf, recordOperation } from '../operation-log';
import { repeatGuard, repeatKeyOf } from '../repeat-guard';
import { sanitizeRichTextFields } from '../sanitize-html';
import { pick, type ResourceApp, type ResourceContext, resourceAction } from './context';
import type { Row } from './hooks';

/** `create`: one row from the writable fields, logged, once per key a form sends. */
export function createRoute(app: ResourceApp, r: ResourceContext, context: AppContext) {
  const { resource, table, hooks, schemas, base, config, tags, links } = r;
  const { db } = context;
  if (!has(resource, 'create')) return;
  // A form sends its create with a key of its own: a double click or a retry makes one row.
  const createOnce = repeatGuard();

  app.post(
    `${base}/create`,
    {
      config,
      schema: { tags, body: schemas.create, response: { 200: envelopeOf(schemas.entity) } },
    },
    async (request) => {
      const auth = request.auth!;
      const repeat = repeatKeyOf(request.headers);
      const key = repeat && `${auth.merchantId}:${auth.adminId}:${repeat}`;
      return createOnce(key, () => create(request));
    },
  );

  async function create(request: FastifyRequest) {
    const auth = request.auth!;
    const row = await db.transaction(async (tx) => {
      let values = pick(request.body as Record<string, unknown>, r.writable);
      r.refuseMasked(values);
      // Rich text is kept only in the sanitiser's safe subset, whichever area it is in.
      values = sanitizeRichTextFields(r.fields, values);
      if (hooks.beforeWrite) values = await hooks.beforeWrite(values, { request, tx });
      await links.check(tx, auth.merchantId, values);
      values = { ...values, ...(await links.lastPlace(tx, auth.merchantId, values)) };
      const [row] = (await tx
        .insert(table)
        .values({ ...r.toColumns(values), merchantId: auth.merchantId } as never)
        .returning()
        .catch(r.takenField)) as Row[];
      if (!row) throw new Error('insert returned nothing');
      await hooks.afterWrite?.(row, { request, tx });
      await recordOperation(tx, actorOf(request), {
        action: resourceAction(resource, 'create'),
        targetType: resource.name,
        targetId: row.id,
        detail: { [resource.titleField]: row[resource.titleField] },
      });
      await r.decorate([row], request, tx);
      return row;
    });
    await hooks.afterCommit?.(row, { request, app: context });
    const [entity] = await r.entities(db, auth, [row]);
    return ok(entity);
  }
}
