import { checksOf, type FieldDef } from './resource';
import { structuredShapes } from './structured';

/** A money or decimal value under the field's `min` or over its `max`. */
const outOfBounds = (f: FieldDef) => [
  ...(f.min !== undefined && f.min > 0 ? ['0'] : []),
  ...(f.min !== undefined && f.min < 0 ? [String(f.min - 1)] : []),
  ...(f.max !== undefined ? [String(f.max + 1)] : []),
];

/** Values a field's rule must refuse (none for fields that take anything of their type). */
export function invalidValues(f: FieldDef): unknown[] {
  switch (f.kind) {
    case 'text':
    case 'longText':
    case 'richText': {
      const max = f.max ?? { text: 200, longText: 2000, richText: 200_000 }[f.kind];
      return [
        ...(f.required ? [''] : []),
        'x'.repeat(max + 1),
        42,
        ...(f.maxBytes && f.maxBytes < max ? ['字'.repeat(Math.ceil((f.maxBytes + 1) / 3))] : []),
      ];
    }
    case 'phone':
      return ['12345', 'not a phone'];
    case 'integer':
      return ['abc', 1.5, (f.min ?? 0) - 1, (f.max ?? 999_999_999) + 1];
    case 'money':
      return ['1.234', '-1', 'abc', ...outOfBounds(f)];
    case 'decimal':
      return [
        `1.${'1'.repeat((f.scale ?? 4) + 1)}`,
        ...((f.min ?? 0) >= 0 ? ['-1'] : []),
        'abc',
        ...outOfBounds(f),
      ];
    case 'enum':
      return ['not-one-of-them', 1];
    case 'boolean':
      return ['yes'];
    case 'date':
      return ['not a date', '2026-13-40', '2026-02-30', '0000-01-01'];
    case 'datetime':
      return ['not a date', '2026-13-40', '0000-01-01T00:00:00Z'];
    case 'image':
      return ['javascript:alert(1)', 'ftp://x/y.png'];
    case 'images':
      return [['javascript:alert(1)'], 'x'];
    case 'tags':
      return [
        Array.from({ length: (f.max ?? 20) + 1 }, (_, i) => `t${i}`),
        ['x'.repeat((f.itemMax ?? 20) + 1)],
      ];
    case 'secret':
      return [42, ...(f.required ? [''] : [])];
    case 'reference':
    case 'parent':
      // Not an id (an id of no row of the merchant's is refused by the server: resource-links).
      return ['abc', -1, 1.5];
    case 'references':
      // Not a list of ids, or one id too many (ids of no row of the merchant's: resource-links).
      return [
        'abc',
        5,
        ['abc'],
        [-1],
        [1.5],
        Array.from({ length: (f.max ?? 100) + 1 }, (_, i) => i + 1),
      ];
    case 'structured':
      return structuredShapes[f.shape!].invalid;
    case 'link':
      return ['javascript:alert(1)', 'product:abc', '//evil.example/x', 42];
  }
}

/**
 * A value a field's rule accepts, the n-th of its kind (unique fields differ by n): for tests that
 * fill any resource's form without knowing it. A text with its own rule (a barcode's check digit)
 * gets the digits of its length that the rule takes.
 */
export function validValue(f: FieldDef, n: number): unknown {
  switch (f.kind) {
    case 'text':
    case 'longText':
    case 'richText': {
      const { pattern } = f;
      if (checksOf(f).length === 0 && !pattern) return `s${n}`.slice(0, f.max ?? 200);
      for (let length = f.max ?? 13; length >= 2; length--)
        for (let digit = 0; digit <= 9; digit++) {
          const value = `9${String(n).padStart(length - 2, '0')}${digit}`;
          if (checksOf(f).every((c) => c.test(value)) && (!pattern || pattern.regex.test(value)))
            return value;
        }
      throw new Error('no digits of any length pass the rule');
    }
    case 'phone':
      return `139${String(n % 1e8).padStart(8, '0')}`;
    case 'integer':
      return f.min ?? 0;
    case 'money':
      return '1.00';
    case 'decimal':
      return '1';
    case 'enum':
      return f.values?.[0];
    case 'boolean':
      return false;
    case 'date':
      return '2026-01-02';
    case 'datetime':
      // Later for a larger n: a period's end given a larger n than its start comes after it.
      return new Date(Date.UTC(2026, 0, 2) + n * 60_000).toISOString();
    case 'image':
      return '';
    case 'images':
    case 'tags':
    case 'references':
      return [];
    case 'secret':
      return `Secret-pass${n}`;
    case 'structured':
      return structuredShapes[f.shape!].valid;
    case 'link':
      return `/pages/index/index?n=${n}`;
  }
}
