import Big from 'big.js';
import { and, asc, eq, gt, inArray, lte, ne, sql } from 'drizzle-orm';
import {
  type CampaignTerms,
  type CartLine,
  commissionOf,
  discountOf,
  INVITE_CODE,
} from '../../../shared/extension';
import type { Executor } from '../../db/client';
import { extensions, productOrders, sellingPartners } from '../../db/schema';

type Campaign = typeof extensions.$inferSelect;

const termsOf = (row: Campaign): CampaignTerms => ({
  id: row.id,
  name: row.name,
  kind: row.kind,
  threshold: row.threshold,
  value: row.value,
  scope: row.scope,
  categoryIds: row.categoryIds,
  productIds: row.productIds,
});

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
  return rows.map((row) => ({ ...termsOf(row), endAt: row.endAt }));
}

/**
 * The campaign checkout applies to a cart (in the order's transaction): the one that takes the
 * most off among those the customer may still use, within what is left of its budget. The
 * campaign's row is locked while its budget and the customer's uses are counted, so two
 * checkouts at once never both spend its last yuan; one whose budget the order would spend says
 * so (`spendsBudget`), and is ended by `endSpentCampaign` once the order keeps it.
 */
export async function applyCampaign(
  tx: Executor,
  merchantId: number,
  customer: string,
  lines: readonly CartLine[],
): Promise<{ id: number; name: string; discount: string; spendsBudget: boolean } | null> {
  const candidates = (await runningCampaigns(tx, merchantId))
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
    const live = and(eq(productOrders.extensionId, row.id), ne(productOrders.status, 'cancelled'));
    if (row.perCustomerLimit > 0) {
      const [used] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(productOrders)
        .where(and(live, eq(productOrders.customerKey, customer)));
      if (Number(used?.n ?? 0) >= row.perCustomerLimit) continue;
    }
    if (new Big(row.budget).gt(0)) {
      const [spent] = await tx
        .select({ sum: sql<string>`coalesce(sum(${productOrders.discountAmount}), 0)::text` })
        .from(productOrders)
        .where(live);
      const after = new Big(spent?.sum ?? 0).plus(discount);
      if (after.gt(row.budget)) continue;
      return { id: row.id, name: row.name, discount, spendsBudget: after.eq(row.budget) };
    }
    return { id: row.id, name: row.name, discount, spendsBudget: false };
  }
  return null;
}

/**
 * Ends a campaign whose budget the order spends, once the order keeps it (a coupon that does not
 * stack may still replace it: then its budget is not spent).
 */
export async function endSpentCampaign(tx: Executor, id: number) {
  await tx
    .update(extensions)
    .set({ status: 'ended', updatedAt: new Date() })
    .where(eq(extensions.id, id));
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
