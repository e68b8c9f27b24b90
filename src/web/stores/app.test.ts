import { describe, expect, it } from 'vitest';
import { deviceFor, MOBILE_QUERY } from './app';

describe('deviceFor (spec §4)', () => {
  it('is mobile when the body width minus 1 is under 992', () => {
    expect(deviceFor(992)).toBe('mobile');
    expect(deviceFor(993)).toBe('desktop');
    expect(deviceFor(375)).toBe('mobile');
  });
});

describe('MOBILE_QUERY', () => {
  it('draws the line where deviceFor does: 992 px is mobile, 993 px is not', () => {
    const limit = Number(/max-width: (\d+)px/.exec(MOBILE_QUERY)?.[1]);
    expect(deviceFor(limit)).toBe('mobile');
    expect(deviceFor(limit + 1)).toBe('desktop');
  });
});
