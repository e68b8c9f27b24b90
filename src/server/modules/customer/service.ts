import Big from 'big.js';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { customers } from '../../db/schema/customer';

/**
 * The merchant's customers (/client-list) as their storefront orders make them: a buyer with a
 * verified phone becomes the merchant's customer when an order of theirs is paid, and each paid
 * order counts on them (orderCount, totalSpent, lastActiveAt); a refund takes its money back off
 * totalSpent. Both run in the payment's or the refund's own transaction, so a payment counted
 * once (its order moves from unpaid once, under the order's lock) counts here once.
 */

/** The advisory lock space of a customer's phone at a merchant: two payments at once make one. */
const CUSTOMER_PHONE_LOCK = 48;

/** A storefront buyer's name until the merchant writes one: 顾客 + the phone's last four digits. */
export const buyerName = (phone: string) => `顾客${phone.slice(-4)}`;

/** The merchant's customer with the phone (the oldest, should the merchant have typed two). */
async function customerOf(tx: Executor, merchantId: number, phone: string) {
  const [row] = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.merchantId, merchantId), eq(customers.phone, phone)))
    .orderBy(asc(customers.id))
    .limit(1);
  return row ?? null;
}

/**
 * A storefront order paid, in its payment's transaction: its buyer's verified phone (none: an
 * anonymous order, which makes no customer) is the merchant's customer, made now if new (source
 * 'store'), with one order more, the amount paid more, and active now.
 */
export async function countPaidOrder(
  tx: Executor,
  order: { merchantId: number; buyerPhone: string; totalAmount: string },
  now = new Date(),
) {
  const { merchantId, buyerPhone: phone } = order;
  if (!phone) return;
  const amount = new Big(order.totalAmount).toFixed(2);
  await tx.execute(
    sql`select pg_advisory_xact_lock(${CUSTOMER_PHONE_LOCK}, hashtext(${`${merchantId}:${phone}`}))`,
  );
  const known = await customerOf(tx, merchantId, phone);
  if (!known) {
    await tx.insert(customers).values({
      merchantId,
      name: buyerName(phone),
      phone,
      source: 'store',
      orderCount: 1,
      totalSpent: amount,
      registeredAt: now,
      lastActiveAt: now,
    });
    return;
  }
  await tx
    .update(customers)
    .set({
      orderCount: sql`${customers.orderCount} + 1`,
      totalSpent: sql`${customers.totalSpent} + ${amount}::numeric`,
      lastActiveAt: now,
      updatedAt: now,
    })
    .where(eq(customers.id, known.id));
}

/**
 * Money given back on a storefront order, in the refund's transaction: off its buyer's
 * totalSpent (never below 0). The order still counts as one of theirs.
 */
export async function countRefund(
  tx: Executor,
  order: { merchantId: number; buyerPhone: string },
  refunded: string,
) {
  const { merchantId, buyerPhone: phone } = order;
  if (!phone) return;
  const known = await customerOf(tx, merchantId, phone);
  if (!known) return;
  const amount = new Big(refunded).toFixed(2);
  await tx
    .update(customers)
    .set({
      totalSpent: sql`greatest(${customers.totalSpent} - ${amount}::numeric, 0)`,
      updatedAt: new Date(),
    })
    .where(eq(customers.id, known.id));
}
