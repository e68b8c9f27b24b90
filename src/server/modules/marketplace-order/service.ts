import { randomInt } from 'node:crypto';
import Big from 'big.js';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { ResultCode } from '../../../shared/envelope';
import type { MARKETPLACES } from '../../../shared/marketplace';
import {
  CANCELLABLE,
  DEFAULT_RATES,
  feeOf,
  REFUNDABLE,
  type Shipment,
  type ShipResult,
  SITE_CURRENCY,
  toYuan,
} from '../../../shared/marketplace-order';
import { message } from '../../../shared/messages';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { goodsSettings } from '../../db/schema/goods-setting';
import { listings } from '../../db/schema/listing';
import {
  marketplaceOrderEvents,
  marketplaceOrderItems,
  marketplaceOrders,
} from '../../db/schema/marketplace-order';
import { AppError, fieldError, notFound } from '../../errors';
import type { JobQueue } from '../../kit/jobs';
import { type Actor, recordOperation } from '../../kit/operation-log';
import type { OrderUpdate } from '../../marketplace/marketplace';
import { moveGoodsStock } from '../goods/stock';
import { syncListingStock } from '../listing/service';
import { type ShipTo, shipToColumns } from './ship-to';

type Marketplace = (typeof MARKETPLACES)[number];
type Order = typeof marketplaceOrders.$inferSelect;

/** Jobs: the sandbox's payment check and delivery, and telling the marketplace of a change. */
export const PAID_JOB = 'marketplace-order.paid';
export const DELIVER_JOB = 'marketplace-order.deliver';
export const UPDATE_JOB = 'marketplace-order.update';

const conflict = (key: Parameters<typeof message>[0], params?: Record<string, string | number>) =>
  new AppError(ResultCode.CONFLICT, message(key, params));

/** An order number in the marketplace's own style. */
export function orderNoFor(marketplace: Marketplace): string {
  const digits = (n: number) =>
    Array.from({ length: n }, () => randomInt(10))
      .join('')
      .replace(/^0/, '1');
  if (marketplace === 'amazon') return `${digits(3)}-${digits(7)}-${digits(7)}`;
  if (marketplace === 'walmart') return digits(13);
  return `${digits(2)}-${digits(5)}-${digits(5)}`;
}

/** An order as the marketplace sends it, its lines on the merchant's listings. */
export interface IncomingOrder {
  merchantId: number;
  marketplace: Marketplace;
  site: string;
  orderNo: string;
  buyer: string;
  orderedAt: Date;
  currency: string;
  shippingAmount: string;
  lines: {
    listingId: number | null;
    goodsId: number | null;
    sellerSku: string;
    title: string;
    quantity: number;
    unitPrice: string;
    /** The marketplace's id of the line (Amazon's OrderItemId). */
    remoteItemId?: string;
  }[];
  /** pending while the marketplace checks the payment; unshipped once it has. */
  status: 'pending' | 'unshipped';
  /** When it must ship by, when the marketplace says (else the setting's handling days). */
  shipBy?: Date;
  /** The seller account it came from (none: the sandbox). */
  accountId?: number | null;
  /** Where it goes; parts a marketplace withholds (Amazon's restricted data) are empty. */
  shipTo?: Partial<ShipTo>;
}

/** The merchant's rate and handling days for a marketplace and site (its listing setting). */
async function settingOf(ex: Executor, order: IncomingOrder) {
  const [setting] = await ex
    .select({ rate: goodsSettings.exchangeRate, handlingDays: goodsSettings.handlingDays })
    .from(goodsSettings)
    .where(
      and(
        eq(goodsSettings.merchantId, order.merchantId),
        eq(goodsSettings.marketplace, order.marketplace),
        eq(goodsSettings.site, order.site),
        eq(goodsSettings.currency, order.currency),
      ),
    )
    .orderBy(desc(goodsSettings.updatedAt))
    .limit(1);
  const rate =
    setting && Number(setting.rate) > 0 ? setting.rate : (DEFAULT_RATES[order.currency] ?? '1');
  return { rate: new Big(rate).toFixed(4), handlingDays: setting?.handlingDays ?? 2 };
}

/** Adds a line to an order's timeline. */
export async function addEvent(
  ex: Executor,
  orderId: number,
  type: string,
  actor: string,
  note = '',
  at?: Date,
) {
  await ex
    .insert(marketplaceOrderEvents)
    .values({ orderId, type, actor, note, ...(at ? { createdAt: at } : {}) });
}

