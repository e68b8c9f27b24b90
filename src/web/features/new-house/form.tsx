import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { UNIT_TYPES_MAX, type UnitTypes } from '../../../shared/house';
import { ImageUpload } from '../../kit/image-upload';
import type { FormOverrides } from '../../kit/resource-overrides';

type UnitType = UnitTypes[number];

/** A project's unit types in its form: each its layout, area, price from and floor plan. */
function UnitTypesEditor({
  value,
  onChange,
  id,
}: {
  value?: unknown;
  onChange?(value: unknown): void;
  id?: string;
}) {
  const { t } = useTranslation('new-house');
  const types = (Array.isArray(value) ? value : []) as UnitType[];
  const set = (index: number, change: Partial<UnitType>) =>
    onChange?.(types.map((u, i) => (i === index ? { ...u, ...change } : u)));
  return (
    <Space vertical style={{ width: '100%' }} id={id}>
      {types.map((unit, index) => (
        <Card
          // biome-ignore lint/suspicious/noArrayIndexKey: unit types have no id; their place is theirs.
          key={index}
          size="small"
          title={
            <Input
              aria-label={t('unitTypesEditor.layout')}
              placeholder={t('unitTypesEditor.layoutPlaceholder')}
              value={unit.layout}
              maxLength={20}
              variant="borderless"
              onChange={(e) => set(index, { layout: e.target.value })}
            />
          }
          extra={
            <Button
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('unitTypesEditor.remove')}
              onClick={() => onChange?.(types.filter((_, i) => i !== index))}
            />
          }
        >
          <Space wrap align="start">
            <Input
              aria-label={t('unitTypesEditor.area')}
              prefix={t('unitTypesEditor.area')}
              inputMode="decimal"
              style={{ width: 180 }}
              value={unit.area}
              onChange={(e) => set(index, { area: e.target.value.trim() })}
            />
            <Input
              aria-label={t('unitTypesEditor.price')}
              prefix={t('unitTypesEditor.price')}
              inputMode="decimal"
              style={{ width: 200 }}
              value={unit.price}
              onChange={(e) => set(index, { price: e.target.value.trim() })}
            />
            <ImageUpload
              label={`${t('unitTypesEditor.image')} ${index + 1}`}
              value={unit.image}
              onChange={(image) => set(index, { image })}
            />
          </Space>
        </Card>
      ))}
      <Button
        icon={<PlusOutlined />}
        disabled={types.length >= UNIT_TYPES_MAX}
        onClick={() => onChange?.([...types, { layout: '', area: '', price: '', image: '' }])}
      >
        {t('unitTypesEditor.add')}
      </Button>
    </Space>
  );
}

/** /new-house's form: the unit types' editor. */
export default {
  fields: { unitTypes: UnitTypesEditor },
} satisfies FormOverrides;
