import Big from 'big.js';
import { type CartLine, discountOf, inScope, type PromotionScopeTerms } from './extension';
import type { COUPON_KINDS, COUPON_STATUSES, COUPON_VALIDITIES } from './resources/coupon';

/**
 * Coupons' rules, one copy for the server (which decides) and the storefront (which shows what
 * the server will decide): when a customer's coupon may be used, what it takes off a cart, and
 * how it goes with the campaign checkout applies.
 */

export type CouponKind = (typeof COUPON_KINDS)[number];

export type CouponStatus = (typeof COUPON_STATUSES)[number];

export type CouponValidity = (typeof COUPON_VALIDITIES)[number];

/** Given by the merchant to a customer, or claimed by the customer in the storefront. */
export const CUSTOMER_COUPON_SOURCES = ['issued', 'claimed'] as const;
/** A customer's coupon: not yet used, used by an order, or past its validity (derived on read). */
export const CUSTOMER_COUPON_STATES = ['unused', 'used', 'expired'] as const;
export type CustomerCouponState = (typeof CUSTOMER_COUPON_STATES)[number];

const DAY = 86_400_000;

/** The coupon as its validity and offer are weighed. */
export interface CouponTerms extends PromotionScopeTerms {
  id: number;
  name: string;
  kind: CouponKind;
  threshold: string;
  value: string;
  validity: CouponValidity;
  startAt: Date | null;
  endAt: Date | null;
  validDays: number;
}

/** What a coupon takes off, as the storefront also knows it. */
export type CouponOffer = Pick<
  CouponTerms,
  'id' | 'name' | 'kind' | 'threshold' | 'value' | 'scope' | 'categoryIds' | 'productIds'
>;

/**
 * When a customer's coupon, got at `at`, may be used: the coupon's fixed dates, or from then for
 * its number of days.
 */
export function validityOf(terms: CouponTerms, at: Date): { from: Date; until: Date } {
  if (terms.validity === 'days')
    return { from: at, until: new Date(at.getTime() + terms.validDays * DAY) };
  return { from: terms.startAt ?? at, until: terms.endAt ?? at };
}

/** A customer's coupon's state now: used, unused within its validity, or expired. */
export function stateOf(
  row: { status: 'unused' | 'used'; validUntil: Date | string },
  now = new Date(),
): CustomerCouponState {
  if (row.status === 'used') return 'used';
  return new Date(row.validUntil).getTime() <= now.getTime() ? 'expired' : 'unused';
}

/**
 * What a coupon takes off a cart ('0.00' when the goods in its scope do not reach its threshold):
 * the campaign's rule (shared/extension.ts), so a coupon and a campaign of the same offer agree.
 */
export function couponDiscountOf(terms: CouponOffer, lines: readonly CartLine[]): string {
  return discountOf(
    {
      id: terms.id,
      name: terms.name,
      kind: terms.kind,
      threshold: terms.threshold,
      value: terms.value,
      scope: terms.scope,
      categoryIds: terms.categoryIds,
      productIds: terms.productIds,
    },
    lines,
  );
}

/** Whether any line of the cart is in the coupon's scope. */
export const couponCovers = (terms: CouponOffer, lines: readonly CartLine[]) =>
  terms.scope === 'all' || lines.some((line) => inScope(terms, line));

/**
 * How a coupon goes with the campaign checkout found. A coupon that may stack adds its discount
 * to the campaign's; one that may not is used only when it takes off more than the campaign (the
 * campaign then does not apply); otherwise the campaign applies and the coupon stays unused. The
 * two together never take off more than the goods come to (the coupon gives up the difference).
 */
export function combineDiscounts(
  goods: string,
  campaign: string,
  coupon: string,
  stacks: boolean,
): { campaign: string; coupon: string } {
  const total = new Big(goods);
  const byCampaign = new Big(campaign);
  const byCoupon = new Big(coupon);
  if (byCoupon.lte(0)) return { campaign: byCampaign.toFixed(2), coupon: '0.00' };
  if (!stacks) {
    return byCoupon.gt(byCampaign)
      ? { campaign: '0.00', coupon: (byCoupon.gt(total) ? total : byCoupon).toFixed(2) }
      : { campaign: byCampaign.toFixed(2), coupon: '0.00' };
  }
  const room = total.minus(byCampaign);
  const capped = byCoupon.gt(room) ? room : byCoupon;
  return {
    campaign: byCampaign.toFixed(2),
    coupon: (capped.lt(0) ? new Big(0) : capped).toFixed(2),
  };
}
