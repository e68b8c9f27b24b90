import { eq } from 'drizzle-orm';
import { message } from '../../../shared/messages';
import { UPLOADED_IMAGE } from '../../../shared/resource-schema';
import { evaluations } from '../../db/schema/evaluate';
import { productOrders } from '../../db/schema/product-order';
import { fieldError } from '../../errors';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../kit/db-errors';
import { addEvent, conflict, lock, type OrderDeps, type OrderRow, save } from './order-records';
/** The customer's rating of a completed order. */
export function ratingsOf({ db }: Pick<OrderDeps, 'db'>) {
  async function evaluate(
    order: OrderRow,
    rating: number,
    content: string,
    auto = false,
    images: string[] = [],
  ) {
    if (order.status !== 'completed' || order.evaluated) throw conflict('notRateable');
    // Only photos uploaded to this merchant's store.
    if (images.some((url) => UPLOADED_IMAGE.exec(url)?.[1] !== String(order.merchantId)))
      throw fieldError('images', message('validation.imageUrl'));
    return db.transaction(async (tx) => {
      // Two ratings at once (a double tap, the auto-praise job): the second waits for the first
      // and finds the order rated.
      const now = await lock(tx, eq(productOrders.id, order.id));
      if (now?.status !== 'completed' || now.evaluated) throw conflict('notRateable');
      try {
        await tx.insert(evaluations).values({
          merchantId: order.merchantId,
          orderId: order.id,
          orderNo: order.orderNo,
          itemsSummary: order.itemsSummary,
          rating,
          content,
          images: [...new Set(images)],
          auto,
        });
      } catch (error) {
        // Rated by another way round the lock (evaluations_order_key): the same refusal.
        if (pgErrorCode(error) === UNIQUE_VIOLATION) throw conflict('notRateable');
        throw error;
      }
      await addEvent(tx, order.id, auto ? 'autoPraise' : 'evaluate', auto ? 'system' : 'customer', {
        note: `${rating}★ ${content}`.trim(),
      });
      return save(tx, order, { evaluated: true });
    });
  }

  /** Whether the customer may still add photos to an order's evaluation: done, not yet rated. */
  function rateable(order: OrderRow) {
    if (order.status !== 'completed' || order.evaluated) throw conflict('notRateable');
    return order;
  }

  return { evaluate, rateable };
}
