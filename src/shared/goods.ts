import { z } from 'zod';
import { gtinProblem } from './gtin';
import { messageKey as m } from './messages';
import { imageUrl, moneyInput } from './resource-schema';

/** Most attributes (colour, size, material) and values of one attribute. */
export const ATTRIBUTES_MAX = 3;
export const VALUES_MAX = 20;
/** Most variants one goods may have. */
export const VARIANTS_MAX = 200;

export const attribute = z.object({
  name: z.string().trim().min(1, 'This field is required').max(20, 'At most 20 characters'),
  values: z
    .array(z.string().trim().min(1).max(30, 'At most 30 characters'))
    .min(1, 'This field is required')
    .max(VALUES_MAX, `At most ${VALUES_MAX}`),
});

export const variantInput = z.object({
  /** The variant's value of each attribute, by attribute name: `{ 颜色: '红', 尺码: 'M' }`. */
  options: z.record(z.string(), z.string()),
  sellerSku: z
    .string()
    .trim()
    .min(1, 'This field is required')
    .max(40, 'At most 40 characters')
    // (Empty is the required rule's to name.)
    .regex(/^[\w.\-/]*$/, m('goods:rules.sellerSku')),
  // Which way a code is wrong, as the pool says it: its length, or the check digit it should have.
  upc: z
    .string()
    .trim()
    .superRefine((v, ctx) => {
      const problem = v === '' ? null : gtinProblem(v);
      if (problem?.kind === 'length')
        ctx.addIssue({
          code: 'custom',
          message: m('goods-upc:rules.length'),
          params: { length: problem.length },
        });
      else if (problem)
        ctx.addIssue({
          code: 'custom',
          message: m('goods-upc:rules.checkDigit'),
          params: { expected: problem.expected },
        });
    })
    .default(''),
  cost: moneyInput,
  price: moneyInput,
  stock: z.coerce.number().int('Whole numbers only').min(0, 'At least 0').max(9_999_999),
  weight: z.coerce.number().int('Whole numbers only').min(0, 'At least 0').max(999_999),
  /** Its own picture (a colour's photo), checked as every image field is; '' for none. */
  image: imageUrl.default(''),
});
export type VariantInput = z.infer<typeof variantInput>;

export const variantsBody = z.object({
  goodsId: z.coerce.number().int().positive(),
  attributes: z.array(attribute).max(ATTRIBUTES_MAX, `At most ${ATTRIBUTES_MAX}`),
  variants: z.array(variantInput).min(1, 'Add at least one variant').max(VARIANTS_MAX),
});
export type VariantsBody = z.infer<typeof variantsBody>;

/** A saved variant as the API answers it (money as decimal strings). */
export const variant = z.object({
  id: z.number(),
  options: z.record(z.string(), z.string()),
  sellerSku: z.string(),
  upc: z.string(),
  cost: z.string(),
  price: z.string(),
  stock: z.number(),
  weight: z.number(),
  image: z.string(),
});
export const variantsResult = z.object({
  attributes: z.array(attribute),
  variants: z.array(variant),
});
export type VariantsResult = z.infer<typeof variantsResult>;

/** Every combination of the attributes' values, in order: the rows of the variant grid. */
export function combinations(attributes: z.infer<typeof attribute>[]): Record<string, string>[] {
  return attributes.reduce<Record<string, string>[]>(
    (rows, a) => rows.flatMap((row) => a.values.map((v) => ({ ...row, [a.name]: v }))),
    [{}],
  );
}

/** A variant's options as one line: 红 / M. */
export const optionsLabel = (options: Record<string, string>, attributes: { name: string }[]) =>
  attributes.map((a) => options[a.name] ?? '').join(' / ');
