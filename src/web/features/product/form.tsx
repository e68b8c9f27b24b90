import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, DatePicker, Form, Input, InputNumber, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { SPEC_GROUPS_MAX, SPEC_OPTIONS_MAX } from '../../../shared/product-specs';
import type { FormOverrides } from '../../kit/resource-overrides';
import { AddonsEditor } from './addons-editor';
import { SkuGrid } from './sku-grid';
import type { Group, Option } from './specs';

/**
 * A product's specs in its form: groups (份量, 辣度), each with its options, an option's price
 * change (below zero for less) and its own stock (empty: only the product's stock counts).
 */
function SpecsEditor({
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
  const groups = (Array.isArray(value) ? value : []) as Group[];
  const set = (next: Group[]) => onChange?.(next);
  // A group or option just added is blank: put in place without checking, so that it is not
  // shown in error before anything is typed (what is typed, and saving, check it).
  const add = (next: Group[]) => form.setFieldValue('specs', next);
  const setGroup = (index: number, group: Group) =>
    set(groups.map((g, i) => (i === index ? group : g)));
  const setOption = (gi: number, oi: number, option: Partial<Option>) =>
    setGroup(gi, {
      ...groups[gi]!,
      options: groups[gi]!.options.map((o, i) => (i === oi ? { ...o, ...option } : o)),
    });
  return (
    <Space direction="vertical" style={{ width: '100%' }} id={id}>
      {groups.map((group, gi) => (
        <Card
          // biome-ignore lint/suspicious/noArrayIndexKey: groups have no id; their place is theirs.
          key={gi}
          size="small"
          title={
            <Input
              aria-label={t('specsEditor.groupName')}
              placeholder={t('specsEditor.groupPlaceholder')}
              value={group.name}
              maxLength={20}
              onChange={(e) => setGroup(gi, { ...group, name: e.target.value })}
              style={{ maxWidth: 200 }}
            />
          }
          extra={
            <Button
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('specsEditor.removeGroup')}
              onClick={() => set(groups.filter((_, i) => i !== gi))}
            />
          }
        >
          {group.options.map((option, oi) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: options have no id either.
            <Space key={oi} wrap style={{ marginBottom: 8 }}>
              <Input
                aria-label={t('specsEditor.optionName')}
                placeholder={t('specsEditor.optionPlaceholder')}
                value={option.name}
                maxLength={20}
                onChange={(e) => setOption(gi, oi, { name: e.target.value })}
                style={{ width: 140 }}
              />
              <InputNumber
                aria-label={`${t('specsEditor.optionName')}${t('specsEditor.priceDelta')}`}
                prefix={t('specsEditor.priceDelta')}
                stringMode
                precision={2}
                value={option.priceDelta}
                onChange={(v) => setOption(gi, oi, { priceDelta: v ?? '0' })}
                style={{ width: 180 }}
              />
              <InputNumber
                aria-label={`${t('specsEditor.optionName')}${t('specsEditor.stock')}`}
                prefix={t('specsEditor.stock')}
                min={0}
                precision={0}
                value={option.stock}
                placeholder={t('specsEditor.stockNone')}
                onChange={(v) => setOption(gi, oi, { stock: v ?? null })}
                style={{ width: 180 }}
              />
              <Button
                type="text"
                icon={<DeleteOutlined />}
                aria-label={t('specsEditor.removeOption')}
                disabled={group.options.length <= 1}
                onClick={() =>
                  setGroup(gi, { ...group, options: group.options.filter((_, i) => i !== oi) })
                }
              />
            </Space>
          ))}
          <Button
            type="dashed"
            size="small"
            icon={<PlusOutlined />}
            disabled={group.options.length >= SPEC_OPTIONS_MAX}
            onClick={() =>
              add(
                groups.map((g, i) =>
                  i === gi
                    ? { ...g, options: [...g.options, { name: '', priceDelta: '0', stock: null }] }
                    : g,
                ),
              )
            }
          >
            {t('specsEditor.addOption')}
          </Button>
        </Card>
      ))}
      <Button
        icon={<PlusOutlined />}
        disabled={groups.length >= SPEC_GROUPS_MAX}
        onClick={() =>
          add([...groups, { name: '', options: [{ name: '', priceDelta: '0', stock: null }] }])
        }
      >
        {t('specsEditor.addGroup')}
      </Button>
    </Space>
  );
}

/** China's clock: UTC+8 all year (no summer time). */
const CHINA_OFFSET_MINUTES = 480;
/** An instant as the picker shows it on China's clock, whatever the browser's zone. */
const toChinaWall = (at: Dayjs) => at.add(CHINA_OFFSET_MINUTES - at.utcOffset(), 'minute');
const fromChinaWall = (wall: Dayjs) =>
  wall.subtract(CHINA_OFFSET_MINUTES - wall.utcOffset(), 'minute');

/**
 * 定时上架 / 定时下架 picked on the merchant's clock (China's, as the list's tags read it), not the
 * browser's; a day already gone is not offered.
 */
function ChinaTimePicker({
  value,
  onChange,
  id,
}: {
  value?: unknown;
  onChange?(value: unknown): void;
  id?: string;
}) {
  const at = value ? dayjs(value as Dayjs) : null;
  const today = toChinaWall(dayjs()).startOf('day');
  return (
    <DatePicker
      id={id}
      showTime
      format="YYYY-MM-DD HH:mm"
      value={at ? toChinaWall(at) : null}
      disabledDate={(day) => day.isBefore(today, 'day')}
      onChange={(wall) => onChange?.(wall ? fromChinaWall(wall) : null)}
    />
  );
}

/**
 * /product-list's form: the specs' editor, the grid of their combinations, the add-ons, the
 * schedule's times on China's clock.
 */
export default {
  fields: {
    specs: SpecsEditor,
    skus: SkuGrid,
    addons: AddonsEditor,
    onSaleAt: ChinaTimePicker,
    offSaleAt: ChinaTimePicker,
  },
} satisfies FormOverrides;
