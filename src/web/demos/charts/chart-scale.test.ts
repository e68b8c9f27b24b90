import { describe, expect, it } from 'vitest';
import { demoSeries } from './chart-scale';

describe('the charts’ data', () => {
  it('makes the same series every time, within its bounds', () => {
    const a = demoSeries(7, 30, 10, 90);
    expect(a).toEqual(demoSeries(7, 30, 10, 90));
    expect(Math.min(...a)).toBeGreaterThanOrEqual(10);
    expect(Math.max(...a)).toBeLessThanOrEqual(90);
  });
});
