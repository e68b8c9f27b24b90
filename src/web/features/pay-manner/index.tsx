import { Form, Input } from 'antd';
import type { ComponentProps } from 'react';
import {
  type PayMannerKind,
  PROVIDER_KINDS,
  SECRET_MAX,
} from '../../../shared/resources/pay-manner';
import type { FieldControl, ResourceOverrides } from '../../kit/resource-overrides';

const isProvider = (kind: unknown) => PROVIDER_KINDS.includes(kind as PayMannerKind);

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

/**
 * /pay-manner: WeChat Pay and Alipay take live payments with the merchant's own ids and keys,
 * asked of them only (WeChat Pay's certificate serial, APIv3 key and public key only of it).
 */
export default {
  cells: {
    mchId: (value) => (value ? String(value) : '—'),
    appId: (value) => (value ? String(value) : '—'),
  },
  fields: {
    mchId: ProviderInput,
    appId: ProviderInput,
    secret: SecretInput,
  },
  phoneColumns: ['kind'],
} satisfies ResourceOverrides;
