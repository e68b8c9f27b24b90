import { describe, expect, it } from 'vitest';
import { unitPriceOf } from './house';

describe('a listing’s unit price', () => {
  it('is its total in 万元 over its area, to the yuan, and nothing without both', () => {
    expect(unitPriceOf('350', '89.5')).toBe('39106.00');
    expect(unitPriceOf('120.5', '60')).toBe('20083.00');
    expect(unitPriceOf('', '60')).toBeNull();
    expect(unitPriceOf('100', '0')).toBeNull();
  });
});
