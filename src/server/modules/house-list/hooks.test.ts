import { describe, expect, it } from 'vitest';
import { unitPriceOf } from '../../../shared/house';
import { impliedUnitPrice } from './hooks';

describe('the unit prices a search by total and area allows', () => {
  it('bounds the unit price by the corners of the two ranges, a yuan of margin each way', () => {
    expect(impliedUnitPrice(['200', '600'], ['60', '140'])).toEqual(['14284', '100001']);
    // Every corner's own unit price is inside.
    for (const [total, area] of [
      ['200', '140'],
      ['600', '60'],
      ['200.01', '139.99'],
    ] as const)
      expect(Number(unitPriceOf(total, area))).toBeGreaterThanOrEqual(14284);
  });

  it('says nothing where a range is open or a bound would say nothing', () => {
    expect(impliedUnitPrice(undefined, ['60', '140'])).toEqual([null, null]);
    expect(impliedUnitPrice(['200', null], ['60', '140'])).toEqual(['14284', null]);
    expect(impliedUnitPrice([null, '600'], ['60', null])).toEqual([null, '100001']);
    // No lower bound from a zero total, no upper from a zero area.
    expect(impliedUnitPrice(['0', '600'], ['0', '140'])).toEqual([null, null]);
    // Beyond what a bound can be written as.
    expect(impliedUnitPrice(['0', '999999999999'], ['0.01', '140'])).toEqual([null, null]);
  });
});
