import { and, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  helpArticle,
  helpDelete,
  helpFields,
  helpListParams,
  helpListResult,
  helpUpdate,
} from '../../../shared/help';
import type { AppContext } from '../../context';
import { helpArticles } from '../../db/schema';
import { notFound } from '../../errors';
import { changedFields } from '../../kit/changes';
import { contains } from '../../kit/filters';
import { listPage } from '../../kit/list';
import { sanitizeArticleHtml } from '../../kit/sanitize-html';
import { envelopeOf, ok } from '../../plugins/envelope';
import { actorOf, recordOperation } from '../system/operation-log';

type Row = typeof helpArticles.$inferSelect;
const toHelp = (r: Row) => ({
  id: r.id,
  title: r.title,
  body: r.body,
  sortOrder: r.sortOrder,
  published: r.published,
  updatedAt: r.updatedAt.toISOString(),
});

/** /service-help: the help centre's articles; every signed-in account reads the published ones. */
export const helpRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  const config = { permission: 'service-help' };

  app.post(
    '/admin/help/center',
    {
      config: { access: 'signed-in' },
      schema: { response: { 200: envelopeOf(z.array(helpArticle)) } },
    },
    async (request) => {
      const rows = await db
        .select()
        .from(helpArticles)
        .where(
          and(
            eq(helpArticles.merchantId, request.auth!.merchantId),
            eq(helpArticles.published, true),
          ),
        )
        .orderBy(desc(helpArticles.sortOrder), helpArticles.id)
        .limit(200);
      return ok(rows.map(toHelp));
    },
  );

  app.post(
    '/admin/help/list',
    { config, schema: { body: helpListParams, response: { 200: envelopeOf(helpListResult) } } },
    async (request) => {
      const p = request.body;
      const where: (SQL | undefined)[] = [
        eq(helpArticles.merchantId, request.auth!.merchantId),
        contains(helpArticles.title, p.keyword),
        p.published === undefined ? undefined : eq(helpArticles.published, p.published),
      ];
      const page = await listPage<Row>(db, {
        table: helpArticles,
        merchantId: request.auth!.merchantId,
        idColumn: helpArticles.id,
        where,
        sortColumns: { sortOrder: helpArticles.sortOrder, updatedAt: helpArticles.updatedAt },
        request: p,
      });
      return ok({ total: page.total, totalExact: page.totalExact, items: page.items.map(toHelp) });
    },
  );

  app.post(
    '/admin/help/create',
    { config, schema: { body: helpFields, response: { 200: envelopeOf(helpArticle) } } },
    async (request) =>
      db.transaction(async (tx) => {
        const input = request.body;
        const [row] = await tx
          .insert(helpArticles)
          .values({
            ...input,
            body: sanitizeArticleHtml(input.body),
            merchantId: request.auth!.merchantId,
          })
          .returning();
        if (!row) throw new Error('insert returned nothing');
        await recordOperation(tx, actorOf(request), {
          action: 'help.create',
          targetType: 'help',
          targetId: row.id,
          detail: { title: row.title },
        });
        return ok(toHelp(row));
      }),
  );

  app.post(
    '/admin/help/update',
    { config, schema: { body: helpUpdate, response: { 200: envelopeOf(helpArticle) } } },
    async (request) =>
      db.transaction(async (tx) => {
        const { id, ...input } = request.body;
        const [before] = await tx
          .select()
          .from(helpArticles)
          .where(
            and(eq(helpArticles.id, id), eq(helpArticles.merchantId, request.auth!.merchantId)),
          )
          .for('update');
        if (!before) throw notFound('Help article');
        const next = { ...input, body: sanitizeArticleHtml(input.body) };
        const changes = changedFields(before, next, ['title', 'body', 'sortOrder', 'published']);
        if (Object.keys(changes).length === 0) return ok(toHelp(before));
        const [row] = await tx
          .update(helpArticles)
          .set({ ...next, updatedAt: new Date() })
          .where(eq(helpArticles.id, id))
          .returning();
        await recordOperation(tx, actorOf(request), {
          action: 'help.update',
          targetType: 'help',
          targetId: id,
          detail: changes,
        });
        return ok(toHelp(row as Row));
      }),
  );

  app.post(
    '/admin/help/delete',
    {
      config,
      schema: {
        body: helpDelete,
        response: { 200: envelopeOf(z.object({ deleted: z.number() })) },
      },
    },
    async (request) =>
      db.transaction(async (tx) => {
        const deleted = await tx
          .delete(helpArticles)
          .where(
            and(
              eq(helpArticles.merchantId, request.auth!.merchantId),
              inArray(helpArticles.id, request.body.ids),
            ),
          )
          .returning({ id: helpArticles.id, title: helpArticles.title });
        if (deleted.length === 0) throw notFound('Help article');
        await recordOperation(tx, actorOf(request), {
          action: 'help.delete',
          targetType: 'help',
          targetId: deleted.map((d) => d.id).join(','),
          detail: { titles: deleted.map((d) => d.title) },
        });
        return ok({ deleted: deleted.length });
      }),
  );
};

export default helpRoutes;
