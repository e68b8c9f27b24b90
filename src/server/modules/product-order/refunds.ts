import Big from 'big.js';
import { and, eq } from 'drizzle-orm';
import { message } from '../../../shared/messages';
import { PAID_STATUSES, type ProductOrderStatus } from '../../../shared/product-order';
import {
  productOrderEvents,
  productOrderItems,
  productOrders,
} from '../../db/schema/product-order';
import { fieldError, notFound } from '../../errors';
import { customerKey } from '../../kit/customer-key';
import { type Actor, recordOperation } from '../../kit/operation-log';
import { RefundRefused } from '../../payment';
import { giveBack } from '../coupon/service';
import { countRefund } from '../customer/service';
import { campaignGivenBack, commissionAfterRefund } from '../extension/checkout';
import {
  addEvent,
  conflict,
  DAY,
  lock,
  type OrderDeps,
  type OrderRow,
  restock,
  save,
  settingsOf,
  type Tx,
} from './order-records';

/** 拒单 is for an order not yet made: waiting to be taken, or taken. */
const REJECTABLE: readonly ProductOrderStatus[] = ['paid', 'accepted'];

/** Money back: asked by the customer, given or refused by the merchant. */
export function refundsOf({ db, jobs, gateways }: OrderDeps) {
  /** The refunds of an order sent to the gateway and not yet answered. */
  async function pendingOf(tx: Tx, orderId: number) {
    const rows = await tx
      .select({ amount: productOrderEvents.amount })
      .from(productOrderEvents)
      .where(
        and(eq(productOrderEvents.orderId, orderId), eq(productOrderEvents.type, 'refundPending')),
      );
    return rows.reduce((sum, r) => sum.plus(r.amount ?? 0), new Big(0));
  }

  /**
   * Money back through the gateway (or at the counter for a counter payment): part of what is
   * left, or all of it, which ends the order as refunded. The refund is first written down as
   * pending (its event's id is the refund's number at the gateway, so a retry refunds nothing
   * twice, and two refunds at once never pass what was paid); the gateway is called outside any
   * transaction; its answer then makes it done, or failed. Stock goes back for the lines named
   * (`lines`), or for every line when the whole order is refunded; a rejected order (拒单,
   * `reject`) is refunded in full, while not yet made.
   */
  async function refund(
    actor: { merchantId: number; name: string; operator?: Actor },
    id: number,
    amount: string | undefined,
    reason: string,
    opts: { lines?: { itemId: number; quantity: number }[]; reject?: boolean } = {},
  ) {
    const { order, give, pending } = await db.transaction(async (tx) => {
      const order = await lock(
        tx,
        and(eq(productOrders.id, id), eq(productOrders.merchantId, actor.merchantId))!,
      );
      if (!order) throw notFound(message('product-order:noun'));
      if (!PAID_STATUSES.includes(order.status)) throw conflict('notRefundable');
      if (opts.reject && !REJECTABLE.includes(order.status)) throw conflict('notRejectable');
      const left = new Big(order.totalAmount)
        .minus(order.refundedAmount)
        .minus(await pendingOf(tx, order.id));
      if (opts.lines?.length) await checkLines(tx, order.id, opts.lines);
      const asked = new Big(order.refundRequested);
      const give = opts.reject
        ? left
        : new Big(amount ?? (asked.gt(0) && asked.lte(left) ? asked : left));
      if (give.lte(0) || give.gt(left)) throw conflict('refundTooMuch', { max: left.toFixed(2) });
      const [pending] = await tx
        .insert(productOrderEvents)
        .values({
          orderId: order.id,
          type: 'refundPending',
          actor: actor.name,
          amount: give.toFixed(2),
          note: reason,
        })
        .returning();
      return { order, give, pending: pending! };
    });
    const failed = () =>
      db
        .update(productOrderEvents)
        .set({ type: 'refundFailed' })
        .where(eq(productOrderEvents.id, pending.id));
    let gateway: Awaited<ReturnType<typeof gateways.forOrder>>;
    try {
      gateway = await gateways.forOrder(order.merchantId, order.payManner);
    } catch (error) {
      await failed();
      throw error;
    }
    if (gateway) {
      try {
        await gateway.refund({
          outTradeNo: order.orderNo,
          outRefundNo: `${order.orderNo}R${pending.id}`,
          amount: give.toFixed(2),
          reason,
        });
      } catch (error) {
        // Refused: nothing moved. Anything else leaves it pending (the gateway may have refunded).
        if (!(error instanceof RefundRefused)) throw error;
        await failed();
        throw conflict('refundFailed', { reason: error.message });
      }
    }
    return db.transaction(async (tx) => {
      const now = (await lock(tx, eq(productOrders.id, order.id)))!;
      await tx
        .update(productOrderEvents)
        .set({ type: 'refund', createdAt: new Date() })
        .where(eq(productOrderEvents.id, pending.id));
      const refunded = new Big(now.refundedAmount).plus(give);
      const all = refunded.eq(now.totalAmount);
      if (actor.operator)
        await recordOperation(tx, actor.operator, {
          action: 'product-order.refund',
          targetType: 'product-order',
          targetId: now.id,
          detail: {
            orderNo: now.orderNo,
            amount: give.toFixed(2),
            refunded: refunded.toFixed(2),
            ...(opts.reject ? { rejected: true } : {}),
          },
        });
      if (opts.reject) await addEvent(tx, now.id, 'reject', actor.name, { note: reason });
      // The stock of what is not sold after all goes back: every line when all the money did.
      const back = await restock(tx, now, all ? 'all' : (opts.lines ?? []), { sold: true });
      if (back > 0) await addEvent(tx, now.id, 'restock', actor.name, { note: String(back) });
      // A refund takes back its part of the partner's commission (see commissionAfterRefund),
      // earned on the goods: neither the delivery nor the packaging fee counts.
      const commission =
        now.commissionStatus === 'none'
          ? {}
          : commissionAfterRefund({
              ...now,
              deliveryFee: new Big(now.deliveryFee).plus(now.packagingFee).toFixed(2),
              refunded,
            });
      // Refunded in full: the customer has the coupon back while it is still valid, and the
      // campaign its discount.
      if (all) await giveBack(tx, now);
      // The buyer's customer record spent that much less.
      await countRefund(tx, now, give.toFixed(2));
      const row = await save(tx, now, {
        ...commission,
        refundedAmount: refunded.toFixed(2),
        refundStatus: 'refunded',
        refundRequested: '0',
        ...(all ? { status: 'refunded' as const } : {}),
      });
      if (all) await campaignGivenBack(tx, jobs, row.extensionId);
      return row;
    });
  }

  /** Refuses lines not the order's, or more of a line than is left of it (400, on the line). */
  async function checkLines(
    tx: Tx,
    orderId: number,
    lines: { itemId: number; quantity: number }[],
  ) {
    const items = await tx
      .select()
      .from(productOrderItems)
      .where(eq(productOrderItems.orderId, orderId));
    for (const [index, line] of lines.entries()) {
      const item = items.find((i) => i.id === line.itemId);
      if (!item)
        throw fieldError(`lines.${index}.itemId`, message('product-order:errors.noSuchLine'));
      const left = item.quantity - item.refundedQuantity;
      if (line.quantity > left)
        throw fieldError(
          `lines.${index}.quantity`,
          message('product-order:errors.restockTooMany', { name: item.name, max: left }),
        );
    }
  }

  async function rejectRefund(operator: Actor, id: number, reason: string) {
    return db.transaction(async (tx) => {
      const order = await lock(
        tx,
        and(eq(productOrders.id, id), eq(productOrders.merchantId, operator.merchantId))!,
      );
      if (!order) throw notFound(message('product-order:noun'));
      if (order.refundStatus !== 'requested') throw conflict('noRefundRequest');
      await addEvent(tx, order.id, 'refundReject', operator.adminName, { note: reason });
      await recordOperation(tx, operator, {
        action: 'product-order.refund-reject',
        targetType: 'product-order',
        targetId: order.id,
        detail: { orderNo: order.orderNo, reason },
      });
      return save(tx, order, { refundStatus: 'rejected', refundRequested: '0' });
    });
  }

  /** The customer's own order, found by its number and the token that placed it. */
  async function mine(merchantId: number, token: string, orderNo: string) {
    const [row] = await db
      .select()
      .from(productOrders)
      .where(
        and(
          eq(productOrders.merchantId, merchantId),
          eq(productOrders.orderNo, orderNo),
          eq(productOrders.customerKey, customerKey(token)),
        ),
      );
    if (!row) throw notFound(message('product-order:noun'));
    return row;
  }

  /** The customer asks for money back: while paid, or within the refund window after completion. */
  async function requestRefund(order: OrderRow, amount: string | undefined, reason: string) {
    const settings = await settingsOf(db, order.merchantId);
    const open =
      PAID_STATUSES.includes(order.status) &&
      order.refundStatus !== 'requested' &&
      (order.status !== 'completed' ||
        (order.completedAt?.getTime() ?? 0) + settings.refundWindowDays * DAY > Date.now());
    if (!open) throw conflict('notRefundable');
    const left = new Big(order.totalAmount).minus(order.refundedAmount);
    const asked = new Big(amount ?? left);
    if (asked.lte(0) || asked.gt(left)) throw conflict('refundTooMuch', { max: left.toFixed(2) });
    return db.transaction(async (tx) => {
      await addEvent(tx, order.id, 'refundRequest', 'customer', {
        amount: asked.toFixed(2),
        note: reason,
      });
      return save(tx, order, {
        refundStatus: 'requested',
        refundRequested: asked.toFixed(2),
        refundReason: reason,
      });
    });
  }

  return { refund, rejectRefund, mine, requestRefund };
}
