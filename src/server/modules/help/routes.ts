import { and, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { resourceSchemas } from '../../../shared/resource-schema';
import { help } from '../../../shared/resources/help';
import type { AppContext } from '../../context';
import { helpArticles } from '../../db/schema/help';
import { envelopeOf, ok } from '../../plugins/envelope';

/**
 * Beside the derived calls of /service-help: the help centre the top bar opens, which every
 * signed-in account of the merchant reads (the published articles only).
 */
export const helpRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  app.post(
    '/admin/help/center',
    {
      config: { access: 'signed-in' },
      schema: { response: { 200: envelopeOf(z.array(resourceSchemas(help).entity)) } },
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
      return ok(rows.map((row) => ({ ...row, updatedAt: row.updatedAt.toISOString() })));
    },
  );
};

export default helpRoutes;
