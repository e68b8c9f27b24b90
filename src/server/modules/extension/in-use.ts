import { inArray } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { ResultCode } from '../../../shared/envelope';
import { message } from '../../../shared/messages';
import type { Executor } from '../../db/client';
import { productOrders } from '../../db/schema/product-order';
import { AppError } from '../../errors';

/**
 * Refuses to delete campaigns or partners an order names (`column`, its id on the order): their
 * figures and the orders' history point at them. `key` says so, with the first one's name.
 */
export async function keepWhenOrdered(
  tx: Executor,
  rows: ({ id: unknown } & Record<string, unknown>)[],
  column: PgColumn,
  key: 'extension:rules.inUse' | 'selling-partner:rules.inUse',
) {
  const [used] = await tx
    .select({ id: column })
    .from(productOrders)
    .where(
      inArray(
        column,
        rows.map((row) => row.id as number),
      ),
    )
    .limit(1);
  if (!used) return;
  const row = rows.find((r) => r.id === Number(used.id));
  throw new AppError(
    ResultCode.CONFLICT,
    message(key as never, { name: String(row?.name ?? '') }),
    409,
  );
}
