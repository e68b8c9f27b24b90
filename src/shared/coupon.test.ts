import { describe, expect, it } from 'vitest';
import {
  type CouponTerms,
  combineDiscounts,
  couponCovers,
  couponDiscountOf,
  stateOf,
  validityOf,
} from './coupon';

const terms = (over: Partial<CouponTerms> = {}): CouponTerms => ({
  id: 1,
  name: '券',
  kind: 'amountOff',
  threshold: '50',
  value: '10',
  scope: 'all',
  categoryIds: [],
  productIds: [],
  validity: 'fixed',
  startAt: new Date('2026-01-01T00:00:00Z'),
  endAt: new Date('2026-02-01T00:00:00Z'),
  validDays: 0,
  ...over,
});
const lines = [
  { productId: 11, categoryId: 1, unitPrice: '38.00', quantity: 1 },
  { productId: 12, categoryId: 2, unitPrice: '12.50', quantity: 1 },
];

describe('coupon rules', () => {
  it('takes its offer off the goods in scope, from the threshold', () => {
    expect(couponDiscountOf(terms(), lines)).toBe('10.00');
    expect(couponDiscountOf(terms({ threshold: '50.51' }), lines)).toBe('0.00');
    expect(couponDiscountOf(terms({ scope: 'categories', categoryIds: [1] }), lines)).toBe('0.00');
    expect(couponDiscountOf(terms({ scope: 'categories', categoryIds: [1, 2] }), lines)).toBe(
      '10.00',
    );
    expect(
      couponDiscountOf(
        terms({
          scope: 'categories',
          categoryIds: [1],
          kind: 'percentOff',
          threshold: '0',
          value: '15',
        }),
        lines,
      ),
    ).toBe('5.70');
    // Categories kept on a coupon for everything do not narrow it.
    expect(couponDiscountOf(terms({ categoryIds: [1] }), lines)).toBe('10.00');
    expect(couponDiscountOf(terms({ threshold: '0', value: '999' }), lines)).toBe('50.50');
  });

  it('applies to the products in scope only', () => {
    const two = terms({ scope: 'products', productIds: [11, 13], threshold: '0' });
    expect(couponCovers(two, lines)).toBe(true);
    expect(couponDiscountOf(two, lines)).toBe('10.00');
    expect(couponCovers(two, lines.slice(1))).toBe(false);
    expect(couponDiscountOf(two, lines.slice(1))).toBe('0.00');
  });

  it('is valid between its dates, or for its days from when it was got', () => {
    const got = new Date('2026-01-10T08:00:00Z');
    expect(validityOf(terms(), got)).toEqual({
      from: new Date('2026-01-01T00:00:00Z'),
      until: new Date('2026-02-01T00:00:00Z'),
    });
    expect(validityOf(terms({ validity: 'days', validDays: 3 }), got).until).toEqual(
      new Date('2026-01-13T08:00:00Z'),
    );
    const now = new Date('2026-01-20T00:00:00Z');
    expect(stateOf({ status: 'unused', validUntil: '2026-01-20T00:00:01Z' }, now)).toBe('unused');
    expect(stateOf({ status: 'unused', validUntil: '2026-01-20T00:00:00Z' }, now)).toBe('expired');
    expect(stateOf({ status: 'used', validUntil: '2026-01-01T00:00:00Z' }, now)).toBe('used');
  });

  it('stacks with a campaign when allowed, else the better one wins; never past the goods', () => {
    expect(combineDiscounts('100', '20', '5', true)).toEqual({ campaign: '20.00', coupon: '5.00' });
    expect(combineDiscounts('100', '20', '5', false)).toEqual({
      campaign: '20.00',
      coupon: '0.00',
    });
    expect(combineDiscounts('100', '20', '20', false)).toEqual({
      campaign: '20.00',
      coupon: '0.00',
    });
    expect(combineDiscounts('100', '20', '30', false)).toEqual({
      campaign: '0.00',
      coupon: '30.00',
    });
    expect(combineDiscounts('100', '90', '30', true)).toEqual({
      campaign: '90.00',
      coupon: '10.00',
    });
    expect(combineDiscounts('100', '100', '30', true)).toEqual({
      campaign: '100.00',
      coupon: '0.00',
    });
    expect(combineDiscounts('12.5', '0', '30', false)).toEqual({
      campaign: '0.00',
      coupon: '12.50',
    });
    expect(combineDiscounts('100', '20', '0', true)).toEqual({ campaign: '20.00', coupon: '0.00' });
  });
});
