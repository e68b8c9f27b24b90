import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { THEME_COLOR } from '../../shared/constants';
import { AA, contrast } from './contrast';
import { themeConfig } from './theme';

const tokens = (primary: string, dark: boolean) => theme.getDesignToken(themeConfig(primary, dark));
/** An rgba(…) text colour over a background, as #rrggbb. */
const over = (rgba: string, background: string) => {
  const [r, g, b, a] = (rgba.match(/[\d.]+/g) ?? []).map(Number) as [
    number,
    number,
    number,
    number,
  ];
  const bg = [1, 3, 5].map((i) => Number.parseInt(background.slice(i, i + 2), 16));
  return `#${[r, g, b]
    .map((c, i) =>
      Math.round(c * a + bg[i]! * (1 - a))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
};

describe('the theme reads at WCAG AA (issue #46)', () => {
  it('gives the spec colour a darker shade for white text, in light and dark', () => {
    for (const dark of [false, true]) {
      const t = tokens(THEME_COLOR, dark);
      expect(contrast(t.colorPrimary, '#ffffff')).toBeGreaterThanOrEqual(AA);
    }
    // Light: links in that shade on white.
    expect(contrast(tokens(THEME_COLOR, false).colorLink, '#ffffff')).toBeGreaterThanOrEqual(AA);
  });

  it('gives links a lighter shade on dark, and grey text that reads on both', () => {
    const dark = tokens(THEME_COLOR, true);
    expect(contrast(dark.colorLink, dark.colorBgContainer)).toBeGreaterThanOrEqual(AA);
    expect(
      contrast(over(dark.colorTextDescription, dark.colorBgContainer), dark.colorBgContainer),
    ).toBeGreaterThanOrEqual(AA);
    const light = tokens(THEME_COLOR, false);
    expect(contrast(over(light.colorTextDescription, '#f5f5f5'), '#f5f5f5')).toBeGreaterThanOrEqual(
      AA,
    );
  });

  it('finds a readable shade for each colour of the settings', () => {
    for (const preset of ['#409EFF', '#13c2c2', '#52c41a', '#fa8c16', '#f5222d', '#722ed1'])
      expect(contrast(tokens(preset, false).colorPrimary, '#ffffff')).toBeGreaterThanOrEqual(AA);
  });
});

describe('the theme and the system’s "reduce motion"', () => {
  it('turns antd’s animations off when motion is to be reduced, and only then', () => {
    const still = theme.getDesignToken(themeConfig(THEME_COLOR, false, true));
    expect(still.motion).toBe(false);
    expect(still.motionDurationMid).toBe('0s');
    const moving = tokens(THEME_COLOR, false);
    expect(moving.motion).toBe(true);
    expect(moving.motionDurationMid).not.toBe('0s');
  });
});
