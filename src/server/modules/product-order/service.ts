import { randomInt } from 'node:crypto';
import Big from 'big.js';
import { and, asc, eq, gt, inArray, notInArray, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { combineDiscounts } from '../../../shared/coupon';
import { ResultCode } from '../../../shared/envelope';
import { bestCampaign, type CartLine } from '../../../shared/extension';
import { clockStamp } from '../../../shared/merchant-clock';
import { message } from '../../../shared/messages';
import { isOpenAt, type OpeningHours } from '../../../shared/opening-hours';
import {
  ORDER_QUANTITY_MAX,
  ORDER_UNITS_MAX,
  PAID_STATUSES,
  type ProductOrderStatus,
  type shopOrderBody,
} from '../../../shared/product-order';
import { type ProductSpecs, priceWithSpecs } from '../../../shared/product-specs';
import { UPLOADED_IMAGE } from '../../../shared/resource-schema';
import { type ConnectedKind, isConnectedKind } from '../../../shared/resources/pay-manner';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import {
  evaluations,
  orderSettings,
  productOrderEvents,
  productOrderItems,
  productOrders,
  products,
  storeDetails,
} from '../../db/schema';
import { AppError, fieldError, notFound } from '../../errors';
import { customerKey } from '../../kit/customer-key';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../kit/db-errors';
import type { JobQueue } from '../../kit/jobs';
import { type Actor, recordOperation } from '../../kit/operation-log';
import { storeNameOf } from '../../kit/store-name';
import { InvalidNotice, type PaymentNotice, RefundRefused } from '../../payment';
import { printReceipt } from '../../printer';
import { giveBack, markUsed, takeCoupon } from '../coupon/service';
import {
  applyCampaign,
  campaignGivenBack,
  campaignPaid,
  commissionAfterRefund,
  partnerOfOrder,
  runningCampaigns,
} from '../extension/checkout';
import { merchantGateways } from '../pay-manner/merchant-gateways';
import { enabledPayManners } from '../pay-manner/service';
import { phoneKey, verifiedPhone } from '../shop-identity/service';
import { findTable } from '../table-number/service';
import { signalPaid } from './paid-signal';

export const ORDER_NOTIFY_PATH = '/open/product-order/notify';
/**
 * Where a merchant's own Alipay or WeChat Pay notifies its orders' payments:
 * `/open/product-order/<kind>-notify/:merchantId` (the route reads the merchant, and verifies
 * with that merchant's keys only).
 */
export const merchantNotifyRoute = (kind: ConnectedKind) =>
  `/open/product-order/${kind}-notify/:merchantId`;
export const merchantNotifyPath = (kind: ConnectedKind, merchantId: number) =>
  merchantNotifyRoute(kind).replace(':merchantId', String(merchantId));
export const TIMEOUT_JOB = 'product-order.timeout';
/** Gives back a payment that arrived after its order was cancelled. */
export const LATE_PAYMENT_JOB = 'product-order.late-payment';
export const AUTO_COMPLETE_JOB = 'product-order.auto-complete';
export const AUTO_PRAISE_JOB = 'product-order.auto-praise';

type OrderRow = typeof productOrders.$inferSelect;
type Tx = Executor;

const DAY = 86_400_000;
/** The advisory lock spaces of a storefront's unpaid orders, per address and per customer. */
const UNPAID_LOCK_IP = 44;
const UNPAID_LOCK_CUSTOMER = 45;
const conflict = (key: string, params?: Record<string, string | number>) =>
  new AppError(ResultCode.CONFLICT, message(`product-order:errors.${key}` as never, params), 409);

/** A mainland mobile number: where a courier calls. */
const MOBILE = /^1\d{10}$/;

/** P + the date and time on the merchant's clock (China's) + 6 random digits. */
function orderNumber(now = new Date()) {
  return `P${clockStamp(now)}${String(randomInt(1_000_000)).padStart(6, '0')}`;
}

/** The merchant's order settings, or their defaults before the merchant saved any. */
export async function settingsOf(ex: Tx, merchantId: number) {
  const [row] = await ex
    .select()
    .from(orderSettings)
    .where(eq(orderSettings.merchantId, merchantId));
  return (
    row ?? {
      unpaidTimeoutMinutes: 15,
      autoCompleteDays: 7,
      autoPraiseDays: 7,
      refundWindowDays: 7,
      autoAccept: false,
      newOrderSound: true,
      deliveryEnabled: false,
      deliveryFee: '0',
      deliveryMinimum: '0',
    }
  );
}

/** Whether the store takes orders now: open, and within its hours (no details yet: open). */
export async function storeOpen(ex: Tx, merchantId: number, at = new Date()) {
  const [row] = await ex.select().from(storeDetails).where(eq(storeDetails.merchantId, merchantId));
  return !row || (row.status === 'open' && isOpenAt(row.hours as OpeningHours, at));
}

export async function addEvent(
  ex: Tx,
  orderId: number,
  type: string,
  actor: string,
  extra: { amount?: string; note?: string } = {},
) {
  await ex.insert(productOrderEvents).values({ orderId, type, actor, ...extra });
}

/** What the order's lines were, as a receipt. */
async function receiptOf(ex: Tx, order: OrderRow) {
  const title = await storeNameOf(ex, order.merchantId);
  const items = await ex
    .select()
    .from(productOrderItems)
    .where(eq(productOrderItems.orderId, order.id))
    .orderBy(asc(productOrderItems.id));
  return {
    title,
    lines: [
      { text: `订单 ${order.orderNo}` },
      ...(order.tableName ? [{ text: `桌号 ${order.tableName}` }] : []),
      ...(order.mode === 'delivery'
        ? [{ text: `外送 ${order.address}` }, { text: `电话 ${order.contactPhone}` }]
        : order.mode === 'pickup'
          ? [{ text: '到店自取' }]
          : []),
      ...items.map((item) => ({
        text: `${item.name}${item.specsLabel ? `(${item.specsLabel})` : ''} ×${item.quantity}`,
        right: item.amount,
      })),
      ...(Number(order.discountAmount) > 0
        ? [{ text: `优惠 ${order.extensionName}`, right: `-${order.discountAmount}` }]
        : []),
      ...(Number(order.couponDiscount) > 0
        ? [{ text: `优惠券 ${order.couponName}`, right: `-${order.couponDiscount}` }]
        : []),
      ...(Number(order.deliveryFee) > 0 ? [{ text: '配送费', right: order.deliveryFee }] : []),
      ...(order.remark ? [{ text: `备注 ${order.remark}` }] : []),
    ],
    total: { label: '实付', amount: order.totalAmount },
    footer: [new Date().toLocaleString('zh-CN', { hour12: false, timeZone: 'Asia/Shanghai' })],
  };
}

/**
 * Takes an order's items from its products' stock, and from their chosen specs' own stock (the
 * products locked in id order); answers the name of the first too short (nothing is then taken),
 * else null. `check` only checks. A product deleted since the order was placed is skipped.
 */
export async function takeStock(tx: Tx, orderId: number, check = false): Promise<string | null> {
  const items = await tx
    .select()
    .from(productOrderItems)
    .where(eq(productOrderItems.orderId, orderId))
    .orderBy(asc(productOrderItems.id));
  if (items.length === 0) return null;
  const rows = await tx
    .select()
    .from(products)
    .where(inArray(products.id, [...new Set(items.map((item) => item.productId))]))
    .orderBy(asc(products.id))
    .for('update');
  const byId = new Map(rows.map((p) => [p.id, { ...p, specs: p.specs as ProductSpecs }]));
  for (const item of items) {
    const product = byId.get(item.productId);
    if (!product) continue;
    if (product.stock < item.quantity) return product.name;
    product.stock -= item.quantity;
    const chosen = item.specs as Record<string, string>;
    let short: string | null = null;
    product.specs = product.specs.map((group) => ({
      ...group,
      options: group.options.map((o) => {
        if (o.stock === null || chosen[group.name] !== o.name) return o;
        if (o.stock < item.quantity) short = `${product.name} ${o.name}`;
        return { ...o, stock: o.stock - item.quantity };
      }),
    }));
    if (short) return short;
  }
  if (!check)
    for (const product of byId.values())
      await tx
        .update(products)
        .set({ stock: product.stock, specs: product.specs })
        .where(eq(products.id, product.id));
  return null;
}

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

const services = new WeakMap<AppContext, OrderService>();
/** The app's one order service (its job handlers are registered once). */
export function ordersOf(context: AppContext): OrderService {
  const known = services.get(context);
  if (known) return known;
  const service = orderService(context);
  services.set(context, service);
  return service;
}

/** The storefront's orders: placed, paid, moved, refunded and rated. */
function orderService({ db, payments, jobs, config }: AppContext) {
  const gateways = merchantGateways({ db, payments, config });
  const lock = async (tx: Tx, where: ReturnType<typeof eq>) => {
    const [row] = await tx.select().from(productOrders).where(where).for('update');
    return row;
  };

  async function save(tx: Tx, order: OrderRow, set: Partial<OrderRow>) {
    const [row] = await tx
      .update(productOrders)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(productOrders.id, order.id))
      .returning();
    return row!;
  }

  /** Gives back the stock an order took (one placed before stock was taken at payment). */
  async function restock(tx: Tx, order: OrderRow) {
    if (!order.stockTaken) return;
    const items = await tx
      .select()
      .from(productOrderItems)
      .where(eq(productOrderItems.orderId, order.id));
    for (const item of items) {
      const [product] = await tx
        .select()
        .from(products)
        .where(eq(products.id, item.productId))
        .for('update');
      if (!product) continue;
      const specs = (product.specs as ProductSpecs).map((group) => ({
        ...group,
        options: group.options.map((o) =>
          o.stock !== null && (item.specs as Record<string, string>)[group.name] === o.name
            ? { ...o, stock: o.stock + item.quantity }
            : o,
        ),
      }));
      await tx
        .update(products)
        .set({ stock: product.stock + item.quantity, specs })
        .where(eq(products.id, product.id));
    }
  }

  /**
   * Refuses an order past the unpaid limits (config SHOP_UNPAID_*): of its customer (the device's
   * token, and its verified phone when it has one) and of its address, counted under advisory
   * locks on both so that orders at once are counted one after the other.
   */
  async function withinUnpaidLimits(
    tx: Tx,
    order: {
      merchantId: number;
      customer: string;
      buyer: string | null;
      ip: string;
      units: number;
    },
  ) {
    const { merchantId, customer, buyer, ip, units } = order;
    await tx.execute(
      sql`select pg_advisory_xact_lock(${UNPAID_LOCK_IP}, hashtext(${`${merchantId}:${ip}`}))`,
    );
    await tx.execute(
      sql`select pg_advisory_xact_lock(${UNPAID_LOCK_CUSTOMER}, hashtext(${`${merchantId}:${buyer ?? customer}`}))`,
    );
    const mine = or(
      eq(productOrders.customerKey, customer),
      buyer ? eq(productOrders.buyerPhone, buyer) : undefined,
    )!;
    const here = eq(productOrders.clientIp, ip);
    const [open] = await tx
      .select({
        mineOrders: sql<number>`count(*) filter (where ${mine})::int`,
        mineUnits: sql<number>`coalesce(sum(${productOrders.itemCount}) filter (where ${mine}), 0)::int`,
        hereOrders: sql<number>`count(*) filter (where ${here})::int`,
        hereUnits: sql<number>`coalesce(sum(${productOrders.itemCount}) filter (where ${here}), 0)::int`,
      })
      .from(productOrders)
      .where(
        and(
          eq(productOrders.merchantId, merchantId),
          eq(productOrders.status, 'unpaid'),
          or(mine, here),
        ),
      );
    const count = {
      mineOrders: Number(open?.mineOrders ?? 0),
      mineUnits: Number(open?.mineUnits ?? 0),
      hereOrders: Number(open?.hereOrders ?? 0),
      hereUnits: Number(open?.hereUnits ?? 0),
    };
    if (
      count.mineOrders + 1 > config.SHOP_UNPAID_ORDERS_PER_CUSTOMER ||
      count.mineUnits + units > config.SHOP_UNPAID_UNITS_PER_CUSTOMER
    )
      throw conflict('unpaidMine', {
        orders: count.mineOrders,
        units: count.mineUnits,
        maxOrders: config.SHOP_UNPAID_ORDERS_PER_CUSTOMER,
        maxUnits: config.SHOP_UNPAID_UNITS_PER_CUSTOMER,
      });
    if (
      count.hereOrders + 1 > config.SHOP_UNPAID_ORDERS_PER_IP ||
      count.hereUnits + units > config.SHOP_UNPAID_UNITS_PER_IP
    )
      throw conflict('unpaidHere', {
        maxOrders: config.SHOP_UNPAID_ORDERS_PER_IP,
        maxUnits: config.SHOP_UNPAID_UNITS_PER_IP,
      });
  }

  /**
   * A customer's order: prices, specs and stock from the database (never from the phone), within
   * the limits of one order and of what a customer and an address may leave unpaid, the time-out
   * job queued, all in one transaction; then the gateway's trade. The stock is checked, not
   * taken: it is taken when the order is paid (`moved`), so unpaid orders hold none of it.
   */
  async function place(
    merchantId: number,
    body: z.output<typeof shopOrderBody>,
    from: { ip: string },
  ) {
    if (!(await storeOpen(db, merchantId)))
      throw new AppError(ResultCode.CONFLICT, message('store:errors.notOpen'), 409);
    const manners = await enabledPayManners(db, merchantId);
    if (!manners.some((m) => m.kind === body.payManner))
      throw fieldError('payManner', message('product-order:errors.payManner'));
    const gateway = await gateways.forCheckout(merchantId, body.payManner);
    const table = body.tableId ? await findTable(db, merchantId, body.tableId) : null;
    if (body.tableId && !table) throw fieldError('tableId', message('product-order:errors.table'));
    const settings = await settingsOf(db, merchantId);
    // A table's order is eaten there; without one it is picked up or, where allowed, delivered.
    const delivery = !table && body.mode === 'delivery';
    if (delivery) {
      if (!settings.deliveryEnabled)
        throw fieldError('mode', message('product-order:errors.noDelivery'));
      if (body.address.length < 5)
        throw fieldError('address', message('product-order:errors.address'));
      if (!MOBILE.test(body.contactPhone))
        throw fieldError('contactPhone', message('product-order:errors.phone'));
    }
    // One order: at most ORDER_QUANTITY_MAX of a product (its lines together), ORDER_UNITS_MAX in all.
    const units = body.items.reduce((n, item) => n + item.quantity, 0);
    if (units > ORDER_UNITS_MAX)
      throw fieldError('items', message('product-order:errors.tooMany', { max: ORDER_UNITS_MAX }));
    const ofProduct = new Map<number, number>();
    for (const [index, item] of body.items.entries()) {
      const n = (ofProduct.get(item.productId) ?? 0) + item.quantity;
      ofProduct.set(item.productId, n);
      if (n > ORDER_QUANTITY_MAX)
        throw fieldError(
          `items.${index}`,
          message('product-order:errors.tooManyOfOne', { max: ORDER_QUANTITY_MAX }),
        );
    }
    const customer = customerKey(body.token);
    const buyer = await verifiedPhone(db, merchantId, body.token);
    const expiresAt = new Date(Date.now() + settings.unpaidTimeoutMinutes * 60_000);
    const orderNo = orderNumber();
    const order = await db.transaction(async (tx) => {
      await withinUnpaidLimits(tx, { merchantId, customer, buyer, ip: from.ip, units });
      const ids = [...new Set(body.items.map((i) => i.productId))];
      const rows = await tx
        .select()
        .from(products)
        .where(and(eq(products.merchantId, merchantId), inArray(products.id, ids)));
      const byId = new Map(rows.map((p) => [p.id, p]));
      let total = new Big(0);
      const lines: (typeof productOrderItems.$inferInsert)[] = [];
      const cart: CartLine[] = [];
      for (const [index, item] of body.items.entries()) {
        const product = byId.get(item.productId);
        if (product?.status !== 'on')
          throw fieldError(`items.${index}`, message('product-order:errors.offSale'));
        const specs = product.specs as ProductSpecs;
        const priced = priceWithSpecs(product.price, specs, item.specs);
        if (!priced) throw fieldError(`items.${index}`, message('product-order:errors.specs'));
        if (product.stock < item.quantity)
          throw fieldError(
            `items.${index}`,
            message('product-order:errors.soldOut', { name: product.name }),
          );
        const nextSpecs = specs.map((group) => ({
          ...group,
          options: group.options.map((o) => {
            if (o.stock === null || item.specs[group.name] !== o.name) return o;
            if (o.stock < item.quantity)
              throw fieldError(
                `items.${index}`,
                message('product-order:errors.soldOut', { name: `${product.name} ${o.name}` }),
              );
            return { ...o, stock: o.stock - item.quantity };
          }),
        }));
        // Counted against the order's other lines of the product; written when it is paid.
        product.stock -= item.quantity;
        product.specs = nextSpecs;
        const amount = new Big(priced.price).times(item.quantity);
        total = total.plus(amount);
        cart.push({
          productId: product.id,
          categoryId: product.categoryId,
          unitPrice: priced.price,
          quantity: item.quantity,
        });
        lines.push({
          orderId: 0,
          productId: product.id,
          name: product.name,
          image: product.images[0] ?? '',
          specs: item.specs,
          specsLabel: priced.label,
          unitPrice: priced.price,
          quantity: item.quantity,
          amount: amount.toFixed(2),
        });
      }
      const fee = delivery ? new Big(settings.deliveryFee) : new Big(0);
      if (delivery && total.lt(settings.deliveryMinimum))
        throw fieldError(
          'mode',
          message('product-order:errors.deliveryMinimum', {
            amount: new Big(settings.deliveryMinimum).toFixed(2),
          }),
        );
      // The best campaign the customer may use takes its part off the goods (never below 0); the
      // customer's coupon, locked until the order is written, stacks with it or replaces it when
      // it takes off more (shared/coupon.ts); an invite code names the partner, who earns on
      // what is paid for the goods.
      // A coupon is held by the device's token (redeemed unverified) or by the verified phone.
      const holders = buyer ? [customer, phoneKey(buyer)] : [customer];
      const coupon = body.couponId
        ? await takeCoupon(tx, merchantId, holders, body.couponId, cart)
        : null;
      // A coupon that does not stack and beats every campaign leaves them alone (none is locked
      // or weighed); else the best usable campaign is weighed against it.
      const couponWins =
        coupon &&
        !coupon.coupon.stackable &&
        new Big(coupon.discount).gt(
          bestCampaign(await runningCampaigns(tx, merchantId), cart)?.discount ?? 0,
        );
      let campaign = couponWins ? null : await applyCampaign(tx, merchantId, buyer, cart);
      let couponOff = '0.00';
      if (coupon) {
        const split = combineDiscounts(
          total.toFixed(2),
          campaign?.discount ?? '0',
          coupon.discount,
          coupon.coupon.stackable,
        );
        if (campaign && new Big(split.campaign).eq(0)) campaign = null;
        couponOff = split.coupon;
      }
      const used = coupon && new Big(couponOff).gt(0) ? coupon : null;
      const goodsPaid = total.minus(campaign?.discount ?? 0).minus(couponOff);
      const partner = body.ref ? await partnerOfOrder(tx, merchantId, body.ref, goodsPaid) : null;
      total = goodsPaid.plus(fee);
      const [row] = await tx
        .insert(productOrders)
        .values({
          merchantId,
          orderNo,
          tableId: table?.id ?? null,
          tableName: table ? [table.area, table.name].filter(Boolean).join(' ') : '',
          mode: table ? 'dineIn' : delivery ? 'delivery' : 'pickup',
          ...(delivery
            ? {
                address: body.address,
                contactPhone: body.contactPhone,
                deliveryFee: fee.toFixed(2),
              }
            : {}),
          customerKey: customer,
          buyerPhone: buyer ?? '',
          clientIp: from.ip,
          ...(campaign
            ? {
                extensionId: campaign.id,
                extensionName: campaign.name,
                discountAmount: campaign.discount,
              }
            : {}),
          ...(used
            ? { couponId: used.held.id, couponName: used.coupon.name, couponDiscount: couponOff }
            : {}),
          ...(partner ?? {}),
          payManner: body.payManner,
          itemsSummary: lines
            .map((l) => `${l.name}×${l.quantity}`)
            .join('、')
            .slice(0, 200),
          itemCount: lines.reduce((n, l) => n + l.quantity, 0),
          totalAmount: total.toFixed(2),
          remark: body.remark,
          expiresAt,
        })
        .returning();
      await tx.insert(productOrderItems).values(lines.map((l) => ({ ...l, orderId: row!.id })));
      if (used) await markUsed(tx, used.held, row!);
      await addEvent(tx, row!.id, 'created', 'customer', { amount: row!.totalAmount });
      await jobs.enqueue(
        TIMEOUT_JOB,
        { orderNo },
        { runAt: expiresAt, dedupeKey: orderNo, merchantId },
        tx,
      );
      return row!;
    });
    if (!gateway) return order;
    // The customer pays the store, as its pay page and the trade's subject say.
    const storeName = await storeNameOf(db, merchantId);
    try {
      const trade = await gateway.createTrade({
        outTradeNo: orderNo,
        amount: order.totalAmount,
        subject: order.itemsSummary.slice(0, 60),
        merchantId,
        merchantName: storeName,
        method: order.payManner === 'alipay' ? 'alipay' : 'wechat',
        notifyUrl: isConnectedKind(order.payManner)
          ? merchantNotifyPath(order.payManner, merchantId)
          : ORDER_NOTIFY_PATH,
        expiresAt,
      });
      const [row] = await db
        .update(productOrders)
        .set({ tradeNo: trade.tradeNo, payUrl: trade.qrCode })
        .where(eq(productOrders.id, order.id))
        .returning();
      return row!;
    } catch (error) {
      await cancel(order.id, { type: 'cancel', actor: 'system', note: String(error) });
      throw new AppError(ResultCode.INTERNAL, message('money.gatewayDown'), 502);
    }
  }

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
   * transaction; its answer then makes it done, or failed.
   */
  async function refund(
    actor: { merchantId: number; name: string; operator?: Actor },
    id: number,
    amount: string | undefined,
    reason: string,
  ) {
    const { order, give, pending } = await db.transaction(async (tx) => {
      const order = await lock(
        tx,
        and(eq(productOrders.id, id), eq(productOrders.merchantId, actor.merchantId))!,
      );
      if (!order) throw notFound(message('product-order:noun'));
      if (!PAID_STATUSES.includes(order.status)) throw conflict('notRefundable');
      const left = new Big(order.totalAmount)
        .minus(order.refundedAmount)
        .minus(await pendingOf(tx, order.id));
      const asked = new Big(order.refundRequested);
      const give = new Big(amount ?? (asked.gt(0) && asked.lte(left) ? asked : left));
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
          detail: { orderNo: now.orderNo, amount: give.toFixed(2), refunded: refunded.toFixed(2) },
        });
      // A refund takes back its part of the partner's commission (see commissionAfterRefund).
      const commission =
        now.commissionStatus === 'none' ? {} : commissionAfterRefund({ ...now, refunded });
      // Refunded in full: the customer has the coupon back while it is still valid, and the
      // campaign its discount.
      if (all) await giveBack(tx, now);
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

  /** Of the merchant's orders `ids`, those whose payment was recorded after a time. */
  async function recordedAfter(merchantId: number, ids: number[], after: Date) {
    if (ids.length === 0) return [];
    const rows = await db
      .select({ id: productOrders.id })
      .from(productOrders)
      .where(
        and(
          eq(productOrders.merchantId, merchantId),
          inArray(productOrders.id, ids),
          gt(productOrders.paidRecordedAt, after),
        ),
      );
    return rows.map((row) => row.id);
  }

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

  /** Whether the customer may still add photos to an order's evaluation: done, not yet rated. */
  function rateable(order: OrderRow) {
    if (order.status !== 'completed' || order.evaluated) throw conflict('notRateable');
    return order;
  }

  return {
    place,
    cancel,
    apply,
    refund,
    rejectRefund,
    mine,
    requestRefund,
    evaluate,
    rateable,
    paidSince,
    recordedAfter,
  };
}

export type OrderService = ReturnType<typeof orderService>;
