import Big from 'big.js';
import { z } from 'zod';
import { messageKey as m } from './messages';

/** Most add-ons (加料) one product offers. */
export const ADDONS_MAX = 20;

/** An add-on's price: yuan, at least 0, at most two decimals. */
const addonPrice = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim() || '0')
  .refine((v) => /^\d{1,6}(\.\d{1,2})?$/.test(v), m('product:rules.addonPrice'))
  .transform((v) => new Big(v).toFixed(2));

export const productAddon = z.object({
  name: z.string().trim().min(1, m('product:rules.addonName')).max(20, m('validation.maxLength')),
  price: addonPrice.default('0.00'),
});

/**
 * A product's add-ons (加料: 加蛋 +¥2.00, 加芝士 +¥3.00): the customer ticks any of them (up to the
 * product's `addonsMax`, 0 for any number); each adds its price to the unit price. They have no
 * stock of their own.
 */
export const productAddons = z
  .array(productAddon)
  .max(ADDONS_MAX, m('product:rules.addonsMax'))
  .superRefine((addons, ctx) => {
    const seen = new Set<string>();
    for (const addon of addons) {
      if (seen.has(addon.name))
        ctx.addIssue({
          code: 'custom',
          message: m('product:rules.addonUnique'),
          params: { name: addon.name },
        });
      seen.add(addon.name);
    }
  });

export type ProductAddon = z.output<typeof productAddon>;

/** An add-on as an order line keeps it: its name and price then. */
export type ChosenAddon = { name: string; price: string };

/**
 * The add-ons a customer chose, found among the product's (their prices the product's), and what
 * they add to one unit; or why not: one the product does not offer (or named twice), or more
 * than `max` of them (0: any number).
 */
export function chooseAddons(
  offered: readonly ProductAddon[],
  max: number,
  names: readonly string[],
):
  | { chosen: ChosenAddon[]; extra: string }
  | { problem: 'unknown'; name: string }
  | { problem: 'tooMany'; max: number } {
  const chosen: ChosenAddon[] = [];
  for (const name of names) {
    const addon = offered.find((a) => a.name === name);
    if (!addon || chosen.some((c) => c.name === name)) return { problem: 'unknown', name };
    chosen.push({ name: addon.name, price: new Big(addon.price || 0).toFixed(2) });
  }
  if (max > 0 && chosen.length > max) return { problem: 'tooMany', max };
  const extra = chosen.reduce((sum, a) => sum.plus(a.price), new Big(0)).toFixed(2);
  return { chosen, extra };
}

/** The add-ons as a line's note reads them: +加蛋 ¥2.00 +加芝士 ¥3.00. */
export const addonsText = (addons: readonly ChosenAddon[]) =>
  addons.map((a) => `+${a.name} ¥${new Big(a.price).toFixed(2)}`).join(' ');

/**
 * Whether an order pays the packaging fee (打包费): one picked up or delivered is packed; one
 * eaten at its table (mode dineIn) is not.
 */
export const packagingApplies = (mode: 'dineIn' | 'pickup' | 'delivery') => mode !== 'dineIn';

/** A line's note as the order's pages show it: its specs, then its add-ons (大份 / 微辣 +加蛋 ¥2.00). */
export const lineNote = (specsLabel: string, addons: readonly ChosenAddon[]) =>
  [specsLabel, addonsText(addons)].filter(Boolean).join(' ');
