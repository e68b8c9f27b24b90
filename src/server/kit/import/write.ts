import { and, eq, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import { fieldEntries } from '../../../shared/resource';
import type { Executor } from '../../db/client';
import { tableOf } from '../tables';
import { takingTurns } from '../take-turns';
import type { Importer } from './importer';
import type { Parsed } from './parse';

/** The valid rows' ids already there, by their key (a customer's phone). */
export async function existingIds(
  ex: Executor,
  importer: Importer,
  merchantId: number,
  parsed: Parsed,
) {
  const key = importer.resource.importKey;
  const found = new Map<string, number>();
  if (!key) return found;
  const keys = parsed.rows.map((r) => String(r.values[key] ?? '')).filter(Boolean);
  const table = tableOf(importer.resource);
  const column = (table as unknown as Record<string, PgColumn>)[key]!;
  for (let at = 0; at < keys.length; at += 1000) {
    const rows = await ex
      .select({ id: table.id, key: column })
      .from(table as PgTable)
      .where(and(eq(table.merchantId, merchantId), inArray(column, keys.slice(at, at + 1000))));
    for (const row of rows) found.set(String(row.key), row.id as number);
  }
  return found;
}

/**
 * The kit's own writing of valid rows, in the import's transaction: a row whose key the merchant
 * already has is left or updated as asked, the others inserted 500 at a time, each through the
 * area's `beforeWrite`. Answers rows added and updated.
 */
export async function writeRows(
  importer: Importer,
  parsed: Parsed,
  context: {
    tx: Executor;
    request: FastifyRequest;
    merchantId: number;
    existing: 'skip' | 'update';
    there: Map<string, number>;
  },
) {
  const { resource, hooks } = importer;
  const { tx, request, merchantId, existing, there } = context;
  const table = tableOf(resource);
  const key = resource.importKey;
  const toColumns = (values: Record<string, unknown>) => {
    const out = { ...values };
    for (const [field, f] of fieldEntries(resource)) {
      if (f.kind === 'datetime' && typeof out[field] === 'string')
        out[field] = new Date(out[field]);
      // A read-only field the file leaves empty takes the table's own default (sign-up: now).
      if (f.readOnly && out[field] == null) delete out[field];
    }
    return out;
  };
  let updated = 0;
  const fresh: Record<string, unknown>[] = [];
  const turn = takingTurns();
  for (const { values, given } of parsed.rows) {
    await turn();
    const id = key ? there.get(String(values[key] ?? '')) : undefined;
    if (id !== undefined) {
      if (existing !== 'update') continue;
      const [before] = await tx
        .select()
        .from(table as PgTable)
        .where(and(eq(table.id, id), eq(table.merchantId, merchantId)));
      let next = { ...values };
      if (hooks.beforeWrite)
        next = await hooks.beforeWrite(next, { request, tx, before: before as never });
      await tx
        .update(table)
        .set(toColumns(next) as never)
        .where(eq(table.id, id));
      updated++;
      continue;
    }
    // Values an imported row gets where its file says nothing (a customer's source).
    let next = { ...values };
    for (const [field, value] of Object.entries(resource.importDefaults ?? {}))
      if (!given.includes(field)) next[field] = value;
    if (hooks.beforeWrite) next = await hooks.beforeWrite(next, { request, tx });
    fresh.push({ ...toColumns(next), merchantId });
  }
  for (let i = 0; i < fresh.length; i += 500)
    await tx.insert(table).values(fresh.slice(i, i + 500) as never);
  return { imported: fresh.length, updated };
}
