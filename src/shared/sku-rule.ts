/**
 * The seller SKU rule of the variant grid's 生成 SKU: text with placeholders, expanded per row.
 * `{属性名}` is the row's value of that attribute (`{颜色}` → 红), `{序号}` the row's place in the
 * grid from 1 (`{序号:3}` zero-padded to 3 digits: 001), `{ID}` the goods' number. A placeholder
 * naming no attribute is an error, not text: a typo is said rather than made into SKUs.
 */
export const SKU_PATTERN = /^[\w.\-/]*$/;
export const SKU_MAX = 40;

export interface SkuRuleRow {
  options: Record<string, string>;
  /** 0-based place in the grid. */
  index: number;
}

export type SkuRuleResult =
  | { ok: true; sku: string }
  /** `unknown`: a placeholder names nothing; `chars`: the SKU would hold characters SKUs may not; `long`: past 40. */
  | { ok: false; reason: 'unknown' | 'chars' | 'long'; sku: string; detail: string };

const PLACEHOLDER = /\{([^{}:]+)(?::(\d))?\}/g;

/** One row's SKU by the rule; spaces in a value become `-`. */
export function expandSkuRule(rule: string, row: SkuRuleRow, goodsId?: number): SkuRuleResult {
  let unknown = '';
  const sku = rule.trim().replace(PLACEHOLDER, (whole, name: string, pad?: string) => {
    const key = name.trim();
    if (key === '序号') return String(row.index + 1).padStart(Number(pad ?? 0), '0');
    if (key.toUpperCase() === 'ID' && goodsId !== undefined) return String(goodsId);
    const value = row.options[key];
    if (value === undefined) {
      unknown ||= whole;
      return whole;
    }
    return value.trim().replace(/\s+/g, '-');
  });
  if (unknown) return { ok: false, reason: 'unknown', sku, detail: unknown };
  if (!SKU_PATTERN.test(sku))
    return {
      ok: false,
      reason: 'chars',
      sku,
      detail: [...new Set(sku.replace(/[\w.\-/]/g, ''))].join(''),
    };
  if (sku.length > SKU_MAX) return { ok: false, reason: 'long', sku, detail: String(sku.length) };
  return { ok: true, sku };
}

/** The SKUs that occur more than once among these (any case), as first written. */
export function repeatedSkus(skus: string[]): string[] {
  const seen = new Map<string, number>();
  for (const sku of skus)
    if (sku) seen.set(sku.toLowerCase(), (seen.get(sku.toLowerCase()) ?? 0) + 1);
  return [...new Set(skus.filter((s) => s && (seen.get(s.toLowerCase()) ?? 0) > 1))];
}
