import { and, eq, getTableName, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client';

type Named = PgTable & { id: PgColumn; merchantId: PgColumn; name: PgColumn };

/**
 * Whether another of the merchant's rows (in `within`: those with the same tree parent) already
 * has this name, compared trimmed and case-insensitively (“Drinks” and “drinks ” are one
 * category). Taken under a per-merchant lock held to the transaction's end, so that two saves at
 * once cannot both find the name free.
 */
export async function nameTaken(
  tx: Executor,
  table: Named,
  row: { merchantId: number; name: string; exceptId?: number; within?: [PgColumn, unknown] },
): Promise<boolean> {
  const name = row.name.trim();
  if (!name) return false;
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`${getTableName(table)}.name`}), ${row.merchantId})`,
  );
  const conditions: (SQL | undefined)[] = [
    eq(table.merchantId, row.merchantId),
    sql`lower(btrim(${table.name})) = lower(${name})`,
    row.exceptId ? ne(table.id, row.exceptId) : undefined,
  ];
  if (row.within) {
    const [column, value] = row.within;
    conditions.push(value === null || value === undefined ? isNull(column) : eq(column, value));
  }
  const [found] = await tx
    .select({ id: table.id })
    .from(table as PgTable)
    .where(and(...conditions))
    .limit(1);
  return !!found;
}

/** Whether two names are one as nameTaken compares them (trimmed, in any case). */
export const sameName = (a: unknown, b: unknown) =>
  String(a ?? '')
    .trim()
    .toLowerCase() ===
  String(b ?? '')
    .trim()
    .toLowerCase();
