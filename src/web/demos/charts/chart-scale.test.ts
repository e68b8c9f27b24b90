import { describe, expect, it } from 'vitest';
import { demoSeries, niceScale } from './chart-scale';

describe('the charts’ axes', () => {
  it('rounds the top of an axis and lists its ticks', () => {
    expect(niceScale(87)).toEqual({ top: 100, step: 20, values: [0, 20, 40, 60, 80, 100] });
    expect(niceScale(1234)).toMatchObject({ top: 1250, step: 250 });
    expect(niceScale(0.7).values.at(-1)).toBe(0.8);
    expect(niceScale(0).top).toBe(1);
  });

  it('makes the same series every time, within its bounds', () => {
    const a = demoSeries(7, 30, 10, 90);
    expect(a).toEqual(demoSeries(7, 30, 10, 90));
    expect(Math.min(...a)).toBeGreaterThanOrEqual(10);
    expect(Math.max(...a)).toBeLessThanOrEqual(90);
  });
});
