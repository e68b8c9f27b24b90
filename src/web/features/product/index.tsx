import { Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatPriceDelta } from '../../../shared/format';
import { clockText } from '../../../shared/merchant-clock';
import { scheduleText } from '../../../shared/product-schedule';
import { dynamicKey } from '../../i18n/keys';
import type { ResourceOverrides, ResourceRow } from '../../kit/resource-overrides';
import type { Group } from './specs';

/** The specs as they read in the detail drawer: 份量 小份 / 大份 +¥5.00, 小份 -¥3.00. */
function SpecsText({ value }: { value: unknown }) {
  const groups = (Array.isArray(value) ? value : []) as Group[];
  if (groups.length === 0) return <>—</>;
  return (
    <Space direction="vertical" size={2}>
      {groups.map((g) => (
        <span key={g.name}>
          <Typography.Text strong>{g.name}</Typography.Text>{' '}
          {g.options.map((o) => (
            <Tag key={o.name}>
              {o.name}
              {Number(o.priceDelta) !== 0 && ` ${formatPriceDelta(o.priceDelta)}`}
              {o.stock !== null && ` · ${o.stock}`}
            </Tag>
          ))}
        </span>
      ))}
    </Space>
  );
}

/** The add-ons as they read in the detail drawer: 加蛋 +¥2.00, 香菜 +¥0.00. */
function AddonsText({ value }: { value: unknown }) {
  const addons = (Array.isArray(value) ? value : []) as { name: string; price: string }[];
  if (addons.length === 0) return <>—</>;
  return (
    <Space size={[0, 4]} wrap>
      {addons.map((a) => (
        <Tag key={a.name}>
          {a.name} +¥{a.price}
        </Tag>
      ))}
    </Space>
  );
}

/**
 * The status and, under it, the times set ahead (定时上架 12-01 10:00), on the merchant's clock
 * (China's), whatever the browser's.
 */
function StatusCell({ row }: { row: ResourceRow }) {
  const { t } = useTranslation('product');
  const on = row.onSaleAt as string | null;
  const off = row.offSaleAt as string | null;
  return (
    <Space direction="vertical" size={2}>
      <span>{t(dynamicKey(`enums.status.${row.status as string}`))}</span>
      {on && (
        <Tag color="green" data-testid="schedule-on">
          {t('schedule.on', { time: scheduleText(on) })}
        </Tag>
      )}
      {off && (
        <Tag color="orange" data-testid="schedule-off">
          {t('schedule.off', { time: scheduleText(off) })}
        </Tag>
      )}
    </Space>
  );
}

/**
 * /product-list: the status with its schedule (on a phone, under the name); the specs and add-ons
 * as text (their editors are in form.tsx).
 */
export default {
  cells: {
    status: (_value, row) => <StatusCell row={row} />,
    // The detail's times on China's clock too.
    onSaleAt: (value) => (value ? clockText(new Date(value as string)).slice(0, 16) : '—'),
    offSaleAt: (value) => (value ? clockText(new Date(value as string)).slice(0, 16) : '—'),
    specs: (value) => <SpecsText value={value} />,
    addons: (value) => <AddonsText value={value} />,
  },
  // On a phone, under the name: the status and its schedule's tags, whole (a column of its own
  // there sat under the pinned actions).
  phoneSummary: ({ row }) => (
    <div>
      <StatusCell row={row} />
    </div>
  ),
} satisfies ResourceOverrides;
