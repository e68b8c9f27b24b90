/** WCAG 2.1 contrast: relative luminance and ratios of #rrggbb colours, and shades that reach one. */

type Rgb = [number, number, number];

const parse = (hex: string): Rgb => {
  const h = hex.replace('#', '');
  const full = h.length === 3 ? [...h].map((c) => c + c).join('') : h.slice(0, 6);
  return [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16)) as Rgb;
};

const format = (rgb: Rgb) =>
  `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

/** WCAG's relative luminance of a colour. */
export function luminance(hex: string): number {
  const [r, g, b] = parse(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two colours (1 to 21). */
export function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** WCAG AA for normal text. */
export const AA = 4.5;

/**
 * The colour itself when it reaches `ratio` against `background`, else the nearest shade of it
 * that does: mixed with black on a light background, with white on a dark one.
 */
export function shadeFor(hex: string, background: string, ratio = AA): string {
  const toward: Rgb = luminance(background) > 0.18 ? [0, 0, 0] : [255, 255, 255];
  const from = parse(hex);
  for (let step = 0; step <= 100; step += 2) {
    const mixed = from.map((c, i) => c + ((toward[i] as number) - c) * (step / 100)) as Rgb;
    const shade = format(mixed);
    if (contrast(shade, background) >= ratio) return shade;
  }
  return format(toward);
}

/**
 * The colour itself when it reaches `ratio` against every one of `backgrounds` (all light or all
 * dark: the surfaces one kind of text sits on), else its nearest shade that does.
 */
export function shadeForAll(hex: string, backgrounds: readonly string[], ratio = AA): string {
  const worst = (shade: string) => Math.min(...backgrounds.map((b) => contrast(shade, b)));
  let shade = hex;
  for (let wanted = ratio; wanted < 21 && worst(shade) < ratio; wanted += 0.25)
    shade = shadeFor(hex, backgrounds[0]!, wanted);
  return shade;
}
