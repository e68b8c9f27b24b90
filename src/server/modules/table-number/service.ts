import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { tableNumbers } from '../../db/schema';

export type TableRow = typeof tableNumbers.$inferSelect;

/** The storefront's address for a table: what its QR code holds. */
export function tableUrl(origin: string, merchantId: number, tableId: number): string {
  return `${origin.replace(/\/+$/, '')}/shop/${merchantId}?table=${tableId}`;
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
