import { Space, Tag, Typography } from 'antd';
import { formatPriceDelta } from '../../../shared/format';
import type { ResourceOverrides } from '../../kit/resource-overrides';
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

/** /product-list: the specs as text (their editor is in form.tsx). */
export default {
  cells: { specs: (value) => <SpecsText value={value} /> },
} satisfies ResourceOverrides;
