import { and, desc, eq, ilike, inArray, or } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fieldEntries, has, maskValue, rowLink, screenRoutes } from '../../../shared/resource';
import { resources } from '../../../shared/resources';
import {
  RECORD_HITS,
  type RecordSearchResult,
  recordSearchParams,
  recordSearchResult,
} from '../../../shared/search';
import type { AppContext } from '../../context';
import { escapeLike } from '../../kit/filters';
import { tableOf } from '../../kit/modules';
import { can } from '../../plugins/auth';
import { envelopeOf, ok } from '../../plugins/envelope';

/**
 * The header search's records, from every resource with keyword fields: rows of the screens the
 * account may open whose keyword fields contain the text, a few per screen, newest first, grouped
 * under their screen. A masked field is neither searched nor shown unmasked without its
 * permission (matches would tell its digits one by one).
 */
export const searchRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  app.post(
    '/admin/search/records',
    {
      config: { access: 'signed-in' },
      schema: { body: recordSearchParams, response: { 200: envelopeOf(recordSearchResult) } },
    },
    async (request) => {
      const auth = request.auth!;
      const like = `%${escapeLike(request.body.q)}%`;
      const found = await Promise.all(
        resources
          .filter(
            (resource) => resource.keyword?.length && has(resource, 'list') && !resource.viewOf,
          )
          .map(async (resource): Promise<RecordSearchResult['groups']> => {
            const routes = screenRoutes(resource).filter((route) => can(auth, route));
            const fields = Object.fromEntries(fieldEntries(resource));
            const visible = (key: string) => !fields[key]?.masked || can(auth, fields[key].masked);
            const searched = (resource.keyword ?? []).filter(visible);
            if (routes.length === 0 || searched.length === 0) return [];
            const table = tableOf(resource);
            const column = (key: string) => (table as unknown as Record<string, PgColumn>)[key]!;
            // The second line of a hit: the first keyword field besides the title.
            const noteKey = resource.keyword?.find((key) => key !== resource.titleField);
            const variant = resource.variants;
            const screens = variant?.screens.filter((s) => routes.includes(s.route));
            const rows = await db
              .select({
                id: table.id,
                title: column(resource.titleField),
                ...(noteKey ? { note: column(noteKey) } : {}),
                ...(variant ? { variant: column(variant.field) } : {}),
              })
              .from(table as PgTable)
              .where(
                and(
                  eq(table.merchantId, auth.merchantId),
                  variant && screens
                    ? inArray(
                        column(variant.field),
                        screens.map((s) => s.value),
                      )
                    : undefined,
                  or(...searched.map((key) => ilike(column(key), like))),
                ),
              )
              .orderBy(desc(table.id))
              .limit(RECORD_HITS * routes.length);
            const noteOf = (row: (typeof rows)[number]) => {
              if (!noteKey) return '';
              const value = String(row.note ?? '');
              return visible(noteKey) ? value : String(maskValue(fields[noteKey]!.kind, value));
            };
            return (screens?.map((s) => s.route) ?? [resource.route])
              .map((screen) => ({
                screen,
                hits: rows
                  .filter((row) => !variant || variantOf(row.variant) === screen)
                  .slice(0, RECORD_HITS)
                  .map((row) => ({
                    title: String(row.title),
                    note: noteOf(row),
                    link: rowLink(resource, { ...row, id: row.id as number }),
                  })),
              }))
              .filter((group) => group.hits.length > 0);

            function variantOf(value: unknown) {
              return variant?.screens.find((s) => s.value === Number(value))?.route;
            }
          }),
      );
      return ok({ groups: found.flat() });
    },
  );
};

export default searchRoutes;
