import type { z } from 'zod';
import { collectedVariants, NO_VARIANTS } from './collected-variants';
import { unitTypes } from './house';
import { ALWAYS_OPEN, openingHours } from './opening-hours';
import { productAddons } from './product-addons';
import { productSkus, productSpecs } from './product-specs';

/**
 * The shapes of structured fields (resource.ts `structured`), by name: the schema a value is
 * checked by, a value it takes and values it refuses (for the contract tests).
 */
export const structuredShapes = {
  collectedVariants: {
    schema: collectedVariants,
    empty: NO_VARIANTS as unknown,
    valid: {
      attributes: [{ name: 'Color', values: ['Red'] }],
      items: [{ options: { Color: 'Red' }, price: '9.90', sku: 'R-1', image: '' }],
    },
    invalid: [{ attributes: [{ name: '', values: [] }], items: [] }, 'x'],
  },
  productSpecs: {
    schema: productSpecs,
    empty: [] as unknown,
    valid: [{ name: '份量', options: [{ name: '小份' }, { name: '大份', priceDelta: '5' }] }],
    invalid: [
      [{ name: '', options: [] }],
      'x',
      [{ name: '辣度', options: [{ name: 'a' }, { name: 'a' }] }],
    ],
  },
  productSkus: {
    schema: productSkus,
    empty: [] as unknown,
    // Only combinations of the product's groups are kept: a product without groups has none.
    valid: [] as unknown,
    invalid: [
      [{ options: [], price: '1' }],
      [{ options: ['大份'], price: '-1' }],
      [{ options: ['大份'] }, { options: ['大份'] }],
      'x',
    ],
  },
  productAddons: {
    schema: productAddons,
    empty: [] as unknown,
    valid: [{ name: '加蛋', price: '2' }],
    invalid: [
      [{ name: '', price: '1' }],
      [{ name: '加蛋', price: '-1' }],
      // Latin names: the refusal names the add-on, and its English must read without Chinese.
      [{ name: 'egg' }, { name: 'egg' }],
      'x',
    ],
  },
  openingHours: {
    schema: openingHours,
    empty: ALWAYS_OPEN as unknown,
    valid: ALWAYS_OPEN,
    invalid: [{ week: [], exceptions: [] }, 'x'],
  },
  unitTypes: {
    schema: unitTypes,
    empty: [] as unknown,
    valid: [{ layout: '三室两厅', area: '89.5', price: '350', image: '' }],
    invalid: [
      [{ layout: '', area: '89', price: '350' }],
      [{ layout: '一室', area: '-1', price: '1' }],
      'x',
    ],
  },
} satisfies Record<
  string,
  { schema: z.ZodType; empty: unknown; valid: unknown; invalid: unknown[] }
>;

export type StructuredShape = keyof typeof structuredShapes;
