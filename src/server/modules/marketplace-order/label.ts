import { randomInt } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { ResultCode } from '../../../shared/envelope';
import type { Carrier } from '../../../shared/marketplace-order';
import { message } from '../../../shared/messages';
import type { Executor } from '../../db/client';
import { marketplaceOrderItems, marketplaceOrders } from '../../db/schema/marketplace-order';
import { AppError, notFound } from '../../errors';
import { type Actor, recordOperation } from '../../kit/operation-log';
import type { PackedOrder } from './packing-documents';
import { addEvent } from './service';

/** The carrier the sandbox buys a label from on each site. */
const SANDBOX_CARRIER: Record<string, Carrier> = { US: 'USPS', CA: 'UPS', MX: 'FedEx' };

/** A tracking number in the carrier's own shape (USPS: 22 digits from 9400; others: 1Z…, 10 digits). */
function trackingNoFor(carrier: Carrier) {
  const digits = (n: number) => Array.from({ length: n }, () => randomInt(10)).join('');
  if (carrier === 'USPS') return `9400${digits(18)}`;
  if (carrier === 'UPS') return `1Z${digits(16)}`;
  return digits(carrier === 'DHL' ? 10 : 12);
}

/** The merchant's orders with their lines, as the packing slip and the label print them. */
export async function packedOrders(
  ex: Executor,
  merchantId: number,
  ids: number[],
): Promise<(PackedOrder & { id: number; status: string; accountId: number | null })[]> {
  const orders = await ex
    .select()
    .from(marketplaceOrders)
    .where(and(eq(marketplaceOrders.merchantId, merchantId), inArray(marketplaceOrders.id, ids)))
    .orderBy(asc(marketplaceOrders.id));
  if (orders.length === 0) return [];
  const items = await ex
    .select()
    .from(marketplaceOrderItems)
    .where(
      inArray(
        marketplaceOrderItems.orderId,
        orders.map((o) => o.id),
      ),
    )
    .orderBy(asc(marketplaceOrderItems.id));
  return orders.map((o) => ({
    ...o,
    items: items.filter((i) => i.orderId === o.id),
  }));
}

/**
 * Buys an order's shipping label from the sandbox marketplace's carrier (once: asked again, it
 * prints the same label), before it ships: kept on the order, said in its timeline, and offered
 * as the shipment's carrier and tracking number. Amazon's orders buy theirs through Amazon's
 * Merchant Fulfillment API, which the product does not call: refused with that said.
 */
export async function buyLabel(tx: Executor, actor: Actor, id: number) {
  const [order] = await tx
    .select()
    .from(marketplaceOrders)
    .where(and(eq(marketplaceOrders.id, id), eq(marketplaceOrders.merchantId, actor.merchantId)))
    .for('update');
  if (!order) throw notFound(message('marketplace-order:noun'));
  if (order.labelTrackingNo) return order;
  if (order.accountId)
    throw new AppError(ResultCode.CONFLICT, message('marketplace-order:errors.labelAmazon'));
  if (order.status !== 'unshipped')
    throw new AppError(ResultCode.CONFLICT, message('record.cannotMove', { count: 1 }));
  const carrier = SANDBOX_CARRIER[order.site] ?? 'DHL';
  const trackingNo = trackingNoFor(carrier);
  const [row] = await tx
    .update(marketplaceOrders)
    .set({
      labelCarrier: carrier,
      labelTrackingNo: trackingNo,
      labelAt: new Date(),
      updatedAt: new Date(),
    })
    .where(eq(marketplaceOrders.id, id))
    .returning();
  await addEvent(tx, id, 'label', actor.adminName, `${carrier} ${trackingNo}`);
  await recordOperation(tx, actor, {
    action: 'marketplace-order.label',
    targetType: 'marketplace-order',
    targetId: id,
    detail: { orderNo: order.orderNo, carrier, trackingNo },
  });
  return row!;
}
