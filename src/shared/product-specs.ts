import Big from 'big.js';
import { z } from 'zod';
import { messageKey as m } from './messages';

/** Most spec groups a product has (size, spiciness, temperature). */
export const SPEC_GROUPS_MAX = 3;
/** Most options in one group. */
export const SPEC_OPTIONS_MAX = 12;

const name = z.string().trim().min(1, m('validation.required')).max(20, m('validation.maxLength'));

/** A price change for an option: yuan with at most two decimals, below zero for a smaller one. */
const priceDelta = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim() || '0')
  .refine((v) => /^-?\d{1,6}(\.\d{1,2})?$/.test(v), m('validation.money'))
  .transform((v) => new Big(v).toFixed(2));

export const specOption = z.object({
  name,
  priceDelta: priceDelta.default('0.00'),
  /** How many may still be sold with this option; null: only the product's stock counts. */
  stock: z.number().int().min(0).max(999_999).nullable().default(null),
});

export const specGroup = z
  .object({ name, options: z.array(specOption).min(1).max(SPEC_OPTIONS_MAX) })
  .refine((g) => new Set(g.options.map((o) => o.name)).size === g.options.length, {
    message: m('validation.unique'),
    path: ['options'],
  });

/**
 * A product's specs: groups (份量, 辣度) each with its options, their price changes and stock.
 * A customer picks one option of every group.
 */
export const productSpecs = z
  .array(specGroup)
  .max(SPEC_GROUPS_MAX)
  .refine((groups) => new Set(groups.map((g) => g.name)).size === groups.length, {
    message: m('validation.unique'),
  });

export type ProductSpecs = z.output<typeof productSpecs>;
export type SpecChoice = Record<string, string>;

/**
 * The price of a product with a choice of its specs, and the choice's text (大份 / 微辣); null
 * when the choice does not name one option of every group, or names what is not there.
 */
export function priceWithSpecs(
  price: string,
  specs: ProductSpecs,
  choice: SpecChoice,
): { price: string; label: string } | null {
  if (Object.keys(choice).length !== specs.length) return null;
  let total = new Big(price);
  const names: string[] = [];
  for (const group of specs) {
    const option = group.options.find((o) => o.name === choice[group.name]);
    if (!option) return null;
    total = total.plus(option.priceDelta);
    names.push(option.name);
  }
  if (total.lt(0)) return null;
  return { price: total.toFixed(2), label: names.join(' / ') };
}

/**
 * The lowest price a customer can pick: the product's price with the cheapest option of every
 * group, and the options of that choice that take money off (to name them when it falls below 0).
 */
export function cheapestChoice(
  price: string,
  specs: ProductSpecs,
): { price: string; discounted: string[] } {
  let total = new Big(price || 0);
  const discounted: string[] = [];
  for (const group of specs) {
    if (group.options.length === 0) continue;
    // A row written before its options had a price change each reads none as 0.
    const delta = (o: { priceDelta?: string }) => new Big(o.priceDelta || 0);
    const cheapest = group.options.reduce((low, o) => (delta(o).lt(delta(low)) ? o : low));
    total = total.plus(delta(cheapest));
    if (delta(cheapest).lt(0)) discounted.push(`${group.name} ${cheapest.name}`);
  }
  return { price: total.toFixed(2), discounted };
}
