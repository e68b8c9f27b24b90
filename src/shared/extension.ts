import Big from 'big.js';
import {
  EXTENSION_KINDS,
  type EXTENSION_STATUSES,
  type PROMOTION_SCOPES,
} from './resources/extension';
import type { COMMISSION_STATUSES } from './resources/extension-order';

/**
 * Promotion's rules, one copy for the server (which decides) and the storefront (which shows what
 * the server will decide): what a campaign takes off a cart, which campaign a cart gets, and what
 * a selling partner earns on an order.
 */

export type ExtensionKind = (typeof EXTENSION_KINDS)[number];

export type ExtensionStatus = (typeof EXTENSION_STATUSES)[number];

export type CommissionStatus = (typeof COMMISSION_STATUSES)[number];

/** An invite code: 8 characters without the ones read alike (0/O, 1/I/L). */
export const INVITE_CODE = /^[2-9A-HJKMNP-Z]{8}$/;
export const INVITE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

export type PromotionScope = (typeof PROMOTION_SCOPES)[number];

/** What a campaign or a coupon applies to, as checkout weighs it. */
export interface PromotionScopeTerms {
  scope: PromotionScope;
  /** The categories in scope (a scope of categories). */
  categoryIds: number[];
  /** The products in scope (a scope of products). */
  productIds: number[];
}

/** A campaign as checkout weighs it. */
export interface CampaignTerms extends PromotionScopeTerms {
  id: number;
  name: string;
  kind: ExtensionKind;
  /** The scoped amount an order must reach (yuan); 0 for none. */
  threshold: string;
  /** Yuan off, percent off (0–100), or the unit price (yuan), by kind. */
  value: string;
}

/**
 * What a campaign's or a coupon's scope needs, as the row will be (`next`: the row before, with
 * the values written over it): a scope of categories at least one category, of products at least
 * one product. `kept` clears the list the scope does not use, so that a row never holds ids its
 * scope ignores (and a category or product it no longer names can be deleted).
 */
export function scopeOf(next: Record<string, unknown>): {
  missing?: { field: 'categoryIds' | 'productIds'; rule: 'categories' | 'products' };
  kept: { categoryIds?: number[]; productIds?: number[] };
} {
  const count = (value: unknown) => (Array.isArray(value) ? value.length : 0);
  if (next.scope === 'categories' && count(next.categoryIds) === 0)
    return { missing: { field: 'categoryIds', rule: 'categories' }, kept: {} };
  if (next.scope === 'products' && count(next.productIds) === 0)
    return { missing: { field: 'productIds', rule: 'products' }, kept: {} };
  return {
    kept: {
      ...(next.scope !== 'categories' && count(next.categoryIds) > 0 ? { categoryIds: [] } : {}),
      ...(next.scope !== 'products' && count(next.productIds) > 0 ? { productIds: [] } : {}),
    },
  };
}

/**
 * An amount off that takes as much as the threshold or more (满100减150): the order would be free
 * or cost less than nothing. Its threshold and value as yuan when so; none without a threshold (an
 * amount off any order), for other kinds, or when `written` (what a save writes) leaves the offer
 * as it was.
 */
export function overThreshold(
  next: Record<string, unknown>,
  written: Record<string, unknown> = next,
): { threshold: string; value: string } | undefined {
  // Only a write of the offer is checked: one saved before the rule may still be ended.
  if (!('kind' in written || 'threshold' in written || 'value' in written)) return undefined;
  if (next.kind !== 'amountOff') return undefined;
  const valid = (v: unknown) => typeof v === 'string' && /^\d+(\.\d+)?$/.test(v);
  if (!valid(next.threshold) || !valid(next.value)) return undefined;
  const threshold = new Big(next.threshold as string);
  const value = new Big(next.value as string);
  if (threshold.lte(0) || value.lt(threshold)) return undefined;
  return { threshold: threshold.toFixed(2), value: value.toFixed(2) };
}

/** A cart line as checkout weighs it. */
export interface CartLine {
  productId: number;
  categoryId: number | null;
  unitPrice: string;
  quantity: number;
}

