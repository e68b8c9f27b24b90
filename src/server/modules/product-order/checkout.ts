import { randomInt } from 'node:crypto';
import Big from 'big.js';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { combineDiscounts } from '../../../shared/coupon';
import { ResultCode } from '../../../shared/envelope';
import { bestCampaign, type CartLine } from '../../../shared/extension';
import { clockStamp } from '../../../shared/merchant-clock';
import { message } from '../../../shared/messages';
import { chooseAddons, type ProductAddon, packagingApplies } from '../../../shared/product-addons';
import {
  ORDER_QUANTITY_MAX,
  ORDER_UNITS_MAX,
  type shopOrderBody,
} from '../../../shared/product-order';
import { onSaleNow, scheduleText } from '../../../shared/product-schedule';
import {
  moveSpecStock,
  type ProductSkus,
  type ProductSpecs,
  priceWithSpecs,
  skuOf,
} from '../../../shared/product-specs';
import { type ConnectedKind, isConnectedKind } from '../../../shared/resources/pay-manner';
import { products } from '../../db/schema/product';
import { productOrderItems, productOrders } from '../../db/schema/product-order';
import { AppError, fieldError } from '../../errors';
import { customerKey } from '../../kit/customer-key';
import { storeNameOf } from '../../kit/store-name';
import { markUsed, takeCoupon } from '../coupon/service';
import { applyCampaign, partnerOfOrder, runningCampaigns } from '../extension/checkout';
import { enabledPayManners } from '../pay-manner/service';
import { phoneKey, verifiedPhone } from '../shop-identity/service';
import { findTable } from '../table-number/service';
import {
  addEvent,
  conflict,
  type OrderDeps,
  settingsOf,
  storeOpen,
  TIMEOUT_JOB,
  type Tx,
} from './order-records';
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

/** The advisory lock spaces of a storefront's unpaid orders, per address and per customer. */
const UNPAID_LOCK_IP = 44;
const UNPAID_LOCK_CUSTOMER = 45;

/** A mainland mobile number: where a courier calls. */
const MOBILE = /^1\d{10}$/;

/** P + the date and time on the merchant's clock (China's) + 6 random digits. */
/**
 * Why a product in the cart cannot be ordered: gone off sale at its 定时下架 time (named, with the
 * time), not on sale before its 定时上架 time, or off sale.
 */
function offSaleMessage(product: typeof products.$inferSelect | undefined) {
  const now = Date.now();
  if (product?.offSaleAt && product.offSaleAt.getTime() <= now)
    return message('product-order:errors.offSaleAt', {
      name: product.name,
      time: scheduleText(product.offSaleAt),
    });
  if (product?.onSaleAt && product.onSaleAt.getTime() > now)
    return message('product-order:errors.notYetOnSale', {
      name: product.name,
      time: scheduleText(product.onSaleAt),
    });
  return message('product-order:errors.offSale');
}

function orderNumber(now = new Date()) {
  return `P${clockStamp(now)}${String(randomInt(1_000_000)).padStart(6, '0')}`;
}

/** A customer's order placed: checked, priced, written, and its trade opened at the gateway. */
export function checkoutOf(
  { db, jobs, config, gateways }: OrderDeps,
  cancel: (id: number, event: { type: string; actor: string; note?: string }) => Promise<unknown>,
) {
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
    const mode = table ? 'dineIn' : delivery ? 'delivery' : 'pickup';
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
      // The products' packaging fees, per item, when the order is packed (not eaten at a table).
      let packaging = new Big(0);
      const lines: (typeof productOrderItems.$inferInsert)[] = [];
      const cart: CartLine[] = [];
      for (const [index, item] of body.items.entries()) {
        const product = byId.get(item.productId);
        if (!product || !onSaleNow(product))
          throw fieldError(`items.${index}`, offSaleMessage(product));
        const specs = product.specs as ProductSpecs;
        const skus = product.skus as ProductSkus;
        const priced = priceWithSpecs(product.price, specs, item.specs, skus);
        if (!priced) throw fieldError(`items.${index}`, message('product-order:errors.specs'));
        // Add-ons are the product's own, at its prices now, and add to the unit price.
        const addons = chooseAddons(
          product.addons as ProductAddon[],
          product.addonsMax,
          item.addons,
        );
        if ('problem' in addons)
          throw fieldError(
            `items.${index}.addons`,
            addons.problem === 'unknown'
              ? message('product-order:errors.addonUnknown', {
                  product: product.name,
                  name: addons.name,
                })
              : message('product-order:errors.addonsTooMany', {
                  product: product.name,
                  max: addons.max,
                }),
          );
        const unitPrice = new Big(priced.price).plus(addons.extra).toFixed(2);
        const skuCode = skuOf(specs, skus, item.specs)?.code ?? '';
        if (product.stock < item.quantity)
          throw fieldError(
            `items.${index}`,
            message('product-order:errors.soldOut', { name: product.name }),
          );
        // The options' and the combination's own stock (大份 / 特辣).
        const moved = moveSpecStock(specs, skus, item.specs, item.quantity);
        if (moved.short)
          throw fieldError(
            `items.${index}`,
            message('product-order:errors.soldOut', { name: `${product.name} ${moved.short}` }),
          );
        // Counted against the order's other lines of the product; written when it is paid.
        product.stock -= item.quantity;
        product.specs = moved.specs;
        product.skus = moved.skus;
        const amount = new Big(unitPrice).times(item.quantity);
        total = total.plus(amount);
        if (packagingApplies(mode))
          packaging = packaging.plus(new Big(product.packagingFee).times(item.quantity));
        cart.push({
          productId: product.id,
          categoryId: product.categoryId,
          unitPrice,
          quantity: item.quantity,
        });
        lines.push({
          orderId: 0,
          productId: product.id,
          name: product.name,
          image: product.images[0] ?? '',
          specs: item.specs,
          specsLabel: priced.label,
          addons: addons.chosen,
          skuCode,
          unitPrice,
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
      // The packaging fee is paid in full: no campaign or coupon takes it off or counts it.
      total = goodsPaid.plus(fee).plus(packaging);
      const [row] = await tx
        .insert(productOrders)
        .values({
          merchantId,
          orderNo,
          tableId: table?.id ?? null,
          tableName: table ? [table.area, table.name].filter(Boolean).join(' ') : '',
          mode,
          packagingFee: packaging.toFixed(2),
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
          diners: table ? body.diners : null,
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

  return { place };
}
