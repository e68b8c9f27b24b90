import { Alert, Form, Input, Select, Space, Tag, Tooltip } from 'antd';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CONNECTED_KINDS,
  PAY_MANNER_KINDS,
  type PayMannerKind,
  PROVIDER_KINDS,
  SECRET_MAX,
} from '../../../shared/resources/pay-manner';
import type { FieldControl, ResourceOverrides } from '../../kit/resource-overrides';

const isProvider = (kind: unknown) => PROVIDER_KINDS.includes(kind as PayMannerKind);
/** A provider this product takes no live payments with (WeChat Pay; Alipay it does). */
const notLive = (kind: unknown) =>
  isProvider(kind) && !CONNECTED_KINDS.includes(kind as PayMannerKind);

/** The kind, and under it, for WeChat Pay, that this product cannot take it live. */
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
      {notLive(value) && (
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
      maxLength={secret ? SECRET_MAX : 32}
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
      {notLive(value) && (
        <Tooltip title={t('notLive', { kind: label })}>
          <Tag color="warning">{t('notLiveShort')}</Tag>
        </Tooltip>
      )}
    </Space>
  );
}

/**
 * /pay-manner: WeChat Pay says it is not connected here; Alipay takes live payments with the
 * merchant's app id and keys. Their ids are asked of them only.
 */
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