/**
 * Whether a cart line is one a campaign or coupon applies to: every line when its scope is all,
 * else a line of one of its categories, or one of its products (by its scope).
 */
export function inScope(terms: PromotionScopeTerms, line: CartLine): boolean {
  if (terms.scope === 'categories')
    return line.categoryId !== null && terms.categoryIds.includes(line.categoryId);
  if (terms.scope === 'products') return terms.productIds.includes(line.productId);
  return true;
}

/**
 * What a campaign takes off a cart, in yuan with two decimals ('0.00' when the cart does not
 * reach it). Never more than the lines in scope come to; a percentage is rounded down to the
 * fen, so the customer is never promised a fen the merchant did not give.
 */
export function discountOf(terms: CampaignTerms, lines: readonly CartLine[]): string {
  const scoped = lines.filter((line) => inScope(terms, line));
  const base = scoped.reduce(
    (sum, line) => sum.plus(new Big(line.unitPrice).times(line.quantity)),
    new Big(0),
  );
  if (base.lte(0) || base.lt(terms.threshold)) return '0.00';
  let off: Big;
  if (terms.kind === 'amountOff') off = new Big(terms.value);
  else if (terms.kind === 'percentOff')
    off = base.times(terms.value).div(100).round(2, Big.roundDown);
  else
    off = scoped.reduce((sum, line) => {
      const cut = new Big(line.unitPrice).minus(terms.value);
      return cut.gt(0) ? sum.plus(cut.times(line.quantity)) : sum;
    }, new Big(0));
  if (off.lt(0)) off = new Big(0);
  return (off.gt(base) ? base : off).toFixed(2);
}

/** The campaign that takes the most off (the older one on a tie), or null when none applies. */
export function bestCampaign<T extends CampaignTerms>(
  campaigns: readonly T[],
  lines: readonly CartLine[],
): { campaign: T; discount: string } | null {
  let best: { campaign: T; discount: string } | null = null;
  for (const campaign of [...campaigns].sort((a, b) => a.id - b.id)) {
    const discount = discountOf(campaign, lines);
    if (new Big(discount).gt(best?.discount ?? 0)) best = { campaign, discount };
  }
  return best;
}

/**
 * A partner's commission: the rate (percent) of what the customer paid for the goods, rounded
 * down to the fen.
 */
export function commissionOf(goodsPaid: string, ratePercent: string): string {
  const base = new Big(goodsPaid);
  if (base.lte(0)) return '0.00';
  return base.times(ratePercent).div(100).round(2, Big.roundDown).toFixed(2);
}

/** The storefront link a partner shares: the store, with its invite code. */
export const inviteLink = (origin: string, merchantId: number, code: string) =>
  `${origin}/shop/${merchantId}?ref=${code}`;

/** The storefront link a campaign is shared with. */
export const campaignLink = (origin: string, merchantId: number, id: number) =>
  `${origin}/shop/${merchantId}?campaign=${id}`;

/**
 * A campaign's offer in words, as the extension dictionary's `offerText.<key>` with its
 * parameters ("满 100.00 元减 20.00 元", "全场 8.5 折", "9.90 元一口价"): for the campaign list, the
 * share dialog, the poster and the storefront.
 */
export function offerWords(offer: Record<string, unknown>) {
  const threshold = new Big(String(offer.threshold || 0));
  const value = new Big(String(offer.value || 0));
  const kind = EXTENSION_KINDS.includes(offer.kind as ExtensionKind)
    ? (offer.kind as ExtensionKind)
    : 'amountOff';
  const key = kind === 'fixedPrice' ? kind : `${kind}${threshold.lte(0) ? 'Free' : ''}`;
  return {
    key: `extension:offerText.${key}`,
    params: {
      threshold: threshold.toFixed(2),
      value: value.toFixed(2),
      percent: value.toString(),
      // 15 % off is 八五折 (8.5).
      rate: new Big(100).minus(value).div(10).toString(),
    },
  };
}
