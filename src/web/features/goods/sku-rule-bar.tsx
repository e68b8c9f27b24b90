import { App, Button, Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { message as catalogue } from '../../../shared/messages';
import { expandSkuRule, repeatedSkus } from '../../../shared/sku-rule';
import { request } from '../../api/request';
import { messageText } from '../../i18n';

/** The last rule typed, kept in this browser for the next goods. */
const RULE_KEY = 'goods.skuRule';

interface GridRow {
  options: Record<string, string>;
  sellerSku: string;
}

/**
 * 生成 SKU: a rule (`T1001-{颜色}-{尺码}`, shared/sku-rule.ts) fills the seller SKUs left empty.
 * What cannot be made is said before anything changes; SKUs repeated in the grid or held by
 * another goods are marked on their cells, in the words the server's save would refuse them with.
 */
export function SkuRuleBar<Row extends GridRow>({
  goodsId,
  attributeNames,
  rows,
  onRows,
  onErrors,
}: {
  goodsId: number;
  attributeNames: string[];
  rows: Row[];
  onRows(rows: Row[]): void;
  onErrors(errors: Record<string, string>): void;
}) {
  const { t } = useTranslation('goods');
  const { message } = App.useApp();
  const [rule, setRule] = useState(() => localStorage.getItem(RULE_KEY) ?? '');
  const [busy, setBusy] = useState(false);

  async function generate() {
    if (!rule.trim()) return void message.error(t('variants.skuRuleEmpty'));
    const blank = rows.flatMap((r, index) => (r.sellerSku.trim() ? [] : [index]));
    if (blank.length === 0) return void message.error(t('variants.skuRuleNoBlank'));
    const made = new Map<number, string>();
    for (const index of blank) {
      const result = expandSkuRule(rule, { options: rows[index]!.options, index }, goodsId);
      if (!result.ok) {
        const words = {
          unknown: t('variants.skuRuleUnknown', {
            placeholder: result.detail,
            names: ['{序号}', '{ID}', ...attributeNames.map((n) => `{${n}}`)].join(' '),
          }),
          chars: t('variants.skuRuleChars', { sku: result.sku, chars: result.detail }),
          long: t('variants.skuRuleLong', { sku: result.sku }),
        };
        return void message.error(words[result.reason]);
      }
      made.set(index, result.sku);
    }
    localStorage.setItem(RULE_KEY, rule.trim());
    const grid = rows.map((r, i) => (made.has(i) ? { ...r, sellerSku: made.get(i)! } : r));
    onRows(grid);
    setBusy(true);
    try {
      const skus = grid.map((r) => r.sellerSku.trim());
      const { taken } = await request<{ taken: string[] }>('/admin/goods/variants/skus-taken', {
        goodsId,
        skus: [...made.values()],
      });
      const wrong = new Set([...repeatedSkus(skus), ...taken].map((s) => s.toLowerCase()));
      const unique = messageText(catalogue('validation.unique'));
      const errors = Object.fromEntries(
        skus.flatMap((sku, i) =>
          sku && wrong.has(sku.toLowerCase()) ? [[`variants.${i}.sellerSku`, unique]] : [],
        ),
      );
      onErrors(errors);
      if (Object.keys(errors).length > 0)
        void message.warning(t('variants.skuRuleRepeated', { count: made.size }));
      else void message.success(t('variants.skuRuleFilled', { count: made.size }));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Space.Compact style={{ width: '100%', maxWidth: 560 }} title={t('variants.skuRuleHelp')}>
      <Input
        value={rule}
        maxLength={80}
        placeholder={t('variants.skuRulePlaceholder')}
        aria-label={t('variants.skuRule')}
        onChange={(e) => setRule(e.target.value)}
      />
      <Button loading={busy} onClick={() => void generate()}>
        {t('variants.generateSku')}
      </Button>
    </Space.Compact>
  );
}
