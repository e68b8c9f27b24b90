import { type SQL, sql } from 'drizzle-orm';
import { fieldEntries } from '../../../shared/resource';
import { resources } from '../../../shared/resources';
import type { Executor } from '../../db/client';
import { columnOf, tableOf } from '../../kit/tables';

/** Where an image is used: the area (a resource's name) and the row's title. */
export interface Use {
  area: string;
  id: number;
  title: string;
}

/** Every area's fields that can hold an uploaded image: image, images, rich text. */
const holders = resources
  .filter((r) => r.name !== 'material')
  .map((resource) => ({
    resource,
    fields: fieldEntries(resource).filter(
      ([, f]) =>
        !f.computed && (f.kind === 'image' || f.kind === 'images' || f.kind === 'richText'),
    ),
  }))
  .filter((h) => h.fields.length > 0);

/**
 * The rows of every area that use any of `urls` (one query per area that has image fields), by
 * URL: an image field holding it, an image list containing it, a rich text showing it.
 */
export async function usesOf(
  ex: Executor,
  merchantId: number,
  urls: string[],
): Promise<Map<string, Use[]>> {
  const uses = new Map<string, Use[]>(urls.map((url) => [url, []]));
  if (urls.length === 0) return uses;
  const list = sql`array[${sql.join(
    urls.map((u) => sql`${u}`),
    sql`, `,
  )}]::text[]`;
  for (const { resource, fields } of holders) {
    const table = tableOf(resource);
    const conditions: SQL[] = fields.map(([key, f]) => {
      const column = columnOf(resource, table, key);
      if (f.kind === 'image') return sql`${column} = any(${list})`;
      if (f.kind === 'images') return sql`${column} && ${list}`;
      return sql`exists (select 1 from unnest(${list}) u where strpos(${column}, u) > 0)`;
    });
    const title = columnOf(resource, table, resource.titleField);
    const { rows } = (await ex.execute(sql`
      select ${table.id} as id, ${title}::text as title,
        ${sql.join(
          fields.map(([key]) => sql`${columnOf(resource, table, key)}`),
          sql`, `,
        )}
      from ${table}
      where ${table.merchantId} = ${merchantId} and (${sql.join(conditions, sql` or `)})
      limit 200`)) as unknown as { rows: Record<string, unknown>[] };
    for (const row of rows) {
      const values = fields.map(([, f], i) => [f.kind, Object.values(row)[2 + i]] as const);
      for (const url of urls) {
        const used = values.some(([kind, value]) =>
          kind === 'images'
            ? ((value as string[] | null) ?? []).includes(url)
            : typeof value === 'string' && (kind === 'image' ? value === url : value.includes(url)),
        );
        if (used)
          uses
            .get(url)!
            .push({ area: resource.name, id: Number(row.id), title: String(row.title) });
      }
    }
  }
  return uses;
}