/**
 * Keeps an order the marketplace sent: once, however often it comes (by its number). The lines'
 * listings lose the units sold (the marketplace holds the stock), and so do the goods' variants of
 * their SKUs (the goods' stock the listings follow); amounts in yuan at the rate of
 * the merchant's listing setting for the site, else the default rate of the currency.
 */
export async function receiveOrder(
  ex: Executor,
  order: IncomingOrder,
  jobs: JobQueue | null,
): Promise<Order> {
  const { rate, handlingDays } = await settingOf(ex, order);
  const lines = order.lines.map((line) => ({
    ...line,
    amount: new Big(line.unitPrice).times(line.quantity).toFixed(2),
  }));
  const goodsAmount = lines.reduce((sum, line) => sum.plus(line.amount), new Big(0));
  const total = goodsAmount.plus(order.shippingAmount);
  const fees = feeOf(order.marketplace, goodsAmount.toFixed(2));
  const units = lines.reduce((sum, line) => sum + line.quantity, 0);
  const [row] = await ex
    .insert(marketplaceOrders)
    .values({
      merchantId: order.merchantId,
      orderNo: order.orderNo,
      marketplace: order.marketplace,
      site: order.site,
      buyer: order.buyer,
      itemsSummary: lines.map((line) => `${line.title} ×${line.quantity}`).join('；'),
      skus: [...new Set(lines.map((line) => line.sellerSku))],
      units,
      currency: order.currency,
      goodsAmount: goodsAmount.toFixed(2),
      shippingAmount: new Big(order.shippingAmount).toFixed(2),
      totalAmount: total.toFixed(2),
      exchangeRate: rate,
      totalCny: toYuan(total.toFixed(2), rate),
      feesCny: toYuan(fees, rate),
      status: order.status,
      shipBy: order.shipBy ?? new Date(order.orderedAt.getTime() + handlingDays * 86_400_000),
      orderedAt: order.orderedAt,
      accountId: order.accountId ?? null,
      ...shipToColumns(order.shipTo),
    })
    .onConflictDoNothing()
    .returning();
  if (!row) {
    const [known] = await ex
      .select()
      .from(marketplaceOrders)
      .where(
        and(
          eq(marketplaceOrders.merchantId, order.merchantId),
          eq(marketplaceOrders.marketplace, order.marketplace),
          eq(marketplaceOrders.orderNo, order.orderNo),
        ),
      );
    return known!;
  }
  await ex.insert(marketplaceOrderItems).values(
    lines.map((line) => ({
      orderId: row.id,
      merchantId: order.merchantId,
      listingId: line.listingId,
      goodsId: line.goodsId,
      sellerSku: line.sellerSku,
      title: line.title,
      quantity: line.quantity,
      unitPrice: new Big(line.unitPrice).toFixed(2),
      amount: line.amount,
      amountCny: toYuan(line.amount, rate),
      remoteItemId: line.remoteItemId ?? '',
    })),
  );
  for (const line of lines)
    if (line.listingId !== null)
      await ex
        .update(listings)
        .set({ stock: sql`greatest(${listings.stock} - ${line.quantity}, 0)` })
        .where(eq(listings.id, line.listingId));
  // The goods' stock behind them too (goods/stock.ts), and the SKUs' other live listings (on
  // other sites) follow it at once: a unit sold on one is gone from all (no queue: demo data).
  const stocks = await moveGoodsStock(
    ex,
    order.merchantId,
    lines.map((line) => ({ sellerSku: line.sellerSku, quantity: -line.quantity })),
  );
  if (jobs) await syncListingStock(ex, jobs, order.merchantId, stocks);
  await addEvent(ex, row.id, 'placed', 'marketplace', order.buyer, order.orderedAt);
  if (order.status === 'unshipped')
    await addEvent(ex, row.id, 'paid', 'marketplace', '', order.orderedAt);
  return row;
}

/** The merchant's orders of these ids, locked for a change, in id order. */
async function lockOrders(ex: Executor, merchantId: number, ids: number[]) {
  return ex
    .select()
    .from(marketplaceOrders)
    .where(and(eq(marketplaceOrders.merchantId, merchantId), inArray(marketplaceOrders.id, ids)))
    .orderBy(asc(marketplaceOrders.id))
    .for('update');
}

