import { Button } from 'antd';
import { type CSSProperties, type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type FieldDef,
  fieldEntries,
  inList,
  listedWith,
  type ResourceDef,
} from '../../shared/resource';
import { areaNamespaces, dynamicKey } from '../i18n/keys';
import { ViewLink } from './cached-view';
import type { ListColumn } from './list-screen';
import type { Display } from './resource-display';
import type { ResourceRowHandlers } from './resource-list-state';
import { type ResourceOverrides, type ResourceRow as Row, shownValue } from './resource-overrides';
import { ResourceRowActions, rowActionsWidth } from './resource-row-actions';

/** A title cell: one line, cut with an ellipsis past its width and named in full by its title. */
const TITLE_STYLE: CSSProperties = {
  display: 'inline-block',
  maxWidth: 320,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  verticalAlign: 'bottom',
};

/** A cell's padding, left and right (antd's table). */
const CELL_PADDING = 32;

/** Kinds whose cell wraps inside its width rather than being cut (a row of tags). */
const WRAPS = new Set(['tags', 'references']);

/** Empty: a line under a cell's value that says nothing is left out. */
const isEmpty = (value: unknown) =>
  value === null || value === undefined || value === '' || (Array.isArray(value) && !value.length);

/** A cell's line: cut with an ellipsis past the cell's width, and named in full when it is text. */
function CellLine({
  children,
  under,
  wrap,
}: {
  children: ReactNode;
  under?: boolean;
  wrap?: boolean;
}) {
  const text = typeof children === 'string' || typeof children === 'number' ? String(children) : '';
  return (
    <div
      className={`list-cell__line${under ? ' list-cell__under' : ''}${wrap ? ' list-cell__wrap' : ''}`}
      title={text || undefined}
    >
      {children}
    </div>
  );
}

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
  const { t } = useTranslation(areaNamespaces(resource.name));
  return useMemo<ListColumn<Row>[]>(() => {
    const { allOf, variantLabel, titleOf: rowTitle, rowPath, setViewing } = handlers;
    const fields = fieldEntries(resource);
    const joinedFields = listedWith(resource);
    const cellOf = (key: string, f: FieldDef) => (value: unknown, row: Row) =>
      overrides.cells?.[key]?.(value, row) ??
      // A list shows a row's first image; its detail shows them all.
      (f.kind === 'images' && Array.isArray(value)
        ? display(key, { ...f, kind: 'image' }, value[0])
        : display(key, f, shownValue(key, f, row)));
    /**
     * The lines under a cell's value: its `listWith` fields, each named before its value (the
     * area's own cell as it is), the empty ones left out.
     */
    const joinedLines = (f: FieldDef, row: Row) =>
      (f.listWith ?? []).flatMap((key) => {
        const joined = resource.fields[key] as FieldDef;
        const value = shownValue(key, joined, row);
        const own = overrides.cells?.[key]?.(row[key], row);
        // A line that would say only "—" (nothing there) is left out.
        if (own === '—') return [];
        if (own === undefined || own === null) {
          if (isEmpty(value)) return [];
          return [
            <CellLine key={key} under wrap={WRAPS.has(joined.kind)}>
              {`${t(dynamicKey(`fields.${key}`))} ${display(key, joined, value)}`}
            </CellLine>,
          ];
        }
        return [
          <CellLine key={key} under>
            {own}
          </CellLine>,
        ];
      });
    /** A column's title: its field's name, and those shown with it (售价 / 库存). */
    const titleOf = (key: string, f: FieldDef) =>
      [key, ...(f.listWith ?? [])].map((k) => t(dynamicKey(`fields.${k}`))).join(' / ');
    /** What the export writes for a column: its field and those shown with it. */
    const exportsOf = (key: string, f: FieldDef) =>
      f.listWith?.length ? [key, ...f.listWith] : undefined;
    const Summary = phone ? overrides.phoneSummary : undefined;
    const phoneFields = Summary
      ? []
      : (overrides.phoneColumns ?? [
          fields.find(([key, f]) => inList(f) && f.kind === 'enum' && key)?.[0],
        ]);
    const list = fields
      // A screen of one variant value leaves its field out; the screen over every value names it.
      // A field shown in another's cell is not a column of its own.
      .filter(([key, f]) =>
        key === allOf
          ? true
          : inList(f) && key !== resource.variants?.field && !joinedFields.has(key),
      )
      .map(([key, f]): ListColumn<Row> => {
        if (key === allOf)
          return {
            key,
            title: t(dynamicKey(`fields.${key}`)),
            dataIndex: key,
            width: 140,
            sortKey: f.sortable ? key : undefined,
            render: (value: unknown) => variantLabel(value),
          };
        const width = typeof f.list === 'number' ? f.list : undefined;
        const title = titleOf(key, f);
        const common = {
          key,
          title,
          dataIndex: key,
          sortKey: f.sortable ? key : undefined,
          defaultHidden: f.listHidden,
          exports: exportsOf(key, f),
        };
        if (key === resource.titleField) {
          const titleStyle = width
            ? { ...TITLE_STYLE, maxWidth: width - CELL_PADDING }
            : TITLE_STYLE;
          return {
            ...common,
            locked: true,
            render: (_value: unknown, row: Row) => {
              const text = rowTitle(row);
              const path = rowPath(row);
              // Cut with CSS and named in full by the title attribute: nothing measures the rows.
              const link = path ? (
                <ViewLink to={path} title={text} style={{ ...titleStyle, fontWeight: 600 }}>
                  {text}
                </ViewLink>
              ) : (
                <Button
                  type="link"
                  title={text}
                  style={{ ...titleStyle, padding: 0 }}
                  onClick={() => setViewing(row)}
                >
                  {text}
                </Button>
              );
              if (Summary)
                return (
                  <div style={{ minWidth: 0 }}>
                    {link}
                    <Summary row={row} />
                  </div>
                );
              const lines = joinedLines(f, row);
              return lines.length > 0 ? (
                <div className="list-cell" style={{ maxWidth: titleStyle.maxWidth }}>
                  {link}
                  {lines}
                </div>
              ) : (
                link
              );
            },
          };
        }
        const render = cellOf(key, f);
        return {
          ...common,
          width,
          wide: !phoneFields.includes(key),
          align: f.kind === 'money' || f.kind === 'integer' ? 'right' : undefined,
          // A column of a set width keeps to it: its lines cut with an ellipsis (or, a row of
          // tags, wrapped), so that the columns a list shows fit beside its pinned actions.
          // Images keep their own size (and their focus ring, which a cut would hide).
          render:
            width && f.kind !== 'image' && f.kind !== 'images'
              ? (value: unknown, row: Row) => (
                  <div className="list-cell" style={{ maxWidth: width - CELL_PADDING }}>
                    <CellLine wrap={WRAPS.has(f.kind)}>{render(value, row)}</CellLine>
                    {joinedLines(f, row)}
                  </div>
                )
              : (value: unknown, row: Row) => {
                  const lines = joinedLines(f, row);
                  return lines.length > 0 ? (
                    <div className="list-cell">
                      <CellLine>{render(value, row)}</CellLine>
                      {lines}
                    </div>
                  ) : (
                    render(value, row)
                  );
                },
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
