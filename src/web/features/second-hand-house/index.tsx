import { Alert, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { unitPriceOf } from '../../../shared/house';
import type { ResourceOverrides } from '../../kit/resource-overrides';

/** The unit price the server will write, worked out as the total and the area are typed. */
function UnitPrice() {
  const { t } = useTranslation('second-hand-house');
  const form = Form.useFormInstance();
  const total = Form.useWatch('totalPrice', form) as unknown;
  const area = Form.useWatch('area', form) as unknown;
  const price = unitPriceOf(total, area);
  if (!price) return null;
  return (
    <Alert
      type="info"
      showIcon
      data-testid="unit-price"
      style={{ marginBottom: 24 }}
      message={t('unitPricePreview', {
        price: Number(price).toLocaleString('zh-CN', { maximumFractionDigits: 0 }),
      })}
    />
  );
}

/** /second-hand-house: the form shows the unit price as it is worked out. */
export default {
  sections: { form: UnitPrice },
  phoneColumns: ['status', 'totalPrice'],
} satisfies ResourceOverrides;
