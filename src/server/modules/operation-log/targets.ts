import { and, eq, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { rowLink, variantRoute } from '../../../shared/resource';
import { resources } from '../../../shared/resources';
import type { Executor } from '../../db/client';
import { tableOf } from '../../kit/modules';
import { areaVisible } from './visibility';

export interface Target {
  name: string | null;
  link: string | null;
}

type Permissions = ReadonlySet<string>;
const key = (type: string, id: string) => `${type}:${id}`;
const ids = (rows: { targetType: string; targetId: string }[], type: string) => [
  ...new Set(
    rows
      .filter((r) => r.targetType === type && /^\d+$/.test(r.targetId))
      .map((r) => Number(r.targetId)),
  ),
];

/**
 * The names of a page of log rows' targets, and where each opens, for the areas the reader may
 * open (one query per area). A target deleted since has no name; the log's detail may still say.
 */
export async function resolveTargets(
  db: Executor,
  merchantId: number,
  permissions: Permissions,
  rows: { targetType: string; targetId: string }[],
): Promise<Map<string, Target>> {
  const found = new Map<string, Target>();
  const wanted = (type: string) => (areaVisible(permissions, type) ? ids(rows, type) : []);

  // Each resource's rows: one query per area, each row only where the reader may open its screen.
  for (const resource of resources) {
    const wantedIds = wanted(resource.name);
    if (wantedIds.length === 0) continue;
    const table = tableOf(resource);
    const column = (name: string) => (table as unknown as Record<string, PgColumn>)[name]!;
    const variant = resource.variants?.field;
    const list = await db
      .select({
        id: table.id,
        title: column(resource.titleField),
        ...(variant ? { variant: column(variant) } : {}),
      })
      .from(table as PgTable)
      .where(and(eq(table.merchantId, merchantId), inArray(table.id, wantedIds)));
    for (const row of list) {
      const route = variantRoute(resource, row.variant);
      if (!route || !permissions.has(route)) continue;
      found.set(key(resource.name, String(row.id)), {
        name: String(row.title),
        link: rowLink(resource, { id: row.id as number, title: row.title, variant: row.variant }),
      });
    }
  }
  return found;
}

export const targetKey = key;
