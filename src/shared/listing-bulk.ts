import Big from 'big.js';
import { z } from 'zod';
import { idsParam } from './list';
import { messageKey as m } from './messages';

/**
 * Listings changed many at once (/listing): taken off sale (下架), or their price or stock set or
 * moved by an amount or a percentage (批量改价 / 批量改库存). The new values are worked out here,
 * exactly (big.js), by the screen's preview and by the server alike.
 */

/** What a bulk change changes. */
export const LISTING_BULK_FIELDS = ['price', 'stock'] as const;
export type ListingBulkField = (typeof LISTING_BULK_FIELDS)[number];
/** Set to the value, moved by the value (+/−), or moved by the value in percent. */
export const LISTING_BULK_MODES = ['set', 'add', 'percent'] as const;
export type ListingBulkMode = (typeof LISTING_BULK_MODES)[number];

/** A listing's price and stock bounds (the listing resource's). */
export const LISTING_PRICE_MIN = '0.01';
export const LISTING_MAX = 999_999;
/** A percentage moves by at most this much either way (−99.99 % … +1000 %). */
export const LISTING_PERCENT_MAX = 1000;

const signedDecimal = /^[+-]?\d{1,8}(\.\d{1,2})?$/;
const signedInteger = /^[+-]?\d{1,8}$/;

export const listingBulkEdit = idsParam
  .extend({
    field: z.enum(LISTING_BULK_FIELDS),
    mode: z.enum(LISTING_BULK_MODES),
    value: z
      .union([z.string(), z.number()])
      .transform((v) => String(v).trim())
      .refine((v) => signedDecimal.test(v), {
        message: m('validation.decimal'),
        params: { scale: 2 },
      }),
  })
  .superRefine((body, ctx) => {
    if (!signedDecimal.test(body.value)) return;
    const value = new Big(body.value);
    const problem = (message: string, params: Record<string, string | number> = {}) =>
      ctx.addIssue({ code: 'custom', path: ['value'], message, params });
    // Stock is whole units: set or moved by a whole number.
    if (body.field === 'stock' && body.mode !== 'percent' && !signedInteger.test(body.value))
      return problem(m('validation.integer'));
    if (body.mode === 'set') {
      const min = body.field === 'price' ? LISTING_PRICE_MIN : '0';
      if (value.lt(min)) return problem(m('validation.min'), { min });
      if (value.gt(LISTING_MAX)) return problem(m('validation.max'), { max: LISTING_MAX });
    } else if (body.mode === 'percent') {
      if (value.lte(-100)) return problem(m('validation.min'), { min: '-99.99' });
      if (value.gt(LISTING_PERCENT_MAX))
        return problem(m('validation.max'), { max: LISTING_PERCENT_MAX });
    } else if (value.abs().gt(LISTING_MAX))
      return problem(m('validation.max'), { max: LISTING_MAX });
    // A change of nothing changes nothing.
    if (body.mode !== 'set' && value.eq(0)) return problem(m('listing:bulk.noChange'));
  });
export type ListingBulkEdit = z.input<typeof listingBulkEdit>;

/**
 * A listing's new price (two decimals, a string) or stock (an integer) after the change: a
 * percentage rounds half up to the cent, or to the unit for stock. Answers null when the result
 * is out of bounds (a price of 0 or less or past the maximum, a stock below 0 or past it).
 */
export function bulkValue(
  change: { field: ListingBulkField; mode: ListingBulkMode; value: string },
  current: string | number,
): string | number | null {
  const now = new Big(current);
  const value = new Big(change.value);
  const next =
    change.mode === 'set'
      ? value
      : change.mode === 'add'
        ? now.plus(value)
        : now.times(value.div(100).plus(1));
  if (change.field === 'price') {
    const price = next.round(2, Big.roundHalfUp);
    return price.lt(LISTING_PRICE_MIN) || price.gt(LISTING_MAX) ? null : price.toFixed(2);
  }
  const stock = next.round(0, Big.roundHalfUp);
  return stock.lt(0) || stock.gt(LISTING_MAX) ? null : stock.toNumber();
}

/** A chosen listing as the bulk dialogs show it. */
export const listingChosen = z.object({
  id: z.number(),
  sellerSku: z.string(),
  title: z.string(),
  marketplace: z.string(),
  site: z.string(),
  price: z.string(),
  currency: z.string(),
  stock: z.number(),
  status: z.string(),
  /** A variation family's parent: not sold itself, no price or stock of its own (left alone). */
  parent: z.boolean(),
});
export type ListingChosen = z.infer<typeof listingChosen>;
export const listingsChosen = z.object({ items: z.array(listingChosen) });

/** What a bulk change did: the listings changed and the feeds (their numbers) that carry it. */
export const listingBulkDone = z.object({
  changed: z.number(),
  /** Chosen listings left alone: off sale already or on their way off, or a family's parent. */
  skipped: z.number(),
  batchNos: z.array(z.string()),
});
export type ListingBulkDone = z.infer<typeof listingBulkDone>;

/** Statuses a listing is taken off sale from (not one off sale, or on its way off). */
export const DELISTABLE = ['active', 'suppressed'] as const;
