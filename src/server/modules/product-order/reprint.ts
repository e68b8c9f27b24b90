import { and, eq } from 'drizzle-orm';
import { message } from '../../../shared/messages';
import { PAID_STATUSES } from '../../../shared/product-order';
import { productOrders } from '../../db/schema/product-order';
import { notFound } from '../../errors';
import type { JobQueue } from '../../kit/jobs';
import { type Actor, recordOperation } from '../../kit/operation-log';
import { printReceipt } from '../../printer';
import { addEvent, conflict, type Tx } from './order-records';
import { receiptsOf } from './receipt';

/**
 * 重打小票: the order's receipt printed again on the store's auto-print printers (each station its
 * own lines), marked as printed again; written on the order's timeline and the operation log.
 * Answers how many printers it went to.
 */
export async function reprintOrder(tx: Tx, jobs: JobQueue, operator: Actor, id: number) {
  const [order] = await tx
    .select()
    .from(productOrders)
    .where(and(eq(productOrders.id, id), eq(productOrders.merchantId, operator.merchantId)));
  if (!order) throw notFound(message('product-order:noun'));
  if (!PAID_STATUSES.includes(order.status) && order.status !== 'refunded')
    throw conflict('notPrintable');
  const printed = await printReceipt(
    tx,
    jobs,
    order.merchantId,
    await receiptsOf(tx, order, { reprint: true }),
    { orderId: order.id, orderNo: order.orderNo, source: 'order' },
  );
  if (printed === 0) throw conflict('noPrinter');
  await addEvent(tx, order.id, 'reprint', operator.adminName, { note: String(printed) });
  await recordOperation(tx, operator, {
    action: 'product-order.reprint',
    targetType: 'product-order',
    targetId: order.id,
    detail: { orderNo: order.orderNo, printers: printed },
  });
  return printed;
}
