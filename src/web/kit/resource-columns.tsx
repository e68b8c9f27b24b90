import { Button } from 'antd';
import { type CSSProperties, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type FieldDef, fieldEntries, inList, type ResourceDef } from '../../shared/resource';
import { ViewLink } from './cached-view';
import type { ListColumn } from './list-screen';
import type { Display } from './resource-display';
import type { ResourceRowHandlers } from './resource-list-state';
import { type ResourceOverrides, type ResourceRow as Row, shownValue } from './resource-overrides';
import { ResourceRowActions, rowActionsWidth } from './resource-row-actions';

/** A title cell: one line, cut with an ellipsis past 320 px and named in full by its title. */
const TITLE_STYLE: CSSProperties = {
  display: 'inline-block',
  maxWidth: 320,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  verticalAlign: 'bottom',
};

/**
 * A resource list's columns: its list fields (the title opening the row, the variant's name on
 * the screen over every value), then the row actions. On a phone: the title, the first choice
 * (a status, a gender) or the area's `phoneColumns`, and the actions.
 */
export function useResourceColumns({
  resource,
  overrides,
  handlers,
  display,
  phone,
}: {
  resource: ResourceDef;
  overrides: ResourceOverrides;
  handlers: ResourceRowHandlers;
  display: Display;
  phone: boolean;
}) {
  const { t } = useTranslation(resource.name);
  return useMemo<ListColumn<Row>[]>(() => {
    const { allOf, variantLabel, titleOf, rowPath, setViewing } = handlers;
    const fields = fieldEntries(resource);
    const cellOf = (key: string, f: FieldDef) => (value: unknown, row: Row) =>
      overrides.cells?.[key]?.(value, row) ?? display(key, f, shownValue(key, f, row));
    const Summary = phone ? overrides.phoneSummary : undefined;
    const phoneFields = Summary
      ? []
      : (overrides.phoneColumns ?? [
          fields.find(([key, f]) => inList(f) && f.kind === 'enum' && key)?.[0],
        ]);
    const list = fields
      // A screen of one variant value leaves its field out; the screen over every value names it.
      .filter(([key, f]) => (key === allOf ? true : inList(f) && key !== resource.variants?.field))
      .map(([key, f]): ListColumn<Row> => {
        if (key === allOf)
          return {
            key,
            title: t(`fields.${key}`),
            dataIndex: key,
            width: 140,
            sortKey: f.sortable ? key : undefined,
            render: (value: unknown) => variantLabel(value),
          };
        const width = typeof f.list === 'number' ? f.list : undefined;
        const title = t(`fields.${key}`);
        if (key === resource.titleField)
          return {
            key,
            title,
            dataIndex: key,
            sortKey: f.sortable ? key : undefined,
            locked: true,
            render: (_value: unknown, row: Row) => {
              const text = titleOf(row);
              const path = rowPath(row);
              // Cut with CSS and named in full by the title attribute: nothing measures the rows.
              const link = path ? (
                <ViewLink to={path} title={text} style={{ ...TITLE_STYLE, fontWeight: 600 }}>
                  {text}
                </ViewLink>
              ) : (
                <Button
                  type="link"
                  title={text}
                  style={{ ...TITLE_STYLE, padding: 0 }}
                  onClick={() => setViewing(row)}
                >
                  {text}
                </Button>
              );
              return Summary ? (
                <div style={{ minWidth: 0 }}>
                  {link}
                  <Summary row={row} />
                </div>
              ) : (
                link
              );
            },
          };
        return {
          key,
          title,
          dataIndex: key,
          width,
          wide: !phoneFields.includes(key),
          sortKey: f.sortable ? key : undefined,
          align: f.kind === 'money' || f.kind === 'integer' ? 'right' : undefined,
          render: cellOf(key, f),
        };
      });
    list.push({
      key: 'actions',
      title: t('translation:kit.actions'),
      // On a phone a row's actions open from one button: pinned at their desktop width they
      // would cover the title.
      width: rowActionsWidth(resource, overrides, phone),
      locked: true,
      fixed: 'right',
      render: (_: unknown, row: Row) => (
        <ResourceRowActions
          resource={resource}
          overrides={overrides}
          handlers={handlers}
          row={row}
          phone={phone}
        />
      ),
    });
    return list;
  }, [t, overrides, display, resource, handlers, phone]);
}
