import { describe, expect, it } from 'vitest';
import {
  bestCampaign,
  type CampaignTerms,
  commissionOf,
  discountOf,
  inScope,
  overThreshold,
} from './extension';

const terms = (over: Partial<CampaignTerms>): CampaignTerms => ({
  id: 1,
  name: 'c',
  kind: 'amountOff',
  threshold: '0',
  value: '0',
  scope: 'all',
  categoryIds: [],
  productIds: [],
  ...over,
});
const line = (
  unitPrice: string,
  quantity = 1,
  categoryId: number | null = null,
  productId = 1,
) => ({
  productId,
  unitPrice,
  quantity,
  categoryId,
});

describe('promotion rules', () => {
  it('takes an amount off over the threshold, never more than the cart in scope', () => {
    const off = terms({ threshold: '100', value: '20' });
    expect(discountOf(off, [line('99.99')])).toBe('0.00');
    expect(discountOf(off, [line('50', 2)])).toBe('20.00');
    expect(discountOf(terms({ value: '30' }), [line('12.50')])).toBe('12.50');
  });

  it('rounds a percentage down to the fen and counts only the categories in scope', () => {
    const percent = terms({
      kind: 'percentOff',
      value: '15',
      scope: 'categories',
      categoryIds: [7, 9],
    });
    expect(discountOf(percent, [line('33.33', 1, 7), line('100', 1, 8)])).toBe('4.99');
    expect(discountOf(percent, [line('33.33', 1, 7), line('100', 1, 9)])).toBe('19.99');
    expect(discountOf(percent, [line('100', 1, 8)])).toBe('0.00');
  });

  it('counts only the products in scope, whatever their category', () => {
    const off = terms({ threshold: '50', value: '10', scope: 'products', productIds: [3, 4] });
    expect(discountOf(off, [line('30', 1, 7, 3), line('30', 1, 7, 5)])).toBe('0.00');
    expect(discountOf(off, [line('30', 1, 7, 3), line('30', 1, null, 4)])).toBe('10.00');
  });

  it('finds a line in scope by the scope chosen, not by lists kept for another', () => {
    const lineOf = line('1', 1, 7, 3);
    expect(inScope(terms({}), lineOf)).toBe(true);
    expect(inScope(terms({ scope: 'categories', categoryIds: [7] }), lineOf)).toBe(true);
    expect(inScope(terms({ scope: 'categories', categoryIds: [8] }), lineOf)).toBe(false);
    expect(inScope(terms({ scope: 'categories', categoryIds: [7] }), line('1', 1, null))).toBe(
      false,
    );
    expect(inScope(terms({ scope: 'products', productIds: [3] }), lineOf)).toBe(true);
    expect(inScope(terms({ scope: 'products', productIds: [4], categoryIds: [7] }), lineOf)).toBe(
      false,
    );
  });

  it('sells the units in scope at the fixed price, leaving cheaper ones alone', () => {
    const fixed = terms({ kind: 'fixedPrice', value: '9.90' });
    expect(discountOf(fixed, [line('19.90', 2), line('5')])).toBe('20.00');
  });

  it('picks the campaign that takes the most, the older on a tie, none when none applies', () => {
    const a = terms({ id: 2, value: '10' });
    const b = terms({ id: 1, value: '10' });
    const c = terms({ id: 3, kind: 'percentOff', value: '50', threshold: '1000' });
    expect(bestCampaign([a, b, c], [line('40')])?.campaign.id).toBe(1);
    expect(bestCampaign([c], [line('40')])).toBeNull();
    expect(bestCampaign([a, c], [line('1000')])).toMatchObject({ discount: '500.00' });
  });

  it('pays a partner its rate of the goods paid, rounded down', () => {
    expect(commissionOf('99.99', '5')).toBe('4.99');
    expect(commissionOf('0', '10')).toBe('0.00');
  });
});

describe('overThreshold', () => {
  const offer = { kind: 'amountOff', threshold: '100', value: '150' };
  it('finds an amount off of its threshold or more, where one is set', () => {
    expect(overThreshold(offer)).toEqual({ threshold: '100.00', value: '150.00' });
    expect(overThreshold({ ...offer, value: '100' })).toEqual({
      threshold: '100.00',
      value: '100.00',
    });
    expect(overThreshold({ ...offer, value: '99.99' })).toBeUndefined();
    expect(overThreshold({ ...offer, threshold: '0' })).toBeUndefined();
    expect(overThreshold({ ...offer, kind: 'percentOff', value: '15' })).toBeUndefined();
  });

  it('leaves alone a save that does not write the offer (ending one saved before the rule)', () => {
    expect(overThreshold(offer, { status: 'ended' })).toBeUndefined();
    expect(overThreshold(offer, { value: '150' })).toBeDefined();
  });
});
