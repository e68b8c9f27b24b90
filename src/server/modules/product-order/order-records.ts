import { asc, eq, inArray } from 'drizzle-orm';
import { ResultCode } from '../../../shared/envelope';
import { message } from '../../../shared/messages';
import { isOpenAt, type OpeningHours } from '../../../shared/opening-hours';
import { moveSpecStock, type ProductSkus, type ProductSpecs } from '../../../shared/product-specs';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { orderSettings } from '../../db/schema/order-setting';
import { products } from '../../db/schema/product';
import {
  productOrderEvents,
  productOrderItems,
  productOrders,
} from '../../db/schema/product-order';
import { storeDetails } from '../../db/schema/store';
import { AppError } from '../../errors';
import type { MerchantGateways } from '../pay-manner/merchant-gateways';

export const TIMEOUT_JOB = 'product-order.timeout';
/** Gives back a payment that arrived after its order was cancelled. */
export const LATE_PAYMENT_JOB = 'product-order.late-payment';
export const AUTO_COMPLETE_JOB = 'product-order.auto-complete';
export const AUTO_PRAISE_JOB = 'product-order.auto-praise';

export type OrderRow = typeof productOrders.$inferSelect;
export type Tx = Executor;

export const DAY = 86_400_000;
export const conflict = (key: string, params?: Record<string, string | number>) =>
  new AppError(ResultCode.CONFLICT, message(`product-order:errors.${key}` as never, params), 409);

/** What the order's parts share: the database, the job queue, the settings, the gateways. */
export type OrderDeps = Pick<AppContext, 'db' | 'jobs' | 'config'> & { gateways: MerchantGateways };

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

/** The order locked for its move, or undefined. */
export async function lock(tx: Tx, where: ReturnType<typeof eq>) {
  const [row] = await tx.select().from(productOrders).where(where).for('update');
  return row;
}

export async function save(tx: Tx, order: OrderRow, set: Partial<OrderRow>) {
  const [row] = await tx
    .update(productOrders)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(productOrders.id, order.id))
    .returning();
  return row!;
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
    // The options' and the combination's own stock (大份 / 特辣).
    const moved = moveSpecStock(
      product.specs,
      product.skus as ProductSkus,
      item.specs as Record<string, string>,
      item.quantity,
    );
    product.specs = moved.specs;
    product.skus = moved.skus;
    if (moved.short) return `${product.name} ${moved.short}`;
  }
  if (!check)
    for (const product of byId.values())
      await tx
        .update(products)
        .set({ stock: product.stock, specs: product.specs, skus: product.skus })
        .where(eq(products.id, product.id));
  return null;
}

/** What a refund gives back to stock: each line's quantity left ('all'), or quantities by line id. */
export type Restock = 'all' | { itemId: number; quantity: number }[];

/**
 * Gives back to stock what an order took of its lines: all that is left of each, or the
 * quantities named (at most what is left of the line). For a paid order (`sold`) what goes back
 * no longer counts as sold: the products' sales counts go down and the line keeps the quantity
 * (refundedQuantity). Answers the units given back. An order that took no stock gives none.
 */
export async function restock(
  tx: Tx,
  order: OrderRow,
  which: Restock = 'all',
  opts: { sold?: boolean } = {},
) {
  if (!order.stockTaken) return 0;
  const items = await tx
    .select()
    .from(productOrderItems)
    .where(eq(productOrderItems.orderId, order.id))
    .orderBy(asc(productOrderItems.productId), asc(productOrderItems.id));
  let units = 0;
  for (const item of items) {
    const left = item.quantity - item.refundedQuantity;
    const named = which === 'all' ? left : which.find((l) => l.itemId === item.id)?.quantity;
    const back = Math.min(named ?? 0, left);
    if (back <= 0) continue;
    units += back;
    await tx
      .update(productOrderItems)
      .set({ refundedQuantity: item.refundedQuantity + back })
      .where(eq(productOrderItems.id, item.id));
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
          ? { ...o, stock: o.stock + back }
          : o,
      ),
    }));
    // The combination's own stock comes back too.
    const { skus } = moveSpecStock(
      product.specs as ProductSpecs,
      product.skus as ProductSkus,
      item.specs as Record<string, string>,
      -back,
    );
    await tx
      .update(products)
      .set({
        stock: product.stock + back,
        specs,
        skus,
        ...(opts.sold ? { salesCount: Math.max(0, product.salesCount - back) } : {}),
      })
      .where(eq(products.id, product.id));
  }
  return units;
}
