import { eq } from 'drizzle-orm';
import { message } from '../../../shared/messages';
import { type FieldDef, has, maskValue } from '../../../shared/resource';
import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import { envelopeOf, ok } from '../../plugins/envelope';
import { changedFields } from '../changes';
import { actorOf, recordOperation } from '../operation-log';
import { sanitizeRichTextFields } from '../sanitize-html';
import { pick, type ResourceApp, type ResourceContext, resourceAction } from './context';
import type { Row } from './hooks';

/**
 * `update`: the updatable fields of one row, logged with what changed. A secret left out keeps
 * the stored one; a masked value sent back unchanged keeps the stored one.
 */
export function updateRoute(app: ResourceApp, r: ResourceContext, context: AppContext) {
  const { resource, table, hooks, schemas, base, config, tags, links, secrets, updatable } = r;
  const { db } = context;
  if (!has(resource, 'update')) return;

  app.post(
    `${base}/update`,
    {
      config,
      schema: { tags, body: schemas.update, response: { 200: envelopeOf(schemas.entity) } },
    },
    async (request) => {
      const auth = request.auth!;
      const masked = r.maskedFor(auth);
      const done = await db.transaction(async (tx) => {
        const body = request.body as Record<string, unknown> & { id: number };
        const before = await r.load(tx, auth.merchantId, body, true);
        // The screen a row belongs to does not change.
        let next = pick(
          body,
          updatable.filter((key) => key !== r.variant),
        );
        // A secret left out or empty keeps the stored one; one given is logged without it.
        for (const key of secrets) if (!next[key]) delete next[key];
        const secretChanges = Object.fromEntries(
          secrets.filter((key) => key in next).map((key) => [key, ['***', '***']]),
        );
        // A masked value sent back unchanged keeps the stored one.
        for (const key of masked) {
          const f = resource.fields[key] as FieldDef;
          if (next[key] === maskValue(f.kind, before[key])) next[key] = before[key];
        }
        r.refuseMasked(next);
        next = sanitizeRichTextFields(r.fields, next);
        if (hooks.beforeWrite) next = await hooks.beforeWrite(next, { request, tx, before });
        await links.check(tx, auth.merchantId, next, before);
        // A row under another parent goes last there.
        const parent = links.parent;
        if (parent && parent in next && (next[parent] ?? null) !== (before[parent] ?? null))
          next = { ...next, ...(await links.lastPlace(tx, auth.merchantId, next)) };
        next = r.toColumns(next);
        const compared = updatable.filter((key) => !secrets.includes(key));
        const changes = { ...changedFields(before, next, compared, masked), ...secretChanges };
        if (Object.keys(changes).length === 0) {
          await r.decorate([before], request, tx);
          return { row: before };
        }
        const [row] = (await tx
          .update(table)
          .set({ ...next, ...(r.hasUpdatedAt ? { updatedAt: new Date() } : {}) } as never)
          .where(eq(table.id, before.id))
          .returning()
          .catch(r.takenField)) as Row[];
        if (!row) throw notFound(message(`${resource.name}:noun`));
        await hooks.afterWrite?.(row, { request, tx, before });
        await recordOperation(tx, actorOf(request), {
          action: resourceAction(resource, 'update'),
          targetType: resource.name,
          targetId: row.id,
          detail: changes,
        });
        await r.decorate([row], request, tx);
        return { row, before };
      });
      if (done.before)
        await hooks.afterCommit?.(done.row, { request, before: done.before, app: context });
      const [entity] = await r.entities(db, auth, [done.row]);
      return ok(entity);
    },
  );
}
