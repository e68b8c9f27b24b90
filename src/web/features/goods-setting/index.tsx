import { Alert, Form, InputNumber, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listingPrice } from '../../../shared/listing-price';
import { currencyOfSite } from '../../../shared/marketplace';
import type { ResourceOverrides } from '../../kit/resource-overrides';
import { FetchedAt, FetchRateBulk, onRateSaved, RateInput, RowFetchRate } from './exchange-rate';

/** The formula worked on a cost the merchant types, as the form changes. */
function WorkedExample() {
  const { t } = useTranslation('goods-setting');
  const form = Form.useFormInstance();
  const values = Form.useWatch([], form) as Record<string, unknown> | undefined;
  const [cost, setCost] = useState<string>('100');
  const price = listingPrice(cost, {
    exchangeRate: String(values?.exchangeRate ?? ''),
    markupPercent: String(values?.markupPercent ?? ''),
    fixedFee: String(values?.fixedFee ?? ''),
    endIn99: !!values?.endIn99,
  });
  return (
    <Alert
      type="info"
      style={{ marginBottom: 24 }}
      message={t('example.title')}
      description={
        <Space wrap>
          <span>{t('example.cost')}</span>
          <InputNumber
            aria-label={t('example.cost')}
            stringMode
            precision={2}
            min="0"
            value={cost}
            onChange={(value) => setCost(String(value ?? '0'))}
          />
          <span>→ {t('example.price')}</span>
          <strong data-testid="worked-price">
            {price
              ? `${price} ${values?.site ? currencyOfSite(String(values.site)) : String(values?.currency ?? '')}`
              : t('example.none')}
          </strong>
        </Space>
      }
    />
  );
}

/**
 * Listing settings: the price formula worked out under the form; the day's exchange rate fetched
 * (获取汇率) in the form, from a row or for the chosen rows, and when it was (exchange-rate.tsx).
 */
export default {
  sections: { form: WorkedExample },
  fields: { exchangeRate: RateInput },
  cells: { rateFetchedAt: (value) => <FetchedAt value={value} /> },
  rowActions: { render: RowFetchRate, width: 80 },
  bulk: FetchRateBulk,
  onSaved: onRateSaved,
} satisfies ResourceOverrides;
