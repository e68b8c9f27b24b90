import { CaretDownOutlined, CaretUpOutlined } from '@ant-design/icons';
import { type Key, type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

export interface DataColumn<Row> {
  key: string;
  title: ReactNode;
  dataIndex?: keyof Row & string;
  // biome-ignore lint/suspicious/noExplicitAny: a cell's value is typed by its column's renderer.
  render?: (value: any, row: Row, index: number) => ReactNode;
  width?: number;
  align?: 'left' | 'center' | 'right';
  /** Stays in view at the right edge while the table scrolls sideways (the actions). */
  fixed?: 'right';
  /** The list call's sort key when the column is sortable (from the server's whitelist). */
  sortKey?: string;
  /** Left out on a phone's narrow screen, where the columns that matter keep the width. */
  wide?: boolean;
}

export interface TableSort {
  key: string;
  order: 'asc' | 'desc';
}

export interface DataTableProps<Row> {
  columns: DataColumn<Row>[];
  rows: Row[];
  rowKey: keyof Row & string;
  /** The table's accessible name. */
  label: string;
  loading?: boolean;
  sort?: TableSort;
  onSort?(column: DataColumn<Row>): void;
  /** A checkbox per row and one for the page; the keys of the chosen rows. */
  selection?: { selected: Key[]; onChange(keys: Key[]): void };
  /** Shown in place of the rows when there are none. */
  empty: ReactNode;
  size?: 'small' | 'middle' | 'medium' | 'large';
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

function PageCheckbox({
  checked,
  indeterminate,
  label,
  onChange,
}: {
  checked: boolean;
  indeterminate: boolean;
  label: string;
  onChange(checked: boolean): void;
}) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <input
      ref={ref}
      type="checkbox"
      className="data-table__check"
      checked={checked}
      aria-label={label}
      onChange={(event) => onChange(event.target.checked)}
    />
  );
}

/**
 * The table of a list screen: a plain `<table>` styled with antd's CSS variables, so theme
 * colour, dark mode and the size switch follow. Sorting, paging and filtering are the server's
 * (the screen passes the page's rows); the table shows the sort, takes header clicks and keeps
 * a selection. Nothing is measured in script: a sideways scroll and the pinned right column are
 * CSS, so showing a kept-alive tab again costs no layout pass of the table's own.
 */
export function DataTable<Row>({
  columns,
  rows,
  rowKey,
  label,
  loading = false,
  sort,
  onSort,
  selection,
  empty,
  size = 'middle',
}: DataTableProps<Row>) {
  const { t } = useTranslation();
  const keys = rows.map((row) => row[rowKey] as Key);
  const chosen = new Set(selection?.selected);
  const chosenOnPage = keys.filter((key) => chosen.has(key)).length;
  const span = columns.length + (selection ? 1 : 0);

  function choose(key: Key, on: boolean) {
    if (!selection) return;
    const rest = selection.selected.filter((k) => k !== key);
    selection.onChange(on ? [...rest, key] : rest);
  }

  return (
    <div
      className={`data-table data-table--${size}`}
      aria-busy={loading || undefined}
      data-loading={loading || undefined}
    >
      <div className="data-table__scroll">
        <table aria-label={label}>
          <colgroup>
            {selection && <col style={{ width: 48 }} />}
            {columns.map((column) => (
              <col key={column.key} style={column.width ? { width: column.width } : undefined} />
            ))}
          </colgroup>
          <thead>
            <tr>
              {selection && (
                <th className="data-table__select" scope="col">
                  <PageCheckbox
                    checked={keys.length > 0 && chosenOnPage === keys.length}
                    indeterminate={chosenOnPage > 0 && chosenOnPage < keys.length}
                    label={t('kit.selectPage')}
                    onChange={(on) => selection.onChange(on ? keys : [])}
                  />
                </th>
              )}
              {columns.map((column) => {
                const sorted = !!column.sortKey && sort?.key === column.sortKey;
                return (
                  <th
                    key={column.key}
                    scope="col"
                    className={cellClass(column, sorted)}
                    aria-sort={
                      column.sortKey ? (sorted && sort ? ARIA_SORT[sort.order] : 'none') : undefined
                    }
                  >
                    {column.sortKey && onSort ? (
                      <button
                        type="button"
                        className="data-table__sorter"
                        onClick={() => onSort(column)}
                      >
                        <span>{column.title}</span>
                        <span className="data-table__carets" aria-hidden>
                          <CaretUpOutlined
                            className={sorted && sort?.order === 'asc' ? 'is-on' : undefined}
                          />
                          <CaretDownOutlined
                            className={sorted && sort?.order === 'desc' ? 'is-on' : undefined}
                          />
                        </span>
                      </button>
                    ) : (
                      column.title
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => {
              const key = keys[index] as Key;
              const on = chosen.has(key);
              return (
                <tr key={key} data-row-key={String(key)} aria-selected={selection ? on : undefined}>
                  {selection && (
                    <td className="data-table__select">
                      <input
                        type="checkbox"
                        className="data-table__check"
                        checked={on}
                        aria-label={t('kit.selectRow', { key })}
                        onChange={(event) => choose(key, event.target.checked)}
                      />
                    </td>
                  )}
                  {columns.map((column) => {
                    const value = column.dataIndex ? row[column.dataIndex] : undefined;
                    return (
                      <td
                        key={column.key}
                        className={cellClass(
                          column,
                          !!column.sortKey && sort?.key === column.sortKey,
                        )}
                      >
                        {column.render ? column.render(value, row, index) : (value as ReactNode)}
                      </td>
                    );
                  })}
                </tr>
              );
            })}
            {rows.length === 0 && (
              <tr className="data-table__placeholder">
                <td colSpan={span}>{loading ? null : empty}</td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      {loading && (
        <div className="data-table__loading" role="status">
          <span className="data-table__spinner" />
          <span className="data-table__loading-text">{t('kit.loading')}</span>
        </div>
      )}
    </div>
  );
}

function cellClass(
  column: Pick<DataColumn<unknown>, 'fixed' | 'align' | 'wide'>,
  sorted: boolean,
): string | undefined {
  const names = [
    column.wide && 'data-table__wide',
    column.fixed === 'right' && 'data-table__fixed-right',
    column.align && column.align !== 'left' && `data-table__align-${column.align}`,
    sorted && 'data-table__sorted',
  ].filter(Boolean);
  return names.length ? names.join(' ') : undefined;
}
