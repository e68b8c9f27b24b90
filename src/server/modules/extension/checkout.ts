import Big from 'big.js';
import { and, asc, eq, gt, inArray, lte, ne, sql } from 'drizzle-orm';
import { type CartLine, commissionOf, discountOf, INVITE_CODE } from '../../../shared/extension';
import { PAID_STATUSES } from '../../../shared/product-order';
import { offerTermsOf } from '../../../shared/promotion-terms';
import type { Executor } from '../../db/client';
import { extensions } from '../../db/schema/extension';
import { productOrders } from '../../db/schema/product-order';
import { sellingPartners } from '../../db/schema/selling-partner';
import type { JobQueue } from '../../kit/jobs';
import { scheduleClock, statusAt } from './clock';

/** The merchant's campaigns within their period now, published and not ended. */
export async function runningCampaigns(ex: Executor, merchantId: number, at = new Date()) {
  const rows = await ex
    .select()
    .from(extensions)
    .where(
      and(
        eq(extensions.merchantId, merchantId),
        inArray(extensions.status, ['scheduled', 'active']),
        lte(extensions.startAt, at),
        gt(extensions.endAt, at),
      ),
    )
    .limit(50);
  return rows.map((row) => ({
    ...offerTermsOf(row),
    perCustomerLimit: row.perCustomerLimit,
    endAt: row.endAt,
  }));
}

/** The orders whose discount a campaign's budget counts: paid, and not refunded in full. */
const paidOrders = inArray(productOrders.status, [...PAID_STATUSES]);

/** What the campaign's paid orders took off, but the order `except`. */
async function spentOf(tx: Executor, id: number, except?: number) {
  const [spent] = await tx
    .select({ sum: sql<string>`coalesce(sum(${productOrders.discountAmount}), 0)::text` })
    .from(productOrders)
    .where(
      and(
        eq(productOrders.extensionId, id),
        paidOrders,
        except === undefined ? undefined : ne(productOrders.id, except),
      ),
    );
  return new Big(spent?.sum ?? 0);
}

/**
 * The campaign checkout applies to a cart (in the order's transaction): the one that takes the
 * most off among those the customer may still use, within what is left of its budget. A budget
 * counts the discounts of paid orders only (an unpaid order spends none of it: strangers' unpaid
 * orders never end a campaign); a per-customer limit counts the customer's orders that are not
 * cancelled or refunded, by the customer's verified phone (`buyer`): without one, a campaign with
 * a limit does not apply. The campaign's row is locked while they are counted, so that one
 * customer's two checkouts at once never both pass its limit.
 */
export async function applyCampaign(
  tx: Executor,
  merchantId: number,
  buyer: string | null,
  lines: readonly CartLine[],
): Promise<{ id: number; name: string; discount: string } | null> {
  const candidates = (await runningCampaigns(tx, merchantId))
    .filter((terms) => buyer !== null || terms.perCustomerLimit === 0)
    .map((terms) => ({ terms, discount: discountOf(terms, lines) }))
    .filter((c) => new Big(c.discount).gt(0))
    .sort((a, b) => new Big(b.discount).cmp(a.discount) || a.terms.id - b.terms.id);
  if (candidates.length === 0) return null;
  // Locked in id order: two checkouts weighing the same campaigns queue, never deadlock.
  const locked = await tx
    .select()
    .from(extensions)
    .where(
      inArray(
        extensions.id,
        candidates.map((c) => c.terms.id),
      ),
    )
    .orderBy(asc(extensions.id))
    .for('update');
  const byId = new Map(locked.map((row) => [row.id, row]));
  for (const { terms, discount } of candidates) {
    const row = byId.get(terms.id);
    if (!row || (row.status !== 'scheduled' && row.status !== 'active')) continue;
    if (row.perCustomerLimit > 0) {
      if (!buyer) continue;
      const [used] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(productOrders)
        .where(
          and(
            eq(productOrders.extensionId, row.id),
            eq(productOrders.buyerPhone, buyer),
            inArray(productOrders.status, ['unpaid', ...PAID_STATUSES]),
          ),
        );
      if (Number(used?.n ?? 0) >= row.perCustomerLimit) continue;
    }
    if (new Big(row.budget).gt(0) && (await spentOf(tx, row.id)).plus(discount).gt(row.budget))
      continue;
    return { id: row.id, name: row.name, discount };
  }
  return null;
}

