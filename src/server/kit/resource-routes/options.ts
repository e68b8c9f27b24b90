import { and, asc, eq, ilike, inArray } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { isLinkTarget, PAGE_PARAM_SOURCES } from '../../../shared/link';
import { linkFields, referenceFields, screenRoutes } from '../../../shared/resource';
import { resources } from '../../../shared/resources';
import type { AppContext } from '../../context';
import { can } from '../../plugins/auth';
import { envelopeOf, ok } from '../../plugins/envelope';
import { escapeLike } from '../filters';
import type { ResourceApp, ResourceContext } from './context';

/**
 * `options`: a picker's search of titles. Allowed on this screen and on every screen whose rows
 * point here (a goods form picks a category without the right to edit categories); rows a link
 * names, itself or as a page's parameter, are picked on every screen with a link and in the
 * page-path tool.
 */
export function optionsRoute(app: ResourceApp, r: ResourceContext, { db }: AppContext) {
  const { resource, table, schemas, base, tags, links } = r;
  // (A single-row resource is never picked from a list.)
  if (resource.single) return;
  const linked = isLinkTarget(resource.name) || PAGE_PARAM_SOURCES.includes(resource.name);
  const pickers = [
    resource.route,
    ...resources.flatMap((other) =>
      referenceFields(other).some(([, to]) => to === resource.name) ||
      (linkFields(other).length > 0 && linked)
        ? screenRoutes(other)
        : [],
    ),
    ...(linked ? ['page-path'] : []),
  ];
  const titleColumn = r.column(resource.titleField);
  app.post(
    `${base}/options`,
    {
      config: {
        permission: (request: FastifyRequest) =>
          pickers.find((route) => can(request.auth!, route)) ?? resource.route,
      },
      schema: {
        tags,
        body: schemas.options,
        response: {
          200: envelopeOf(
            z.object({
              items: z.array(
                z.object({
                  id: z.number(),
                  title: z.string(),
                  parentId: z.number().nullable(),
                }),
              ),
            }),
          ),
        },
      },
    },
    async (request) => {
      const { keyword, ids } = request.body as { keyword?: string; ids?: number[] };
      const parentColumn = links.parent ? r.column(links.parent) : undefined;
      // A tree's picker shows the whole tree; a plain one the first 50 matches.
      const rows = await db
        .select({ id: table.id, title: titleColumn, parentId: parentColumn ?? table.id })
        .from(table as PgTable)
        .where(
          and(
            eq(table.merchantId, request.auth!.merchantId),
            ids ? inArray(table.id, ids) : undefined,
            keyword ? ilike(titleColumn, `%${escapeLike(keyword)}%`) : undefined,
          ),
        )
        .orderBy(...(links.parent ? links.treeOrder() : [asc(titleColumn)]))
        .limit(links.parent ? 5000 : 50);
      return ok({
        items: rows.map((row) => ({
          id: row.id as number,
          title: String(row.title),
          parentId: parentColumn ? ((row.parentId as number | null) ?? null) : null,
        })),
      });
    },
  );
}
