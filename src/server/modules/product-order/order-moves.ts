import Big from 'big.js';
import { and, eq, gte, ne, sql } from 'drizzle-orm';
import { clockText } from '../../../shared/merchant-clock';
import type { ProductOrderStatus } from '../../../shared/product-order';
import { products } from '../../db/schema/product';
import { productOrderItems, productOrders } from '../../db/schema/product-order';
import type { JobQueue } from '../../kit/jobs';
import { printReceipt } from '../../printer';
import { countPaidOrder } from '../customer/service';
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
import { receiptsOf } from './receipt';

/** The advisory lock space of a store's pickup numbers. */
const PICKUP_LOCK = 47;

/**
 * The next 取餐号 of the store's China day (A001, A002, …), counted among its orders paid since
 * the day began there (China keeps one offset all year: +08:00), under a lock per store so that
 * two payments at once take two numbers.
 */
export async function nextPickupNo(tx: Tx, merchantId: number, now: Date) {
  await tx.execute(sql`select pg_advisory_xact_lock(${PICKUP_LOCK}, ${merchantId})`);
  const dayStart = new Date(`${clockText(now).slice(0, 10)}T00:00:00+08:00`);
  const [row] = await tx
    .select({
      last: sql<number>`coalesce(max(nullif(substring(${productOrders.pickupNo} from 2), '')::int), 0)::int`,
    })
    .from(productOrders)
    .where(
      and(
        eq(productOrders.merchantId, merchantId),
        gte(productOrders.paidRecordedAt, dayStart),
        ne(productOrders.pickupNo, ''),
      ),
    );
  return `A${String(Number(row?.last ?? 0) + 1).padStart(3, '0')}`;
}
/**
 * What follows an order's move to `to`, in the move's transaction: its time, its event, its next
 * job (ready → auto-complete, completed → auto-praise); a paid one counts its sales and its
 * buyer's customer record, prints on the auto-print printers and is accepted at once where the
 * settings say so.
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
    // A buyer with a verified phone is the merchant's customer, and this order counts on them.
    await countPaidOrder(tx, order, now);
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
    set.pickupNo = order.pickupNo || (await nextPickupNo(tx, order.merchantId, now));
    const printed = await printReceipt(
      tx,
      jobs,
      order.merchantId,
      await receiptsOf(tx, { ...order, pickupNo: set.pickupNo }),
      { orderId: order.id, orderNo: order.orderNo, source: 'order' },
    );
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
