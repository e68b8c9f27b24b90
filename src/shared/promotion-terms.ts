import Big from 'big.js';
import { overThreshold, type PromotionScopeTerms, scopeOf } from './extension';

/**
 * The offer terms campaigns and coupons share, one copy for both: what a row's offer is as
 * checkout weighs it, and the rules a write of an offer keeps. A campaign (shared/extension.ts)
 * and a coupon (shared/coupon.ts) of the same offer take off the same amount.
 */

/** A campaign's or a coupon's offer, as checkout weighs it. */
export interface PromotionOffer<K extends string = string> extends PromotionScopeTerms {
  id: number;
  name: string;
  kind: K;
  /** The scoped amount an order must reach (yuan); 0 for none. */
  threshold: string;
  /** Yuan off, percent off (0–100), or the unit price (yuan), by kind. */
  value: string;
}

/** The offer of a campaign's or a coupon's row (its other columns left out). */
export const offerTermsOf = <K extends string>(row: PromotionOffer<K>): PromotionOffer<K> => ({
  id: row.id,
  name: row.name,
  kind: row.kind,
  threshold: row.threshold,
  value: row.value,
  scope: row.scope,
  categoryIds: row.categoryIds,
  productIds: row.productIds,
});

/** A rule of an offer, by its key in the area's `rules` dictionary (`<area>:rules.<rule>`). */
export type OfferRule = 'categories' | 'products' | 'percent' | 'overThreshold';

/**
 * The first offer rule a write breaks, on its field, as the row will be (`next`: the row before
 * with the values written over it; `written`: what the write sets): its scope needs its list, a
 * percent off stays below 100, an amount off stays below its threshold. `kept` clears the id list
 * the scope does not use (scopeOf).
 */
export function offerRuleBroken(
  next: Record<string, unknown>,
  written: Record<string, unknown>,
): {
  broken?: { field: string; rule: OfferRule; params?: Record<string, string> };
  kept: { categoryIds?: number[]; productIds?: number[] };
} {
  const scoped = scopeOf(next);
  if (scoped.missing)
    return { broken: { field: scoped.missing.field, rule: scoped.missing.rule }, kept: {} };
  if (next.kind === 'percentOff' && new Big((next.value as string) || 0).gte(100))
    return { broken: { field: 'value', rule: 'percent' }, kept: scoped.kept };
  const off = overThreshold(next, written);
  if (off)
    return { broken: { field: 'value', rule: 'overThreshold', params: off }, kept: scoped.kept };
  return { kept: scoped.kept };
}
