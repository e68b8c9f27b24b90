import { Button, Checkbox, Drawer, Radio, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPriceDelta } from '../../../shared/format';
import { type Product, skuOf, unitPrice } from './shop-lines';

/**
 * A product's choices: one option of each spec (the combination's own price and stock), any of
 * its add-ons (up to its most), then into the cart. The menu's picker and the product's page
 * show the same.
 */
export function ProductChoices({
  product,
  onAdd,
}: {
  product: Product;
  onAdd(specs: Record<string, string>, addons: string[]): void;
}) {
  const { t } = useTranslation('product-order');
  const [specs, setSpecs] = useState<Record<string, string>>({});
  const [addons, setAddons] = useState<string[]>([]);
  useEffect(() => {
    setAddons([]);
    setSpecs(
      Object.fromEntries(
        product.specs.map((g) => [g.name, g.options.find((o) => !o.soldOut)?.name ?? '']),
      ),
    );
  }, [product]);
  const complete = product.specs.every((g) => specs[g.name]);
  const soldOut = product.soldOut || (complete && skuOf(product, specs)?.soldOut === true);
  const full = product.addonsMax > 0 && addons.length >= product.addonsMax;
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      {product.specs.map((group) => (
        <div key={group.name}>
          <Typography.Text strong>{group.name}</Typography.Text>
          <div>
            <Radio.Group
              optionType="button"
              value={specs[group.name]}
              onChange={(e) => setSpecs({ ...specs, [group.name]: e.target.value })}
              options={group.options.map((o) => ({
                value: o.name,
                disabled: o.soldOut,
                label: `${o.name}${Number(o.priceDelta) ? ` ${formatPriceDelta(o.priceDelta)}` : ''}`,
              }))}
            />
          </div>
        </div>
      ))}
      {product.addons.length > 0 && (
        <div data-testid="addons-picker">
          <Typography.Text strong>{t('shop.addons')}</Typography.Text>{' '}
          {product.addonsMax > 0 && (
            <Typography.Text type="secondary">
              {t('shop.addonsUpTo', { max: product.addonsMax })}
            </Typography.Text>
          )}
          <div className="shop-addons">
            <Checkbox.Group
              value={addons}
              // Kept in the product's order: the same add-ons ticked otherwise are the same line.
              onChange={(ticked) =>
                setAddons(product.addons.map((a) => a.name).filter((name) => ticked.includes(name)))
              }
              options={product.addons.map((a) => ({
                value: a.name,
                disabled: full && !addons.includes(a.name),
                label: `${a.name} +¥${a.price}`,
              }))}
            />
          </div>
        </div>
      )}
      <Button
        type="primary"
        block
        disabled={!complete || soldOut}
        onClick={() => onAdd(specs, addons)}
        data-testid="specs-add"
      >
        {soldOut ? t('shop.soldOut') : `${t('shop.add')} · ¥${unitPrice(product, specs, addons)}`}
      </Button>
    </Space>
  );
}

/** The menu's picker of a product's choices (its page has the photos and the description). */
export function SpecsPicker({
  product,
  onAdd,
  onClose,
}: {
  product: Product | null;
  onAdd(specs: Record<string, string>, addons: string[]): void;
  onClose(): void;
}) {
  if (!product) return null;
  return (
    <Drawer open placement="bottom" height="auto" title={product.name} onClose={onClose}>
      <ProductChoices product={product} onAdd={onAdd} />
    </Drawer>
  );
}
