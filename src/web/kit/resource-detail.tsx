import { useQuery } from '@tanstack/react-query';
import { Descriptions, type DescriptionsProps, Grid } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type FieldDef, fieldEntries, inDetail, type ResourceDef } from '../../shared/resource';
import { request } from '../api/request';
import { areaNamespaces, dynamicKey } from '../i18n/keys';
import { type ResourceOverrides, type ResourceRow, shownValue } from './resource-overrides';

/**
 * A row's detail in the drawer: its detail fields, each read as in its list cell, and the
 * resource's own section. Loaded when a drawer first opens, not with the list. Shown at once from
 * the list's row, then read again (and again whenever the list is: a move or a refund made in
 * the drawer shows there). On a phone each label stands above its value, which then has the
 * drawer's whole width (a table or a long remark in a value no longer squeezes a label into a
 * character a line).
 */
export default function ResourceDetail({
  resource,
  overrides = {},
  row: listed,
  display,
}: {
  resource: ResourceDef;
  overrides?: ResourceOverrides;
  row: ResourceRow;
  display(key: string, field: FieldDef, value: unknown): ReactNode;
}) {
  const { t } = useTranslation(areaNamespaces(resource.name));
  const phone = Grid.useBreakpoint().sm === false;
  const layout: DescriptionsProps = phone
    ? { layout: 'vertical' }
    : { styles: { label: { whiteSpace: 'nowrap' } } };
  const endpoint = `/admin/${resource.name}`;
  const variant = resource.variants?.field;
  const { data: row } = useQuery({
    queryKey: [endpoint, 'detail', listed.id],
    queryFn: () =>
      request<ResourceRow>(`${endpoint}/detail`, {
        id: listed.id,
        ...(variant ? { [variant]: listed[variant] } : {}),
      }),
    initialData: listed,
    enabled: resource.actions.includes('detail'),
  });
  const Section = overrides.sections?.detail;
  const Top = overrides.sections?.detailTop;
  const item = ([key, f]: [string, FieldDef]) => (
    <Descriptions.Item key={key} label={t(dynamicKey(`fields.${key}`))}>
      {overrides.cells?.[key]?.(row[key], row) ?? display(key, f, shownValue(key, f, row))}
    </Descriptions.Item>
  );
  const detailFields = fieldEntries(resource).filter(([, f]) => inDetail(f));
  return (
    <>
      {Top && <Top row={row} />}
      {overrides.detailGroups ? (
        overrides.detailGroups(row).map((group) => {
          const fields = detailFields.filter(
            ([key]) =>
              group.fields.includes(key) &&
              row[key] !== null &&
              row[key] !== undefined &&
              row[key] !== '',
          );
          return fields.length === 0 ? null : (
            <section key={group.key} data-testid={`detail-${group.key}`}>
              <Descriptions
                title={t(dynamicKey(`sections.${group.key}`))}
                column={1}
                bordered
                size="small"
                style={{ marginTop: 16 }}
                // One label width in every group: their values line up down the drawer.
                {...(phone ? layout : { styles: { label: { width: 128 } } })}
              >
                {fields
                  .sort(([a], [b]) => group.fields.indexOf(a) - group.fields.indexOf(b))
                  .map(item)}
              </Descriptions>
            </section>
          );
        })
      ) : (
        <Descriptions column={1} bordered size="small" {...layout}>
          {detailFields.map(item)}
        </Descriptions>
      )}
      {Section && <Section row={row} />}
    </>
  );
}
