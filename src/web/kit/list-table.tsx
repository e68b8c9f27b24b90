import { Table, type TableProps } from 'antd';
import type { ColumnType } from 'antd/es/table';
import {
  type Key,
  type KeyboardEvent,
  lazy,
  type MouseEvent,
  type ReactNode,
  Suspense,
  useEffect,
  useMemo,
  useRef,
} from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A column of a list: antd's column, keyed, with the list's own words for what the kit derives
 * (sort, phone width). Anything else antd's columns take (`onCell` for inline edits,
 * `ellipsis`, `fixed: 'left'`…) passes through.
 */
export type ListColumn<Row> = Omit<
  ColumnType<Row>,
  'key' | 'dataIndex' | 'sorter' | 'sortOrder' | 'responsive' | 'title' | 'render'
> & {
  key: string;
  /** A sortable column's title is text: antd names the header cell by it. */
  title: ReactNode;
  dataIndex?: keyof Row & string;
  // biome-ignore lint/suspicious/noExplicitAny: a cell's value is typed by its column's renderer.
  render?: (value: any, row: Row, index: number) => ReactNode;
  /** The list call's sort key when the column is sortable (from the server's whitelist). */
  sortKey?: string;
  /** Left out below 576 px (a phone), where the columns that matter keep the width. */
  wide?: boolean;
  /** Cannot be hidden in the column choices (e.g. the title or the actions). */
  locked?: boolean;
  /** Shown only once chosen in the column choices (see column-prefs.ts). */
  defaultHidden?: boolean;
  /** The fields the export writes for it, when not its key alone (a price with its stock). */
  exports?: readonly string[];
};

export interface TableSort {
  key: string;
  order: 'asc' | 'desc';
}

/** Moving one row onto another's place by its drag handle; `order` is its siblings' new order. */
export interface RowMove {
  key: Key;
  overKey: Key;
  order: Key[];
}

export interface ListTableProps<Row> {
  columns: ListColumn<Row>[];
  rows: Row[];
  rowKey: keyof Row & string;
  /** The table's accessible name. */
  label: string;
  loading?: boolean;
  sort?: TableSort;
  onSort?(column: ListColumn<Row>): void;
  /** A checkbox per row and one for the page; the keys of the chosen rows. */
  selection?: { selected: Key[]; onChange(keys: Key[]): void };
  /** Shown in place of the rows when there are none. */
  empty: ReactNode;
  /**
   * A drag handle per row (a button: mouse, touch or Space and the arrow keys); a row moves
   * among its siblings. dnd-kit loads with the tables that have it.
   */
  onMove?(move: RowMove): void;
}

const SortableTable = lazy(() => import('./sortable-rows'));

/**
 * The table of a list screen: antd's Table, fed one page by the screen (sort and paging are the
 * server's; antd's own pagination is off). Sortable headers take a press or Enter; the row
 * checkboxes, the page's checkbox and the sort carry accessible names; `wide` columns leave a
 * phone's screen; the table scrolls sideways with the `fixed` columns pinned.
 */
export function ListTable<Row extends object>(props: ListTableProps<Row>) {
  const { t } = useTranslation();
  const { columns, rows, rowKey, sort, onSort, selection, loading = false } = props;

  const tableColumns = useMemo(() => {
    const columnOf = (key: string) => columns.find((c) => c.key === key) as ListColumn<Row>;
    return columns.map(
      ({
        sortKey,
        wide,
        locked: _locked,
        defaultHidden: _hidden,
        exports: _exports,
        ...column
      }): ColumnType<Row> => {
        const sorted = !!sortKey && sort?.key === sortKey;
        return {
          ...column,
          ...(wide ? { responsive: ['sm'] } : {}),
          ...(sortKey
            ? {
                sorter: true,
                sortOrder: sorted ? (sort?.order === 'asc' ? 'ascend' : 'descend') : null,
                // antd sorts on a press or Enter; the screen decides the next sort (antd's own
                // cycle would drop the list's default order), told here which column it was.
                onHeaderCell: (col) => {
                  const cell = column.onHeaderCell?.(col) ?? {};
                  return {
                    ...cell,
                    // antd names only a sorted header's order; a sortable one not sorted says so.
                    ...(sorted ? {} : { 'aria-sort': 'none' as const }),
                    onClick: (event: MouseEvent<HTMLElement>) => {
                      cell.onClick?.(event);
                      onSort?.(columnOf(column.key));
                    },
                    onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
                      cell.onKeyDown?.(event);
                      if (event.key === 'Enter') onSort?.(columnOf(column.key));
                    },
                  };
                },
              }
            : {}),
        };
      },
    );
  }, [columns, sort, onSort]);

  const chosen = useMemo(() => new Set(selection?.selected), [selection?.selected]);
  const rowSelection: TableProps<Row>['rowSelection'] = selection && {
    selectedRowKeys: selection.selected,
    columnWidth: 48,
    onChange: (keys) => selection.onChange(keys),
    getTitleCheckboxProps: () => ({ 'aria-label': t('kit.selectPage') }),
    getCheckboxProps: (row) => ({
      'aria-label': t('kit.selectRow', { key: row[rowKey] }),
    }),
  };

  // rc-table puts aria attributes on the <table>.
  const table: TableProps<Row> & { 'aria-label': string } = {
    'aria-label': props.label,
    rowKey: rowKey as string,
    columns: tableColumns,
    dataSource: rows,
    pagination: false,
    scroll: { x: 'max-content' },
    showSorterTooltip: false,
    // The spinner only when the wait is long enough to notice; no "empty" under it meanwhile.
    loading: { spinning: loading, delay: 150 },
    locale: { emptyText: loading ? <div style={{ height: 120 }} /> : props.empty },
    rowSelection,
    onRow: selection
      ? (row) => ({ 'aria-selected': chosen.has(row[rowKey] as Key) }) as object
      : undefined,
  };

  if (props.onMove) {
    const plain = <Table<Row> {...table} />;
    return (
      // Until dnd-kit is in, the rows show without their handles.
      <KeyboardScroll>
        <Suspense fallback={plain}>
          <SortableTable
            table={table as TableProps<object>}
            rowKey={rowKey as never}
            onMove={props.onMove}
          />
        </Suspense>
      </KeyboardScroll>
    );
  }
  return (
    <KeyboardScroll>
      <Table<Row> {...table} />
    </KeyboardScroll>
  );
}

/**
 * A table wider than its box scrolls sideways: its scrolling box then takes the keyboard's focus
 * (Tab, then the arrow keys), as a table of rows without a link or button in them (an empty
 * list's wide header) could not be scrolled otherwise (WCAG 2.1.1; axe's scrollable-region rule).
 */
function KeyboardScroll({ children }: { children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const mark = () => {
      for (const scroller of element.querySelectorAll<HTMLElement>(
        '.ant-table-content, .ant-table-body',
      )) {
        if (scroller.scrollWidth > scroller.clientWidth) scroller.tabIndex = 0;
        else scroller.removeAttribute('tabindex');
      }
    };
    mark();
    const observer = new ResizeObserver(mark);
    observer.observe(element);
    for (const table of element.querySelectorAll('table')) observer.observe(table);
    return () => observer.disconnect();
  });
  return <div ref={box}>{children}</div>;
}
