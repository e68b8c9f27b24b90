import Big from 'big.js';
import { eq } from 'drizzle-orm';
import { productOrders } from '../../db/schema/product-order';
import { AppError } from '../../errors';
import { RefundRefused } from '../../payment';
import { moved } from './order-moves';
import {
  AUTO_COMPLETE_JOB,
  AUTO_PRAISE_JOB,
  addEvent,
  LATE_PAYMENT_JOB,
  lock,
  type OrderDeps,
  type OrderRow,
  save,
  TIMEOUT_JOB,
} from './order-records';
/**
 * The order's timers: the unpaid time-out, the late payment given back, the auto-complete and the
 * auto-praise, registered once on the app's job queue.
 */
export function registerOrderTimers(
  { db, jobs, gateways }: OrderDeps,
  parts: {
    cancel: (id: number, event: { type: string; actor: string }) => Promise<unknown>;
    evaluate: (
      order: OrderRow,
      rating: number,
      content: string,
      auto?: boolean,
    ) => Promise<unknown>;
  },
) {
  const { cancel, evaluate } = parts;

  jobs.register<{ orderNo: string }>(TIMEOUT_JOB, async (job) => {
    const [order] = await db
      .select()
      .from(productOrders)
      .where(eq(productOrders.orderNo, job.payload.orderNo));
    if (order?.status !== 'unpaid') return { status: order?.status ?? 'unknown' };
    try {
      await cancel(order.id, { type: 'timeout', actor: 'system' });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
    }
    return { status: 'done' };
  });

  jobs.register<{ id: number }>(LATE_PAYMENT_JOB, async (job) => {
    const [order] = await db
      .select()
      .from(productOrders)
      .where(eq(productOrders.id, job.payload.id));
    if (order?.status !== 'cancelled') return { refunded: false };
    if (new Big(order.refundedAmount).gte(order.totalAmount)) return { refunded: true };
    const gateway = await gateways.forOrder(order.merchantId, order.payManner);
    if (!gateway) return { refunded: false };
    try {
      // One number for this refund: a retry of the job refunds nothing twice.
      await gateway.refund({
        outTradeNo: order.orderNo,
        outRefundNo: `${order.orderNo}L`,
        amount: order.totalAmount,
        reason: 'order cancelled before the payment arrived',
      });
    } catch (error) {
      // Refused: written down on the order for the merchant to see; anything else is retried.
      if (!(error instanceof RefundRefused)) throw error;
      await db.transaction((tx) =>
        addEvent(tx, order.id, 'refundFailed', 'system', {
          amount: order.totalAmount,
          note: error.message,
        }),
      );
      return { refunded: false, reason: error.message };
    }
    await db.transaction(async (tx) => {
      const now = (await lock(tx, eq(productOrders.id, order.id)))!;
      if (new Big(now.refundedAmount).gte(now.totalAmount)) return;
      await addEvent(tx, now.id, 'refund', 'system', { amount: now.totalAmount });
      await save(tx, now, { refundedAmount: now.totalAmount, refundStatus: 'refunded' });
    });
    return { refunded: true };
  });

  jobs.register<{ id: number }>(AUTO_COMPLETE_JOB, async (job) => {
    const done = await db.transaction(async (tx) => {
      const order = await lock(tx, eq(productOrders.id, job.payload.id));
      if (order?.status !== 'ready' && order?.status !== 'delivering') return false;
      const set = await moved(tx, jobs, order, 'completed', {
        type: 'autoComplete',
        actor: 'system',
      });
      await save(tx, order, set);
      return true;
    });
    return { completed: done };
  });

  jobs.register<{ id: number }>(AUTO_PRAISE_JOB, async (job) => {
    const [order] = await db
      .select()
      .from(productOrders)
      .where(eq(productOrders.id, job.payload.id));
    if (order?.status !== 'completed' || order.evaluated) return { praised: false };
    await evaluate(order, 5, '', true);
    return { praised: true };
  });
}
