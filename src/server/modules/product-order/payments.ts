import Big from 'big.js';
import { and, asc, eq, gt, inArray, notInArray } from 'drizzle-orm';
import { message } from '../../../shared/messages';
import { productOrderEvents, productOrders } from '../../db/schema/product-order';
import { notFound } from '../../errors';
import { InvalidNotice, type PaymentNotice } from '../../payment';
import { giveBack } from '../coupon/service';
import { moved } from './order-moves';
import {
  addEvent,
  conflict,
  LATE_PAYMENT_JOB,
  lock,
  type OrderDeps,
  restock,
  save,
  takeStock,
} from './order-records';
import { signalPaid } from './paid-signal';
/** Orders paid (a gateway's notice, or the counter) and orders cancelled before payment. */
export function paymentsOf({ db, jobs, gateways }: OrderDeps) {
  /**
   * Cancels an order not yet paid, and gives its stock back; a trade still open at the gateway is
   * closed first (a payer who was quicker makes it paid instead).
   */
  async function cancel(id: number, event: { type: string; actor: string; note?: string }) {
    const [current] = await db.select().from(productOrders).where(eq(productOrders.id, id));
    if (!current) throw notFound(message('product-order:noun'));
    if (current.status !== 'unpaid') throw conflict('notCancellable');
    // Alipay numbers a trade only once it is scanned (WeChat Pay only once it is paid): its pay
    // address says there is one.
    const gateway =
      current.tradeNo || current.payUrl
        ? // A merchant's account since removed cannot be asked: its code expires with the order.
          await gateways.forOrder(current.merchantId, current.payManner).catch(() => null)
        : null;
    if (gateway) {
      const trade = await gateway.closeTrade(current.orderNo);
      if (trade?.status === 'paid') {
        await apply({
          notifyId: '',
          tradeNo: trade.tradeNo,
          outTradeNo: trade.outTradeNo,
          amount: trade.amount,
          status: 'paid',
          paidAt: trade.paidAt,
        });
        throw conflict('notCancellable');
      }
    }
    return db.transaction(async (tx) => {
      const order = await lock(tx, eq(productOrders.id, id));
      if (order?.status !== 'unpaid') throw conflict('notCancellable');
      await restock(tx, order);
      await giveBack(tx, order);
      await addEvent(tx, order.id, event.type, event.actor, { note: event.note ?? '' });
      return save(tx, order, { status: 'cancelled', cancelledAt: new Date(), stockTaken: false });
    });
  }

  /**
   * A gateway's word on an order's payment, applied once (as the cost centre's recharges); from a
   * notify route, only to an order paid through that route's gateway (`from`).
   */
  async function apply(notice: PaymentNotice, from?: { payManner: string; merchantId?: number }) {
    let paidNow = false;
    const order = await db.transaction(async (tx) => {
      const order = await lock(tx, eq(productOrders.orderNo, notice.outTradeNo));
      if (!order) throw new InvalidNotice(`no order ${notice.outTradeNo}`);
      if (
        from &&
        (order.payManner !== from.payManner ||
          (from.merchantId !== undefined && order.merchantId !== from.merchantId))
      )
        throw new InvalidNotice(`order ${notice.outTradeNo} is not paid through this gateway`);
      if (order.tradeNo && order.tradeNo !== notice.tradeNo)
        throw new InvalidNotice(`trade ${notice.tradeNo} is not the order's`);
      if (!new Big(order.totalAmount).eq(notice.amount))
        throw new InvalidNotice(`amount ${notice.amount} is not the order's`);
      if (notice.status !== 'paid') return order;
      if (order.status === 'cancelled') {
        // Paid after it was cancelled: a code scanned before its expiry that the gateway could
        // not close (Alipay knows a trade only once scanned). The order stays cancelled and the
        // money goes back the way it came, once however often the gateway says so.
        const [seen] = await tx
          .select({ id: productOrderEvents.id })
          .from(productOrderEvents)
          .where(
            and(
              eq(productOrderEvents.orderId, order.id),
              inArray(productOrderEvents.type, ['latePaid', 'soldOut']),
            ),
          )
          .limit(1);
        if (seen) return order;
        await addEvent(tx, order.id, 'latePaid', 'gateway', { amount: order.totalAmount });
        await jobs.enqueue(
          LATE_PAYMENT_JOB,
          { id: order.id },
          { dedupeKey: `late-${order.id}`, merchantId: order.merchantId },
          tx,
        );
        return save(tx, order, { tradeNo: notice.tradeNo });
      }
      if (order.status !== 'unpaid') return order;
      // Paid for goods others paid for first: cancelled, and the money goes back the way it came.
      const short = order.stockTaken ? null : await takeStock(tx, order.id, true);
      if (short) {
        await addEvent(tx, order.id, 'soldOut', 'system', {
          amount: order.totalAmount,
          note: short,
        });
        await giveBack(tx, order);
        await jobs.enqueue(
          LATE_PAYMENT_JOB,
          { id: order.id },
          { dedupeKey: `late-${order.id}`, merchantId: order.merchantId },
          tx,
        );
        return save(tx, order, {
          status: 'cancelled',
          cancelledAt: new Date(),
          tradeNo: notice.tradeNo,
        });
      }
      const set = await moved(tx, jobs, order, 'paid', { type: 'paid', actor: 'gateway' });
      paidNow = true;
      return save(tx, order, {
        ...set,
        tradeNo: notice.tradeNo,
        paidAt: notice.paidAt ?? new Date(),
      });
    });
    if (paidNow) signalPaid(order.merchantId);
    return order;
  }

  /**
   * The open list's live feed: orders of the merchant whose payment was recorded after a time,
   * leaving out those already announced, in the order they were recorded.
   */
  async function paidSince(merchantId: number, after: Date, seen: number[]) {
    return db
      .select({
        id: productOrders.id,
        orderNo: productOrders.orderNo,
        totalAmount: productOrders.totalAmount,
        recordedAt: productOrders.paidRecordedAt,
      })
      .from(productOrders)
      .where(
        and(
          eq(productOrders.merchantId, merchantId),
          gt(productOrders.paidRecordedAt, after),
          seen.length > 0 ? notInArray(productOrders.id, seen) : undefined,
        ),
      )
      .orderBy(asc(productOrders.paidRecordedAt), asc(productOrders.id))
      .limit(50);
  }

  /**
   * The open list's live feed, before payment: orders to be paid at the counter placed after a
   * time and still unpaid (the customer is on the way to the till), leaving out those announced.
   */
  async function counterWaitingSince(merchantId: number, after: Date, told: number[]) {
    return db
      .select({
        id: productOrders.id,
        orderNo: productOrders.orderNo,
        totalAmount: productOrders.totalAmount,
        recordedAt: productOrders.createdAt,
      })
      .from(productOrders)
      .where(
        and(
          eq(productOrders.merchantId, merchantId),
          eq(productOrders.status, 'unpaid'),
          eq(productOrders.payManner, 'counter'),
          gt(productOrders.createdAt, after),
          told.length > 0 ? notInArray(productOrders.id, told) : undefined,
        ),
      )
      .orderBy(asc(productOrders.createdAt), asc(productOrders.id))
      .limit(50);
  }

  /** Of the merchant's orders `ids`, those whose `moment` (paid, placed) came after a time. */
  function after(moment: 'paidRecordedAt' | 'createdAt') {
    return async (merchantId: number, ids: number[], time: Date) => {
      if (ids.length === 0) return [];
      const rows = await db
        .select({ id: productOrders.id })
        .from(productOrders)
        .where(
          and(
            eq(productOrders.merchantId, merchantId),
            inArray(productOrders.id, ids),
            gt(productOrders[moment], time),
          ),
        );
      return rows.map((row) => row.id);
    };
  }
  const recordedAfter = after('paidRecordedAt');
  const placedAfter = after('createdAt');

  return { cancel, apply, paidSince, counterWaitingSince, recordedAfter, placedAfter };
}
