import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { merchants } from '../db/schema/merchant';
import { storeDetails } from '../db/schema/store';

/**
 * The name a merchant's customers know it by: its store's (the store settings), or the merchant's
 * own until the store has one. Receipts and pay pages say it, never an account's name.
 */
export async function storeNameOf(ex: Executor, merchantId: number): Promise<string> {
  const [row] = await ex
    .select({ merchant: merchants.name, store: storeDetails.name })
    .from(merchants)
    .leftJoin(storeDetails, eq(storeDetails.merchantId, merchants.id))
    .where(eq(merchants.id, merchantId));
  return row?.store?.trim() || row?.merchant || '';
}