/** An order's lines and timeline. */
export async function partsOf(ex: Executor, merchantId: number, id: number) {
  const [order] = await ex
    .select({ id: marketplaceOrders.id })
    .from(marketplaceOrders)
    .where(and(eq(marketplaceOrders.id, id), eq(marketplaceOrders.merchantId, merchantId)));
  if (!order) throw notFound(message('marketplace-order:noun'));
  const items = await ex
    .select()
    .from(marketplaceOrderItems)
    .where(eq(marketplaceOrderItems.orderId, id))
    .orderBy(asc(marketplaceOrderItems.id));
  const events = await ex
    .select()
    .from(marketplaceOrderEvents)
    .where(eq(marketplaceOrderEvents.orderId, id))
    .orderBy(asc(marketplaceOrderEvents.id));
  return {
    items: items.map(({ orderId: _o, merchantId: _m, ...item }) => item),
    events: events.map(({ orderId: _o, createdAt, ...event }) => ({
      ...event,
      createdAt: createdAt.toISOString(),
    })),
  };
}

/** The area's writes: each in one transaction with its timeline, its log and its notice. */
export function ordersOf({ db, jobs }: Pick<AppContext, 'db' | 'jobs'>) {
  /** Tells the marketplace of a change, by a job that retries while it is down. */
  const tell = (ex: Executor, order: Order, update: OrderUpdate) =>
    jobs.enqueue(
      UPDATE_JOB,
      { id: order.id, update },
      {
        maxAttempts: 10,
        dedupeKey: `${order.id}:${update.kind}:${Date.now()}`,
        merchantId: order.merchantId,
      },
      ex,
    );

  return {
    /**
     * Ships orders, each with its carrier and tracking number: all that may be shipped are, and
     * each that may not is answered with why (not the merchant's, not to ship, named twice).
     * `rows` are the place each shipment had (a file's row numbers).
     */
    async ship(actor: Actor, shipments: Shipment[], rows?: number[]): Promise<ShipResult> {
      return db.transaction(async (tx) => {
        const orders = await lockOrders(
          tx,
          actor.merchantId,
          shipments.map((s) => s.id),
        );
        const byId = new Map(orders.map((o) => [o.id, o]));
        const errors: ShipResult['errors'] = [];
        const seen = new Set<number>();
        let shipped = 0;
        for (const [i, shipment] of shipments.entries()) {
          const row = rows?.[i] ?? i + 1;
          const order = byId.get(shipment.id);
          const orderNo = order?.orderNo ?? String(shipment.id);
          if (!order) {
            errors.push({ row, orderNo, reason: 'notFound' });
            continue;
          }
          if (seen.has(order.id)) {
            errors.push({ row, orderNo, reason: 'twice' });
            continue;
          }
          seen.add(order.id);
          if (order.status !== 'unshipped') {
            errors.push({ row, orderNo, reason: `status.${order.status}` });
            continue;
          }
          const now = new Date();
          await tx
            .update(marketplaceOrders)
            .set({
              status: 'shipped',
              carrier: shipment.carrier,
              trackingNo: shipment.trackingNo,
              shippedAt: now,
              updatedAt: now,
            })
            .where(eq(marketplaceOrders.id, order.id));
          await addEvent(
            tx,
            order.id,
            'shipped',
            actor.adminName,
            `${shipment.carrier} ${shipment.trackingNo}`,
          );
          await tell(tx, order, {
            kind: 'shipment',
            orderNo: order.orderNo,
            carrier: shipment.carrier,
            trackingNo: shipment.trackingNo,
          });
          shipped++;
        }
        if (shipped > 0)
          await recordOperation(tx, actor, {
            action: 'marketplace-order.ship',
            targetType: 'marketplace-order',
            targetId: shipments.length === 1 ? shipments[0]!.id : '',
            detail: { count: shipped },
          });
        return { shipped, errors };
      });
    },

    /** The marketplace has the buyer's payment: the order is to ship. */
    async paid(id: number) {
      return db.transaction(async (tx) => {
        const [order] = await tx
          .update(marketplaceOrders)
          .set({ status: 'unshipped', updatedAt: new Date() })
          .where(and(eq(marketplaceOrders.id, id), eq(marketplaceOrders.status, 'pending')))
          .returning();
        if (order) await addEvent(tx, id, 'paid', 'marketplace');
        return order;
      });
    },

    /** The buyer has the parcel (the marketplace says so). */
    async delivered(merchantId: number, id: number) {
      return db.transaction(async (tx) => {
        const now = new Date();
        const [order] = await tx
          .update(marketplaceOrders)
          .set({ status: 'delivered', deliveredAt: now, updatedAt: now })
          .where(
            and(
              eq(marketplaceOrders.id, id),
              eq(marketplaceOrders.merchantId, merchantId),
              eq(marketplaceOrders.status, 'shipped'),
            ),
          )
          .returning();
        if (order) await addEvent(tx, id, 'delivered', 'marketplace');
        return order;
      });
    },

    /** Cancels an order not yet shipped: its units go back to its listings and their goods. */
    async cancel(actor: Actor, id: number, reason: string) {
      return db.transaction(async (tx) => {
        const [order] = await lockOrders(tx, actor.merchantId, [id]);
        if (!order) throw notFound(message('marketplace-order:noun'));
        if (!CANCELLABLE.includes(order.status)) throw conflict('record.cannotMove', { count: 1 });
        const now = new Date();
        await tx
          .update(marketplaceOrders)
          // The marketplace charges no fee on an order cancelled before it shipped.
          .set({ status: 'cancelled', feesCny: '0', updatedAt: now })
          .where(eq(marketplaceOrders.id, id));
        const lines = await tx
          .select()
          .from(marketplaceOrderItems)
          .where(eq(marketplaceOrderItems.orderId, id));
        for (const line of lines)
          if (line.listingId !== null)
            await tx
              .update(listings)
              .set({ stock: sql`${listings.stock} + ${line.quantity}` })
              .where(eq(listings.id, line.listingId));
        const stocks = await moveGoodsStock(
          tx,
          actor.merchantId,
          lines.map((line) => ({ sellerSku: line.sellerSku, quantity: line.quantity })),
        );
        await syncListingStock(tx, jobs, actor.merchantId, stocks);
        await addEvent(tx, id, 'cancelled', actor.adminName, reason);
        await tell(tx, order, { kind: 'cancel', orderNo: order.orderNo, reason });
        await recordOperation(tx, actor, {
          action: 'marketplace-order.cancel',
          targetType: 'marketplace-order',
          targetId: id,
          detail: { orderNo: order.orderNo, reason },
        });
        return { id, status: 'cancelled' as const };
      });
    },

    /**
     * Gives the buyer money back, in part or all that is left (amount absent), in the order's
     * currency: refunded once nothing is left.
     */
    async refund(actor: Actor, id: number, amount: string | undefined, reason: string) {
      return db.transaction(async (tx) => {
        const [order] = await lockOrders(tx, actor.merchantId, [id]);
        if (!order) throw notFound(message('marketplace-order:noun'));
        const left = new Big(order.totalAmount).minus(order.refundAmount);
        if (!REFUNDABLE.includes(order.status) || left.lte(0))
          throw conflict('record.cannotMove', { count: 1 });
        const give = amount === undefined ? left : new Big(amount);
        // Refused and said on the amount, never lowered to what is left.
        if (give.lte(0)) throw fieldError('amount', message('money.positive'));
        if (give.gt(left))
          throw fieldError('amount', message('money.atMost', { max: left.toFixed(2) }));
        const refundAmount = new Big(order.refundAmount).plus(give).toFixed(2);
        const now = new Date();
        const status = give.eq(left) ? 'refunded' : order.status;
        await tx
          .update(marketplaceOrders)
          .set({
            status,
            refundAmount,
            refundCny: toYuan(refundAmount, order.exchangeRate),
            refundedAt: now,
            updatedAt: now,
          })
          .where(eq(marketplaceOrders.id, id));
        await addEvent(
          tx,
          id,
          'refunded',
          actor.adminName,
          `${give.toFixed(2)} ${order.currency}${reason ? ` · ${reason}` : ''}`,
        );
        await tell(tx, order, {
          kind: 'refund',
          orderNo: order.orderNo,
          amount: give.toFixed(2),
          currency: order.currency,
        });
        await recordOperation(tx, actor, {
          action: 'marketplace-order.refund',
          targetType: 'marketplace-order',
          targetId: id,
          detail: { orderNo: order.orderNo, amount: give.toFixed(2), currency: order.currency },
        });
        return { id, status };
      });
    },
  };
}

/** The currency a listing on a site sells in (its own, else the site's). */
export const currencyOf = (listing: { currency: string; site: string }) =>
  listing.currency || SITE_CURRENCY[listing.site as keyof typeof SITE_CURRENCY] || 'USD';
