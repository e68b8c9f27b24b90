import { describe, expect, it } from 'vitest';
import { deviceFor } from './app';

describe('deviceFor (spec §4)', () => {
  it('is mobile when the body width minus 1 is under 992', () => {
    expect(deviceFor(992)).toBe('mobile');
    expect(deviceFor(993)).toBe('desktop');
    expect(deviceFor(375)).toBe('mobile');
  });
});
