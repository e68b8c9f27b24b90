import Big from 'big.js';
import { eq, sql } from 'drizzle-orm';
import type { ProductOrderStatus } from '../../../shared/product-order';
import { productOrderItems, products } from '../../db/schema';
import type { JobQueue } from '../../kit/jobs';
import { printReceipt } from '../../printer';
import { campaignPaid } from '../extension/checkout';
import {
  AUTO_COMPLETE_JOB,
  AUTO_PRAISE_JOB,
  addEvent,
  conflict,
  DAY,
  type OrderRow,
  settingsOf,
  type Tx,
  takeStock,
} from './order-records';
import { receiptOf } from './receipt';
/**
 * What follows an order's move to `to`, in the move's transaction: its time, its event, its next
 * job (ready → auto-complete, completed → auto-praise); a paid one counts its sales, prints on the
 * auto-print printers and is accepted at once where the settings say so.
 */
export async function moved(
  tx: Tx,
  jobs: JobQueue,
  order: OrderRow,
  to: ProductOrderStatus,
  event: { type: string; actor: string },
): Promise<Partial<OrderRow>> {
  const now = new Date();
  const set: Partial<OrderRow> = { status: to, updatedAt: now };
  await addEvent(tx, order.id, event.type, event.actor);
  const settings = await settingsOf(tx, order.merchantId);
  if (to === 'paid') {
    // The stock is taken now that the order is paid (at the counter: refused when it is short).
    if (!order.stockTaken) {
      const short = await takeStock(tx, order.id);
      if (short) throw conflict('soldOutAtPayment', { name: short });
      set.stockTaken = true;
    }
    await campaignPaid(tx, order);
    set.paidAt = order.paidAt ?? now;
    set.paidRecordedAt = now;
    if (order.partnerId && order.commissionStatus === 'none')
      set.commissionStatus = new Big(order.commission).gt(0) ? 'pending' : 'settled';
    const items = await tx
      .select({ productId: productOrderItems.productId, quantity: productOrderItems.quantity })
      .from(productOrderItems)
      .where(eq(productOrderItems.orderId, order.id));
    for (const item of items)
      await tx
        .update(products)
        .set({ salesCount: sql`${products.salesCount} + ${item.quantity}` })
        .where(eq(products.id, item.productId));
    const printed = await printReceipt(tx, jobs, order.merchantId, await receiptOf(tx, order), {
      orderId: order.id,
      source: 'order',
    });
    if (printed > 0) await addEvent(tx, order.id, 'printed', 'system', { note: String(printed) });
    if (settings.autoAccept) {
      set.status = 'accepted';
      set.acceptedAt = now;
      await addEvent(tx, order.id, 'accept', 'system');
    }
  }
  if (to === 'accepted') set.acceptedAt = now;
  if (to === 'ready' || to === 'delivering')
    await jobs.enqueue(
      AUTO_COMPLETE_JOB,
      { id: order.id },
      {
        delayMs: settings.autoCompleteDays * DAY,
        dedupeKey: `complete-${order.id}`,
        merchantId: order.merchantId,
      },
      tx,
    );
  if (to === 'completed') {
    set.completedAt = now;
    await jobs.enqueue(
      AUTO_PRAISE_JOB,
      { id: order.id },
      {
        delayMs: settings.autoPraiseDays * DAY,
        dedupeKey: `praise-${order.id}`,
        merchantId: order.merchantId,
      },
      tx,
    );
  }
  return set;
}
