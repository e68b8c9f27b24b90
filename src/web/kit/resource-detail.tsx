import { Descriptions } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type FieldDef, fieldEntries, inDetail, type ResourceDef } from '../../shared/resource';
import { type ResourceOverrides, type ResourceRow, shownValue } from './resource-overrides';

/**
 * A row's detail in the drawer: its detail fields, each read as in its list cell, and the
 * resource's own section. Loaded when a drawer first opens, not with the list.
 */
export default function ResourceDetail({
  resource,
  overrides = {},
  row,
  display,
}: {
  resource: ResourceDef;
  overrides?: ResourceOverrides;
  row: ResourceRow;
  display(key: string, field: FieldDef, value: unknown): ReactNode;
}) {
  const { t } = useTranslation(resource.name);
  const Section = overrides.sections?.detail;
  return (
    <>
      <Descriptions column={1} bordered size="small">
        {fieldEntries(resource)
          .filter(([, f]) => inDetail(f))
          .map(([key, f]) => (
            <Descriptions.Item key={key} label={t(`fields.${key}`)}>
              {overrides.cells?.[key]?.(row[key], row) ?? display(key, f, shownValue(key, f, row))}
            </Descriptions.Item>
          ))}
      </Descriptions>
      {Section && <Section row={row} />}
    </>
  );
}
