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

/** Most combinations priced on their own (3 groups of 12 options would be 1,728 to type). */
export const SPEC_SKUS_MAX = 200;

/** A combination's own price: yuan, at least 0, at most two decimals; null: worked out. */
const skuPrice = z
  .union([z.string(), z.number(), z.null()])
  .transform((v) => (v === null ? '' : String(v).trim()))
  .refine((v) => v === '' || /^\d{1,8}(\.\d{1,2})?$/.test(v), m('validation.money'))
  .transform((v) => (v === '' ? null : new Big(v).toFixed(2)));

/**
 * A combination of options (大份 + 特辣: one of each group, in the groups' order) with its own
 * price (null: the product's price with the options' changes), its own stock (null: only the
 * product's and the options' stock count) and its SKU code.
 */
export const specSku = z.object({
  options: z.array(name).min(1).max(SPEC_GROUPS_MAX),
  price: skuPrice.default(null),
  stock: z.number().int().min(0).max(999_999).nullable().default(null),
  code: z.string().trim().max(40, m('validation.maxLength')).default(''),
});

/** A product's combinations: each once. */
export const productSkus = z
  .array(specSku)
  .max(SPEC_SKUS_MAX)
  .refine((skus) => new Set(skus.map((s) => s.options.join('\u0000'))).size === skus.length, {
    message: m('validation.unique'),
  });

export type ProductSkus = z.output<typeof productSkus>;
export type ProductSku = ProductSkus[number];

/** Every combination of the groups' options, in the groups' order (none without groups). */
export function combinationsOf(specs: ProductSpecs): string[][] {
  if (specs.length === 0) return [];
  return specs.reduce<string[][]>(
    (rows, group) => rows.flatMap((row) => group.options.map((o) => [...row, o.name])),
    [[]],
  );
}

/** The combination a choice names, when the product prices or stocks it on its own. */
export function skuOf(
  specs: ProductSpecs,
  skus: ProductSkus | undefined,
  choice: SpecChoice,
): ProductSku | undefined {
  const wanted = specs.map((g) => choice[g.name]);
  return skus?.find(
    (s) => s.options.length === wanted.length && s.options.every((o, i) => o === wanted[i]),
  );
}

/**
 * The options' and the combination's stock after `by` units of a choice are taken (below zero:
 * given back), and what falls short when more is taken than is left (an option's name, or the
 * combination's 大份 / 特辣). Stock that is not counted (null) stays so.
 */
export function moveSpecStock(
  specs: ProductSpecs,
  skus: ProductSkus | undefined,
  choice: SpecChoice,
  by: number,
): { specs: ProductSpecs; skus: ProductSkus; short: string | null } {
  let short: string | null = null;
  const nextSpecs = specs.map((group) => ({
    ...group,
    options: group.options.map((o) => {
      if (o.stock === null || choice[group.name] !== o.name) return o;
      if (o.stock < by) short ??= o.name;
      return { ...o, stock: o.stock - by };
    }),
  }));
  const sku = skuOf(specs, skus, choice);
  const nextSkus = (skus ?? []).map((s) => {
    if (s !== sku || s.stock === null) return s;
    if (s.stock < by) short ??= s.options.join(' / ');
    return { ...s, stock: s.stock - by };
  });
  return { specs: nextSpecs, skus: nextSkus, short };
}

/**
 * The price of a product with a choice of its specs (its combination's own price, when it has
 * one), and the choice's text (大份 / 微辣); null
 * when the choice does not name one option of every group, or names what is not there.
 */
export function priceWithSpecs(
  price: string,
  specs: ProductSpecs,
  choice: SpecChoice,
  skus?: ProductSkus,
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
  // A combination with its own price is sold at it.
  const own = skuOf(specs, skus, choice)?.price;
  if (own) total = new Big(own);
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
