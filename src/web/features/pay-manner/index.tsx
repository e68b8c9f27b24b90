import { Alert, Form, Input, Select, Space, Tag, Tooltip } from 'antd';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import {
  PAY_MANNER_KINDS,
  type PayMannerKind,
  PROVIDER_KINDS,
} from '../../../shared/resources/pay-manner';
import type { FieldControl, ResourceOverrides } from '../../kit/resource-overrides';

const isProvider = (kind: unknown) => PROVIDER_KINDS.includes(kind as PayMannerKind);

/** The kind, and under it, for WeChat Pay and Alipay, that this product cannot take them live. */
const KindSelect: FieldControl = ({ value, onChange, id }) => {
  const { t } = useTranslation('pay-manner');
  return (
    <>
      <Select
        id={id}
        style={{ maxWidth: 240 }}
        value={value}
        onChange={onChange}
        options={PAY_MANNER_KINDS.map((kind) => ({ value: kind, label: t(`enums.kind.${kind}`) }))}
      />
      {isProvider(value) && (
        <Alert
          type="warning"
          showIcon
          style={{ marginTop: 8 }}
          message={t('notLive', { kind: t(`enums.kind.${String(value)}`) })}
        />
      )}
    </>
  );
};

/** A provider's setting: asked only of WeChat Pay and Alipay (others pay without one). */
function ProviderInput({
  value,
  onChange,
  id,
  secret,
}: ComponentProps<FieldControl> & { secret?: boolean }) {
  const form = Form.useFormInstance();
  const kind = Form.useWatch('kind', form);
  const Control = secret ? Input.Password : Input;
  return (
    <Control
      id={id}
      value={value as string | undefined}
      onChange={(event) => onChange?.(event.target.value)}
      disabled={!isProvider(kind)}
      maxLength={secret ? 128 : 32}
      autoComplete={secret ? 'new-password' : 'off'}
    />
  );
}
const SecretInput: FieldControl = (props) => <ProviderInput {...props} secret />;

function Kind({ value }: { value: unknown }) {
  const { t } = useTranslation('pay-manner');
  const label = t(`enums.kind.${String(value)}`);
  return (
    <Space size={4}>
      {label}
      {isProvider(value) && (
        <Tooltip title={t('notLive', { kind: label })}>
          <Tag color="warning">{t('notLiveShort')}</Tag>
        </Tooltip>
      )}
    </Space>
  );
}

/** /pay-manner: WeChat Pay and Alipay say they are not connected here; their ids only for them. */
export default {
  cells: {
    kind: (value) => <Kind value={value} />,
    mchId: (value) => (value ? String(value) : '—'),
    appId: (value) => (value ? String(value) : '—'),
  },
  fields: {
    kind: KindSelect,
    mchId: ProviderInput,
    appId: ProviderInput,
    secret: SecretInput,
  },
  phoneColumns: ['kind'],
} satisfies ResourceOverrides;
