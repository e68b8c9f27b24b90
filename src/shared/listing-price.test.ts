import { describe, expect, it } from 'vitest';
import { listingPrice } from './listing-price';

const usd = { exchangeRate: '7.2000', markupPercent: '30', fixedFee: '10', endIn99: false };

describe('listingPrice', () => {
  it('works the price out exactly: (cost × (1 + markup) + fee) ÷ rate, up to the cent', () => {
    // (100 × 1.3 + 10) ÷ 7.2 = 19.444… → 19.45
    expect(listingPrice('100', usd)).toBe('19.45');
    // 0.1 + 0.2 style sums stay exact: (0.3 × 1 + 0) ÷ 0.1 = 3
    expect(
      listingPrice('0.3', {
        exchangeRate: '0.1',
        markupPercent: '0',
        fixedFee: '0',
        endIn99: false,
      }),
    ).toBe('3.00');
  });
  it('ends in .99 when asked, never below the worked-out price', () => {
    expect(listingPrice('100', { ...usd, endIn99: true })).toBe('19.99');
    // 20.00 exactly: 19.99 would be below it, so 20.99.
    expect(
      listingPrice('134', {
        exchangeRate: '7.2',
        markupPercent: '0',
        fixedFee: '10',
        endIn99: true,
      }),
    ).toBe('20.99');
  });
  it('has no price without a rate', () => {
    expect(listingPrice('100', { ...usd, exchangeRate: '0' })).toBeNull();
  });
});
