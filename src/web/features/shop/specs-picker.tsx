import { Button, Carousel, Checkbox, Drawer, Radio, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPriceDelta } from '../../../shared/format';
import { type Product, skuOf, unitPrice } from './shop-lines';

/**
 * A product's page: its photos, its description, one option of each spec (the combination's own
 * price and stock), any of its add-ons (up to its most), then into the cart.
 */
export function SpecsPicker({
  product,
  onAdd,
  onClose,
}: {
  product: Product | null;
  onAdd(specs: Record<string, string>, addons: string[]): void;
  onClose(): void;
}) {
  const { t } = useTranslation('product-order');
  const [specs, setSpecs] = useState<Record<string, string>>({});
  const [addons, setAddons] = useState<string[]>([]);
  useEffect(() => {
    if (!product) return;
    setAddons([]);
    setSpecs(
      Object.fromEntries(
        product.specs.map((g) => [g.name, g.options.find((o) => !o.soldOut)?.name ?? '']),
      ),
    );
  }, [product]);
  if (!product) return null;
  const complete = product.specs.every((g) => specs[g.name]);
  const soldOut = product.soldOut || (complete && skuOf(product, specs)?.soldOut === true);
  const full = product.addonsMax > 0 && addons.length >= product.addonsMax;
  return (
    <Drawer open placement="bottom" height="auto" title={product.name} onClose={onClose}>
      <Space direction="vertical" style={{ width: '100%' }} size="middle">
        {product.images.length > 0 && (
          <Carousel className="shop-gallery" dots={product.images.length > 1}>
            {product.images.map((src) => (
              <img key={src} src={src} alt="" />
            ))}
          </Carousel>
        )}
        {product.description && (
          <div
            className="shop-description"
            // Sanitised by the server on the way in and out (servedRichText).
            // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's sanitised HTML.
            dangerouslySetInnerHTML={{ __html: product.description }}
          />
        )}
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
                  setAddons(
                    product.addons.map((a) => a.name).filter((name) => ticked.includes(name)),
                  )
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
    </Drawer>
  );
}
