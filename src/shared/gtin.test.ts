import { describe, expect, it } from 'vitest';
import { gtinKind, isGtin } from './gtin';

describe('isGtin', () => {
  it('takes UPC-A and EAN-13 codes whose check digit is right', () => {
    expect(isGtin('036000291452')).toBe(true); // UPC-A
    expect(isGtin('4006381333931')).toBe(true); // EAN-13
    expect(isGtin('6901234567892')).toBe(true);
    expect(gtinKind('036000291452')).toBe('UPC');
    expect(gtinKind('4006381333931')).toBe('EAN');
  });
  it('refuses a wrong check digit, a wrong length and anything but digits', () => {
    expect(isGtin('036000291453')).toBe(false);
    expect(isGtin('4006381333932')).toBe(false);
    expect(isGtin('03600029145')).toBe(false);
    expect(isGtin('03600029145a')).toBe(false);
    expect(isGtin('')).toBe(false);
  });
});