/**
 * An order that applied a campaign is paid (in the payment's transaction): once the paid
 * discounts reach the campaign's budget, it ends, marked as spent. An order placed before that
 * and paid after keeps the discount it was priced with, so the budget may be passed by those.
 */
export async function campaignPaid(
  tx: Executor,
  order: { id: number; extensionId: number | null; discountAmount: string },
) {
  if (!order.extensionId) return;
  const [row] = await tx
    .select()
    .from(extensions)
    .where(eq(extensions.id, order.extensionId))
    .for('update');
  if (!row || new Big(row.budget).lte(0)) return;
  if (row.status !== 'scheduled' && row.status !== 'active') return;
  const spent = (await spentOf(tx, row.id, order.id)).plus(order.discountAmount);
  if (spent.lt(row.budget)) return;
  const now = new Date();
  await tx
    .update(extensions)
    .set({ status: 'ended', spentAt: now, updatedAt: now })
    .where(eq(extensions.id, row.id));
}

/**
 * A paid order of the campaign was refunded in full (in the refund's transaction, after the
 * order is written): its discount is the budget's again, and a campaign its budget ended runs
 * again while its period lasts (its clock still ends it on time).
 */
export async function campaignGivenBack(tx: Executor, jobs: JobQueue, id: number | null) {
  if (!id) return;
  const [row] = await tx.select().from(extensions).where(eq(extensions.id, id)).for('update');
  if (row?.status !== 'ended' || !row.spentAt) return;
  if ((await spentOf(tx, row.id)).gte(row.budget)) return;
  const status = statusAt(row.startAt, row.endAt);
  if (status === 'ended') return;
  await tx
    .update(extensions)
    .set({ status, spentAt: null, updatedAt: new Date() })
    .where(eq(extensions.id, row.id));
  await scheduleClock(jobs, row, status === 'scheduled' ? row.startAt : row.endAt, tx);
}

/**
 * The approved partner whose invite code came with the order, and what it earns on the goods paid;
 * null for no code, an unknown one or a partner not (or no longer) approved: the order goes on.
 */
export async function partnerOfOrder(
  tx: Executor,
  merchantId: number,
  code: string,
  goodsPaid: Big,
) {
  const invite = code.trim().toUpperCase();
  if (!INVITE_CODE.test(invite)) return null;
  const [partner] = await tx
    .select()
    .from(sellingPartners)
    .where(
      and(
        eq(sellingPartners.merchantId, merchantId),
        eq(sellingPartners.inviteCode, invite),
        eq(sellingPartners.status, 'approved'),
      ),
    );
  if (!partner) return null;
  return {
    partnerId: partner.id,
    partnerName: partner.name,
    commissionRate: partner.commissionRate,
    commission: commissionOf(goodsPaid.toFixed(2), partner.commissionRate),
  };
}

/**
 * An order's commission after a refund: its rate of the goods still paid for. Its status says
 * what is left to do: pending while what is due differs from what was paid out (either way),
 * settled when they agree, reversed when nothing was due or paid.
 */
export function commissionAfterRefund(order: {
  totalAmount: string;
  deliveryFee: string;
  commissionRate: string;
  commissionSettled: string;
  refunded: Big;
}) {
  const left = new Big(order.totalAmount).minus(order.deliveryFee).minus(order.refunded);
  const commission = commissionOf(
    (left.gt(0) ? left : new Big(0)).toFixed(2),
    order.commissionRate,
  );
  const settled = new Big(order.commissionSettled);
  const commissionStatus = !settled.eq(commission)
    ? ('pending' as const)
    : settled.gt(0)
      ? ('settled' as const)
      : ('reversed' as const);
  return { commission, commissionStatus };
}
