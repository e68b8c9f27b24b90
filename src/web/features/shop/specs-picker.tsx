import { Button, Drawer, Radio, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPriceDelta } from '../../../shared/format';
import { type Product, unitPrice } from './shop-lines';

/** Picks one option of each spec of a product, then adds it to the cart. */
export function SpecsPicker({
  product,
  onAdd,
  onClose,
}: {
  product: Product | null;
  onAdd(specs: Record<string, string>): void;
  onClose(): void;
}) {
  const { t } = useTranslation('product-order');
  const [specs, setSpecs] = useState<Record<string, string>>({});
  useEffect(() => {
    if (!product) return;
    setSpecs(
      Object.fromEntries(
        product.specs.map((g) => [g.name, g.options.find((o) => !o.soldOut)?.name ?? '']),
      ),
    );
  }, [product]);
  if (!product) return null;
  const complete = product.specs.every((g) => specs[g.name]);
  return (
    <Drawer open placement="bottom" height="auto" title={product.name} onClose={onClose}>
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
        <Button type="primary" block disabled={!complete} onClick={() => onAdd(specs)}>
          {t('shop.add')} · ¥{unitPrice(product, specs)}
        </Button>
      </Space>
    </Drawer>
  );
}
