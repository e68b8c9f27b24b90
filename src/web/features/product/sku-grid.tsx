import { Form, Input, InputNumber, Table, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { combinationsOf, type ProductSpecs, priceWithSpecs } from '../../../shared/product-specs';

type Sku = { options: string[]; price: string | null; stock: number | null; code: string };
const keyOf = (options: string[]) => options.join(' / ');

/**
 * Every combination of the product's specs (大份 / 特辣) in a grid: its own price (empty: the
 * product's price with the options' changes, shown as the placeholder), its own stock (empty:
 * not counted) and its SKU code. The rows follow the specs as they are edited; what was typed
 * for a combination stays with it.
 */
export function SkuGrid({
  value,
  onChange,
  id,
}: {
  value?: unknown;
  onChange?(value: unknown): void;
  id?: string;
}) {
  const { t } = useTranslation('product');
  const form = Form.useFormInstance();
  const specs = (Form.useWatch('specs', form) ?? []) as ProductSpecs;
  const price = String(Form.useWatch('price', form) ?? '0') || '0';
  const typed = (Array.isArray(value) ? value : []) as Sku[];
  // Only complete groups make combinations (a group being typed has no name or option yet).
  const ready = specs.filter((g) => g.name?.trim() && g.options.every((o) => o.name?.trim()));
  const rows: Sku[] = combinationsOf(ready).map(
    (options) =>
      typed.find((s) => keyOf(s.options) === keyOf(options)) ?? {
        options,
        price: null,
        stock: null,
        code: '',
      },
  );
  // What is kept: the rows of the current combinations that say something of their own.
  const kept = rows.filter((r) => r.price !== null || r.stock !== null || r.code !== '');
  const same = JSON.stringify(kept) === JSON.stringify(typed);
  useEffect(() => {
    if (!same) onChange?.(kept);
  });
  const set = (options: string[], change: Partial<Sku>) =>
    onChange?.(
      rows
        .map((r) => (keyOf(r.options) === keyOf(options) ? { ...r, ...change } : r))
        .filter((r) => r.price !== null || r.stock !== null || r.code !== ''),
    );
  if (rows.length === 0)
    return (
      <Typography.Text type="secondary" id={id}>
        {t('specsEditor.skuHint')}
      </Typography.Text>
    );
  return (
    <Table<Sku>
      id={id}
      size="small"
      rowKey={(r) => keyOf(r.options)}
      dataSource={rows}
      pagination={false}
      scroll={{ x: 'max-content' }}
      data-testid="sku-grid"
      columns={[
        {
          title: t('specsEditor.combination'),
          key: 'options',
          render: (_, r) => keyOf(r.options),
        },
        {
          title: t('specsEditor.skuPrice'),
          key: 'price',
          render: (_, r) => {
            const choice = Object.fromEntries(ready.map((g, i) => [g.name, r.options[i]!]));
            const worked = priceWithSpecs(price, ready as ProductSpecs, choice)?.price ?? '';
            return (
              <InputNumber
                aria-label={`${keyOf(r.options)} ${t('specsEditor.skuPrice')}`}
                stringMode
                min="0"
                precision={2}
                value={r.price}
                placeholder={worked ? t('specsEditor.skuPricePlaceholder', { price: worked }) : ''}
                onChange={(v) =>
                  set(r.options, { price: v === null || v === '' ? null : String(v) })
                }
                style={{ width: 120 }}
              />
            );
          },
        },
        {
          title: t('specsEditor.stock'),
          key: 'stock',
          render: (_, r) => (
            <InputNumber
              aria-label={`${keyOf(r.options)} ${t('specsEditor.stock')}`}
              min={0}
              precision={0}
              value={r.stock}
              placeholder={t('specsEditor.stockNone')}
              onChange={(v) => set(r.options, { stock: v ?? null })}
              style={{ width: 100 }}
            />
          ),
        },
        {
          title: t('specsEditor.skuCode'),
          key: 'code',
          render: (_, r) => (
            <Input
              aria-label={`${keyOf(r.options)} ${t('specsEditor.skuCode')}`}
              value={r.code}
              maxLength={40}
              onChange={(e) => set(r.options, { code: e.target.value })}
              style={{ width: 140 }}
            />
          ),
        },
      ]}
    />
  );
}
