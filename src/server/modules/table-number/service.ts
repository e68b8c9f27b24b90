import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { tableNumbers } from '../../db/schema/table-number';

export type TableRow = typeof tableNumbers.$inferSelect;

/** The storefront's address for a table: what its QR code holds. */
export function tableUrl(origin: string, merchantId: number, tableId: number): string {
  return `${storeUrl(origin, merchantId)}?table=${tableId}`;
}

/** The storefront's address without a table (ordering to pick up or have delivered). */
export function storeUrl(origin: string, merchantId: number): string {
  return `${origin.replace(/\/+$/, '')}/shop/${merchantId}`;
}

/** The merchant's table a customer scanned, while it is enabled; null otherwise. */
export async function findTable(
  db: Executor,
  merchantId: number,
  tableId: number,
): Promise<TableRow | null> {
  const [row] = await db
    .select()
    .from(tableNumbers)
    .where(
      and(
        eq(tableNumbers.merchantId, merchantId),
        eq(tableNumbers.id, tableId),
        eq(tableNumbers.enabled, true),
      ),
    );
  return row ?? null;
}

/** Why a storefront's table code names no table to order at: none such, or one turned off. */
export type TableProblem = 'unknown' | 'disabled';

/**
 * The table a storefront's code names (the `table` of its address: the table's id), or why it
 * names none: a code that is not a table of the merchant's (mistyped, another store's, deleted)
 * or a table that is disabled, with its name, so that the customer is told rather than served
 * as if no table had been scanned.
 */
export async function tableOfCode(
  db: Executor,
  merchantId: number,
  code: string,
): Promise<{ table: TableRow } | { problem: TableProblem; name?: string }> {
  const id = /^\d{1,9}$/.test(code.trim()) ? Number(code.trim()) : 0;
  if (id <= 0) return { problem: 'unknown' };
  const [row] = await db
    .select()
    .from(tableNumbers)
    .where(and(eq(tableNumbers.merchantId, merchantId), eq(tableNumbers.id, id)));
  if (!row) return { problem: 'unknown' };
  if (!row.enabled)
    return { problem: 'disabled', name: [row.area, row.name].filter(Boolean).join(' ') };
  return { table: row };
}
