import { describe, expect, it } from 'vitest';
import { offerRuleBroken, offerTermsOf } from './promotion-terms';

const offer = {
  id: 7,
  name: '满100减20',
  kind: 'amountOff',
  threshold: '100.00',
  value: '20.00',
  scope: 'all' as const,
  categoryIds: [],
  productIds: [],
};

describe('promotion terms', () => {
  it("takes a row's offer and leaves its other columns", () => {
    expect(offerTermsOf({ ...offer, stackable: true, validDays: 3 } as typeof offer)).toEqual(
      offer,
    );
  });

  it('says the first rule an offer breaks, on its field', () => {
    expect(offerRuleBroken({ ...offer, scope: 'products' }, {}).broken).toEqual({
      field: 'productIds',
      rule: 'products',
    });
    expect(
      offerRuleBroken({ ...offer, kind: 'percentOff', value: '100' }, { value: '100' }).broken,
    ).toEqual({ field: 'value', rule: 'percent' });
    expect(offerRuleBroken({ ...offer, value: '150' }, { value: '150' }).broken).toEqual({
      field: 'value',
      rule: 'overThreshold',
      params: { threshold: '100.00', value: '150.00' },
    });
    expect(offerRuleBroken(offer, offer).broken).toBeUndefined();
  });

  it('clears the id list the scope does not use', () => {
    expect(offerRuleBroken({ ...offer, categoryIds: [3] }, {}).kept).toEqual({ categoryIds: [] });
  });
});
