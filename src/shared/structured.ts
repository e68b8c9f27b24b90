import type { z } from 'zod';
import { productSpecs } from './product-specs';

/**
 * The shapes of structured fields (resource.ts `structured`), by name: the schema a value is
 * checked by, a value it takes and values it refuses (for the contract tests).
 */
export const structuredShapes = {
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
} satisfies Record<
  string,
  { schema: z.ZodType; empty: unknown; valid: unknown; invalid: unknown[] }
>;

export type StructuredShape = keyof typeof structuredShapes;
