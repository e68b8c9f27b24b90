import { z } from 'zod';

/** Most attributes and values of one, and most variants, a collected item keeps (a goods' own). */
export const COLLECTED_ATTRIBUTES_MAX = 3;
export const COLLECTED_VALUES_MAX = 20;
export const COLLECTED_VARIANTS_MAX = 200;

/**
 * The variants read from a collected product page (schema.org ProductGroup / hasVariant, or a
 * Product's several named offers): its attributes in the page's order (Color: Red, Blue), and each
 * variant with its values, its price as the page gave it ('0' when none), the page's own SKU and
 * its picture (stored in the merchant's uploads, '' when it had none or it could not be fetched).
 * Empty for a product of one kind.
 */
export const collectedVariants = z.object({
  attributes: z
    .array(
      z.object({
        name: z.string().min(1).max(20),
        values: z.array(z.string().min(1).max(30)).min(1).max(COLLECTED_VALUES_MAX),
      }),
    )
    .max(COLLECTED_ATTRIBUTES_MAX),
  items: z
    .array(
      z.object({
        options: z.record(z.string(), z.string()),
        price: z.string(),
        sku: z.string(),
        image: z.string(),
      }),
    )
    .max(COLLECTED_VARIANTS_MAX),
});
export type CollectedVariants = z.infer<typeof collectedVariants>;

export const NO_VARIANTS: CollectedVariants = { attributes: [], items: [] };
