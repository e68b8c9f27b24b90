import { useQuery } from '@tanstack/react-query';
import { Alert, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { unitPriceOf } from '../../../shared/house';
import { request } from '../../api/request';
import { ViewLink } from '../../kit/cached-view';
import type { FormOverrides, ResourceRow } from '../../kit/resource-overrides';

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

/**
 * The merchant's other listings of the same place (community, building, unit, floor, area), as
 * they are typed: a warning before saving, with a link to each.
 */
function Duplicates({ row }: { row: ResourceRow | null }) {
  const { t } = useTranslation('second-hand-house');
  const form = Form.useFormInstance();
  const place = {
    community: String(Form.useWatch('community', form) ?? '').trim(),
    building: String(Form.useWatch('building', form) ?? '').trim(),
    unit: String(Form.useWatch('unit', form) ?? '').trim(),
    floor: Number(Form.useWatch('floor', form) ?? Number.NaN),
    area: String(Form.useWatch('area', form) ?? '').trim(),
  };
  const complete =
    place.community !== '' &&
    Number.isInteger(place.floor) &&
    /^\d{1,8}(\.\d{1,2})?$/.test(place.area);
  const found = useQuery({
    queryKey: ['/admin/second-hand-house', 'duplicates', place, row?.id],
    queryFn: () =>
      request<{ id: number; title: string }[]>('/admin/second-hand-house/duplicates', {
        ...place,
        ...(row ? { id: row.id } : {}),
      }),
    enabled: complete,
    staleTime: 10_000,
  });
  if (!complete || !found.data?.length) return null;
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="duplicates"
      style={{ marginBottom: 24 }}
      message={t('duplicates')}
      description={found.data.map((d) => (
        <div key={d.id}>
          <ViewLink to={`/second-hand-house-store?id=${d.id}`}>{d.title}</ViewLink>
        </div>
      ))}
    />
  );
}

function FormSection({ row }: { row: ResourceRow | null }) {
  return (
    <>
      <UnitPrice />
      <Duplicates row={row} />
    </>
  );
}

/** /second-hand-house-store: the unit price as it is worked out, and a warning of duplicates. */
export default {
  sections: { form: FormSection },
} satisfies FormOverrides;
