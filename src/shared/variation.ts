/**
 * Variation families (DOMAIN.md "Goods and marketplace"): a goods with several variants goes to
 * the marketplace as a parent (not buyable, no code, no price) and a child per variant, bound by
 * a variation theme named after the goods' attributes (SizeColor: each child differs by size and
 * colour). The marketplace's own names of the attributes are English.
 */

/** The marketplace attribute a goods attribute is, by its name in either language. */
const KNOWN: [RegExp, string][] = [
  [/^(size|尺码|尺寸|大小|规格)$/i, 'Size'],
  [/^(colou?r|颜色|色)$/i, 'Color'],
  [/^(style|款式|样式)$/i, 'Style'],
  [/^(material|材质|材料)$/i, 'Material'],
  [/^(pattern|图案)$/i, 'Pattern'],
  [/^(flavou?r|口味)$/i, 'Flavor'],
  [/^(scent|香味)$/i, 'Scent'],
];
/** Amazon's themes put size before colour (SizeColor); the others follow in the goods' order. */
const ORDER = ['Size', 'Color'];

/** A goods attribute's marketplace name (Style for one it does not know). */
export function variationAttribute(name: string): string {
  return KNOWN.find(([pattern]) => pattern.test(name.trim()))?.[1] ?? 'Style';
}

/** The theme of a goods' attributes: SizeColor, Color, SizeStyle…; '' for none. */
export function variationTheme(attributes: { name: string }[]): string {
  const names = [...new Set(attributes.map((a) => variationAttribute(a.name)))];
  const rank = (n: string) => (ORDER.includes(n) ? ORDER.indexOf(n) : ORDER.length);
  return names.sort((a, b) => rank(a) - rank(b)).join('');
}

/** A variant's values under the theme's names: { 颜色: '红', 尺码: 'M' } → { Color: '红', Size: 'M' }. */
export function variationValues(options: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(options).map(([name, value]) => [variationAttribute(name), value]),
  );
}

/** The parent's seller SKU of a goods' family: its first variant's, with -PARENT. */
export const parentSkuOf = (firstSku: string) => `${firstSku}-PARENT`;
