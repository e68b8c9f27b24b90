import Big from 'big.js';
import { z } from 'zod';
import { messageKey as m } from './messages';

/**
 * The real-estate board's derived unit price and unit types, for the server and the screens (its
 * enums are declared with its resources, in resources/second-hand-house.ts and new-house.ts).
 */

/**
 * A listing's unit price in yuan per m², from its total in 万元 and its area: rounded to the yuan
 * (as listings show it); null while either is missing or zero.
 */
export function unitPriceOf(totalWan: unknown, area: unknown): string | null {
  const total = String(totalWan ?? '');
  const size = String(area ?? '');
  if (!/^\d+(\.\d+)?$/.test(total) || !/^\d+(\.\d+)?$/.test(size)) return null;
  if (new Big(size).lte(0) || new Big(total).lte(0)) return null;
  return new Big(total).times(10_000).div(size).round(0, Big.roundHalfUp).toFixed(2);
}

/** Most unit types a new-house project shows. */
export const UNIT_TYPES_MAX = 12;

const decimalText = (max: number) =>
  z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim())
    .refine((v) => /^\d{1,8}(\.\d{1,2})?$/.test(v) && Number(v) > 0 && Number(v) <= max, {
      message: m('validation.decimal'),
      params: { scale: 2 },
    });

/**
 * A project's unit types: each its layout (三室两厅), its area in m², its price from (万元) and a
 * floor plan image.
 */
export const unitTypes = z
  .array(
    z.object({
      layout: z.string().trim().min(1, m('validation.required')).max(20, m('validation.maxLength')),
      area: decimalText(100_000),
      price: decimalText(1_000_000),
      image: z
        .string()
        .trim()
        .max(500)
        .refine((v) => v === '' || /^(https?:\/\/|\/uploads\/)/.test(v), m('validation.imageUrl'))
        .default(''),
    }),
  )
  .max(UNIT_TYPES_MAX, m('validation.maxItems'))
  .refine((types) => new Set(types.map((u) => u.layout)).size === types.length, {
    message: m('validation.unique'),
  });
export type UnitTypes = z.output<typeof unitTypes>;
