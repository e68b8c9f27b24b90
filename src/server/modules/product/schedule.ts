import { and, eq, gt, isNotNull, isNull, lte, or, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { products } from '../../db/schema/product';
import type { JobQueue } from '../../kit/jobs';
import { recordOperation } from '../../kit/operation-log';

/** The job that flips a merchant's products whose 定时上架 / 定时下架 time has come. */
export const PRODUCT_SCHEDULE_JOB = 'product.schedule';

/**
 * Products on sale at `now` (shared/product-schedule.ts onSaleNow, in SQL): on by hand or past
 * the on-sale time, and not past the off-sale time.
 */
export const onSaleAt = (now: Date): SQL =>
  and(
    or(eq(products.status, 'on'), and(isNotNull(products.onSaleAt), lte(products.onSaleAt, now))),
    or(isNull(products.offSaleAt), gt(products.offSaleAt, now)),
  )!;

/**
 * Queues the flip of a product's times (one job per merchant and moment: products due at the same
 * time go together). A job that runs finds whatever is due then, so a time changed meanwhile
 * is met by its own job and the old one finds nothing.
 */
export async function scheduleSale(
  jobs: JobQueue,
  merchantId: number,
  times: readonly (Date | null | undefined)[],
  ex: Executor,
) {
  for (const at of times)
    if (at)
      await jobs.enqueue(
        PRODUCT_SCHEDULE_JOB,
        { merchantId },
        { merchantId, runAt: at, dedupeKey: `${merchantId}:${at.toISOString()}`, maxAttempts: 10 },
        ex,
      );
}

/**
 * Flips the merchant's products whose times have come, each logged as the system's 上架 or 下架,
 * and clears those times: on first, then off (a product past both ends off sale).
 */
export async function runDueSales(db: Database, merchantId: number, now = new Date()) {
  return db.transaction(async (tx) => {
    const moved = { on: [] as number[], off: [] as number[] };
    for (const [to, column] of [
      ['on', products.onSaleAt],
      ['off', products.offSaleAt],
    ] as const) {
      const due = await tx
        .select({ id: products.id, name: products.name, status: products.status, at: column })
        .from(products)
        .where(and(eq(products.merchantId, merchantId), lte(column, now)))
        .for('update');
      for (const row of due) {
        await tx
          .update(products)
          .set({
            ...(to === 'on' ? { onSaleAt: null } : { offSaleAt: null }),
            status: to,
            ...(row.status === to ? {} : { updatedAt: now }),
          })
          .where(eq(products.id, row.id));
        if (row.status === to) continue;
        moved[to].push(row.id);
        await recordOperation(
          tx,
          { merchantId, adminId: null, adminName: 'system', ip: '' },
          {
            action: to === 'on' ? 'product.onSale' : 'product.offSale',
            targetType: 'product',
            targetId: row.id,
            detail: {
              status: [row.status, to],
              names: [row.name],
              count: 1,
              scheduled: row.at!.toISOString(),
            },
          },
        );
      }
    }
    return moved;
  });
}
