import { and, count, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import { ResultCode } from '../../../shared/envelope';
import { message } from '../../../shared/messages';
import { EVALUATION_PHOTOS_MAX } from '../../../shared/product-order';
import type { Executor } from '../../db/client';
import { evaluations, reviewPhotos } from '../../db/schema/evaluate';
import { productOrders } from '../../db/schema/product-order';
import { AppError, fieldError } from '../../errors';

type OrderRow = typeof productOrders.$inferSelect;

const full = () =>
  new AppError(
    ResultCode.CONFLICT,
    message('product-order:errors.photosFull' as never, { max: EVALUATION_PHOTOS_MAX }),
    409,
  );
const notRateable = () =>
  new AppError(ResultCode.CONFLICT, message('product-order:errors.notRateable' as never), 409);

/**
 * The photos of an order's evaluation: a customer uploads a handful (EVALUATION_PHOTOS_MAX) while
 * the order is completed and not yet rated, each kept as a row of review_photos; the evaluation
 * shows some of them, and the rest are let go (their files removed, or by the upload sweep).
 */
export function reviewPhotosOf(db: Executor) {
  /** How many photos the order has (refused early, before a file is read, when it has its all). */
  async function roomFor(order: OrderRow) {
    const [row] = await db
      .select({ n: count() })
      .from(reviewPhotos)
      .where(eq(reviewPhotos.orderId, order.id));
    if ((row?.n ?? 0) >= EVALUATION_PHOTOS_MAX) throw full();
  }

  /**
   * Takes one of the order's places for a photo at `url` (before its file is written): under the
   * order's row lock, so that concurrent uploads count one another; refused when the order may
   * no longer be rated or has its photos.
   */
  async function reserve(order: OrderRow, url: string) {
    await db.transaction(async (tx) => {
      const [now] = await tx
        .select({ status: productOrders.status, evaluated: productOrders.evaluated })
        .from(productOrders)
        .where(eq(productOrders.id, order.id))
        .for('update');
      if (now?.status !== 'completed' || now.evaluated) throw notRateable();
      const [row] = await tx
        .select({ n: count() })
        .from(reviewPhotos)
        .where(eq(reviewPhotos.orderId, order.id));
      if ((row?.n ?? 0) >= EVALUATION_PHOTOS_MAX) throw full();
      await tx
        .insert(reviewPhotos)
        .values({ merchantId: order.merchantId, orderId: order.id, url });
    });
  }

  /** Gives a place back (its file could not be written). */
  async function release(url: string) {
    await db.delete(reviewPhotos).where(eq(reviewPhotos.url, url));
  }

  /** An evaluation shows only photos uploaded for its order. */
  async function check(order: OrderRow, images: string[]) {
    if (images.length === 0) return;
    const mine = await db
      .select({ url: reviewPhotos.url })
      .from(reviewPhotos)
      .where(and(eq(reviewPhotos.orderId, order.id), inArray(reviewPhotos.url, images)));
    const known = new Set(mine.map((p) => p.url));
    if (images.some((url) => !known.has(url)))
      throw fieldError('images', message('product-order:errors.photoNotOrder' as never));
  }

  /**
   * Once the order is rated: its photos the evaluation shows become the evaluation's, the others
   * are let go. Answers the addresses let go (their files may be removed at once).
   */
  async function settle(orderId: number): Promise<string[]> {
    return db.transaction(async (tx) => {
      const [evaluation] = await tx
        .select({ id: evaluations.id, images: evaluations.images })
        .from(evaluations)
        .where(eq(evaluations.orderId, orderId));
      if (!evaluation) return [];
      if (evaluation.images.length > 0)
        await tx
          .update(reviewPhotos)
          .set({ evaluationId: evaluation.id })
          .where(
            and(
              eq(reviewPhotos.orderId, orderId),
              isNull(reviewPhotos.evaluationId),
              inArray(reviewPhotos.url, evaluation.images),
            ),
          );
      const gone = await tx
        .delete(reviewPhotos)
        .where(
          and(
            eq(reviewPhotos.orderId, orderId),
            isNull(reviewPhotos.evaluationId),
            evaluation.images.length > 0
              ? notInArray(reviewPhotos.url, evaluation.images)
              : sql`true`,
          ),
        )
        .returning({ url: reviewPhotos.url });
      return gone.map((p) => p.url);
    });
  }

  return { roomFor, reserve, release, check, settle };
}

/**
 * The photos no evaluation will show: those of orders rated without them (the auto-praise job
 * rates with none) or no longer completed, older than `before`. The upload sweep lets them go.
 */
export async function unusedReviewPhotos(ex: Executor, before: Date): Promise<string[]> {
  const rows = await ex
    .delete(reviewPhotos)
    .where(
      and(
        isNull(reviewPhotos.evaluationId),
        sql`${reviewPhotos.createdAt} < ${before.toISOString()}::timestamptz`,
        sql`exists (select 1 from ${productOrders} o where o.id = ${reviewPhotos.orderId}
          and (o.evaluated or o.status <> 'completed'))`,
      ),
    )
    .returning({ url: reviewPhotos.url });
  return rows.map((p) => p.url);
}
