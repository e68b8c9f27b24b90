import { and, asc, eq } from 'drizzle-orm';
import type { PayMannerKind } from '../../../shared/resources/pay-manner';
import type { Executor } from '../../db/client';
import { payManners } from '../../db/schema/pay-manner';

/** The ways the merchant's customers may pay now, in the order the merchant dragged them. */
export async function enabledPayManners(
  db: Executor,
  merchantId: number,
): Promise<{ id: number; kind: PayMannerKind; name: string }[]> {
  return db
    .select({ id: payManners.id, kind: payManners.kind, name: payManners.name })
    .from(payManners)
    .where(and(eq(payManners.merchantId, merchantId), eq(payManners.enabled, true)))
    .orderBy(asc(payManners.sortOrder), asc(payManners.id));
}
