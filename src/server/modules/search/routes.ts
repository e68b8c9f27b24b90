import { and, desc, eq, ilike, inArray, or } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fieldEntries, has, screenRoutes } from '../../../shared/resource';
import { resources } from '../../../shared/resources';
import type { AppContext } from '../../context';
import { escapeLike } from '../../kit/filters';
import { tableOf } from '../../kit/modules';
import { can } from '../../plugins/auth';
import { envelopeOf, ok } from '../../plugins/envelope';

/** Rows found per screen. */
const PER_SCREEN = 5;

const found = z.object({
  /** The screen (route name) the row is listed on. */
  route: z.string(),
  resource: z.string(),
  id: z.number(),
  title: z.string(),
});

/**
 * The header search's records: rows whose keyword fields contain the text, from every screen the
 * account may open (a few per screen, newest first). Masked fields the account may not see are
 * not searched.
 */
export const searchRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  app.post(
    '/admin/search/records',
    {
      config: { access: 'signed-in' },
      schema: {
        body: z.object({ keyword: z.string().trim().min(1).max(64) }),
        response: { 200: envelopeOf(z.array(found)) },
      },
    },
    async (request) => {
      const auth = request.auth!;
      const like = `%${escapeLike(request.body.keyword)}%`;
      const answers = await Promise.all(
        resources
          .filter((resource) => resource.keyword?.length && has(resource, 'list'))
          .map(async (resource) => {
            const routes = screenRoutes(resource).filter((route) => can(auth, route));
            const fields = Object.fromEntries(fieldEntries(resource));
            const searched = (resource.keyword ?? []).filter((key) => {
              const masked = fields[key]?.masked;
              return !masked || can(auth, masked);
            });
            if (routes.length === 0 || searched.length === 0) return [];
            const table = tableOf(resource);
            const column = (key: string) => (table as unknown as Record<string, PgColumn>)[key]!;
            const variant = resource.variants;
            const values = variant?.screens
              .filter((s) => routes.includes(s.route))
              .map((s) => s.value);
            const rows = await db
              .select({
                id: table.id,
                title: column(resource.titleField),
                ...(variant ? { variant: column(variant.field) } : {}),
              })
              .from(table as PgTable)
              .where(
                and(
                  eq(table.merchantId, auth.merchantId),
                  variant && values ? inArray(column(variant.field), values) : undefined,
                  or(...searched.map((key) => ilike(column(key), like))),
                ),
              )
              .orderBy(desc(table.id))
              .limit(PER_SCREEN * routes.length);
            const perRoute = new Map<string, number>();
            return rows.flatMap((row) => {
              const route = variant
                ? variant.screens.find((s) => s.value === Number(row.variant))?.route
                : resource.route;
              if (!route || (perRoute.get(route) ?? 0) >= PER_SCREEN) return [];
              perRoute.set(route, (perRoute.get(route) ?? 0) + 1);
              return [
                { route, resource: resource.name, id: row.id as number, title: String(row.title) },
              ];
            });
          }),
      );
      return ok(answers.flat());
    },
  );
};

export default searchRoutes;
