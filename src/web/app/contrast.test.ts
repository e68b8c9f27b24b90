import { describe, expect, it } from 'vitest';
import { AA, contrast, shadeFor } from './contrast';

describe('contrast', () => {
  it("measures WCAG's ratios", () => {
    expect(contrast('#ffffff', '#000000')).toBeCloseTo(21, 5);
    // The spec's brand colour with white text: 3.24:1 (issue #46), grey #8c8c8c 3.36:1.
    expect(contrast('#1890ff', '#ffffff')).toBeCloseTo(3.24, 1);
    expect(contrast('#8c8c8c', '#ffffff')).toBeCloseTo(3.36, 1);
  });

  it('keeps a colour that reaches the ratio, else finds its nearest shade that does', () => {
    expect(shadeFor('#0958d9', '#ffffff')).toBe('#0958d9');
    const onWhite = shadeFor('#1890ff', '#ffffff');
    expect(contrast(onWhite, '#ffffff')).toBeGreaterThanOrEqual(AA);
    expect(contrast(onWhite, '#ffffff')).toBeLessThan(5.5);
    const onDark = shadeFor('#1668dc', '#141414');
    expect(contrast(onDark, '#141414')).toBeGreaterThanOrEqual(AA);
    // Every preset of the settings' colour picker gets a readable shade.
    for (const preset of ['#13c2c2', '#52c41a', '#fa8c16', '#f5222d', '#722ed1', '#2f54eb'])
      expect(contrast(shadeFor(preset, '#ffffff'), '#ffffff')).toBeGreaterThanOrEqual(AA);
  });
});
