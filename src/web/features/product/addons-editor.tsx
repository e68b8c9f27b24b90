import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Input, InputNumber, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { ADDONS_MAX } from '../../../shared/product-addons';

type Addon = { name: string; price: string };

/**
 * A product's add-ons (加料) in its form: a name and a price (yuan, at least 0) each, up to
 * ADDONS_MAX; the server checks the names are different.
 */
export function AddonsEditor({
  value,
  onChange,
  id,
}: {
  value?: unknown;
  onChange?(value: unknown): void;
  id?: string;
}) {
  const { t } = useTranslation('product');
  const addons = (Array.isArray(value) ? value : []) as Addon[];
  const set = (next: Addon[]) => onChange?.(next);
  const setAddon = (index: number, addon: Partial<Addon>) =>
    set(addons.map((a, i) => (i === index ? { ...a, ...addon } : a)));
  return (
    <Space direction="vertical" style={{ width: '100%' }} id={id}>
      {addons.map((addon, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: add-ons have no id; their place is theirs.
        <Space key={index} wrap size={4}>
          <Input
            aria-label={t('specsEditor.addonName')}
            placeholder={t('specsEditor.addonPlaceholder')}
            value={addon.name}
            maxLength={20}
            onChange={(e) => setAddon(index, { name: e.target.value })}
            style={{ width: 120 }}
          />
          <InputNumber
            aria-label={`${t('specsEditor.addonName')}${t('specsEditor.addonPrice')}`}
            prefix={`${t('specsEditor.addonPrice')} ¥`}
            stringMode
            min="0"
            precision={2}
            value={addon.price}
            onChange={(v) => setAddon(index, { price: v ?? '0' })}
            style={{ width: 140 }}
          />
          <Button
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('specsEditor.removeAddon')}
            onClick={() => set(addons.filter((_, i) => i !== index))}
          />
        </Space>
      ))}
      <Button
        icon={<PlusOutlined />}
        disabled={addons.length >= ADDONS_MAX}
        onClick={() => set([...addons, { name: '', price: '0' }])}
      >
        {t('specsEditor.addAddon')}
      </Button>
    </Space>
  );
}
