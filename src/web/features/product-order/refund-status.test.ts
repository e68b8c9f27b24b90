import { describe, expect, it } from 'vitest';
import { refundStatusOf } from './refund-status';

describe('refundStatusOf', () => {
  it('reads a refund of part of the total as partly refunded', () => {
    expect(
      refundStatusOf({ refundStatus: 'refunded', refundedAmount: '8.50', totalAmount: '17.00' }),
    ).toBe('partly');
  });

  it('keeps refunded when all of it went back, and the other states as they are', () => {
    expect(
      refundStatusOf({ refundStatus: 'refunded', refundedAmount: '17.00', totalAmount: '17.00' }),
    ).toBe('refunded');
    expect(
      refundStatusOf({ refundStatus: 'requested', refundedAmount: '0.00', totalAmount: '17.00' }),
    ).toBe('requested');
    // Asked again after a part went back: the question shows, not the part.
    expect(
      refundStatusOf({ refundStatus: 'requested', refundedAmount: '5.00', totalAmount: '17.00' }),
    ).toBe('requested');
    expect(refundStatusOf({ refundStatus: 'none', totalAmount: '17.00' })).toBe('none');
  });
});
