import { Radio, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { dynamicKey } from '../../i18n/keys';
import type { FieldControl, ResourceOverrides } from '../../kit/resource-overrides';

/** Published or draft, as two buttons side by side. */
const StatusChoice: FieldControl = ({ value, onChange }) => {
  const { t } = useTranslation('article');
  return (
    <Radio.Group
      optionType="button"
      value={value}
      onChange={(event) => onChange?.(event.target.value)}
      options={(['draft', 'published'] as const).map((status) => ({
        value: status,
        label: t(`enums.status.${status}`),
      }))}
    />
  );
};

function StatusTag({ status }: { status: string }) {
  const { t } = useTranslation('article');
  return (
    <Tag color={status === 'published' ? 'green' : 'default'}>
      {t(dynamicKey(`enums.status.${status}`))}
    </Tag>
  );
}

/** Articles: the status as a coloured tag in the list, and as two buttons in the form. */
export default {
  cells: { status: (value) => <StatusTag status={String(value)} /> },
  fields: { status: StatusChoice },
} satisfies ResourceOverrides;
