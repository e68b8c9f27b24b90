import {
  DeleteOutlined,
  DownloadOutlined,
  ReloadOutlined,
  SettingOutlined,
  UndoOutlined,
} from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Checkbox,
  Empty,
  Pagination,
  type PaginationProps,
  Popover,
  Space,
  Tooltip,
} from 'antd';
import {
  cloneElement,
  type Key,
  lazy,
  type ReactElement,
  type ReactNode,
  Suspense,
  useMemo,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { type ListResult, PAGE_SIZES } from '../../shared/paging';
import { request } from '../api/request';
import { RefetchWhenShown } from './cached-view';
import { useColumnPrefs } from './column-prefs';
import { downloadFile } from './export-file';
import { LazyResult } from './lazy-result';
import { ListFilters } from './list-filters';
import { type ListFilter, listCall, listQueryKey, nextSort, useListState } from './list-state';
import { type ListColumn, ListTable, type ListTableProps } from './list-table';
import { totalText } from './list-total';
import './list-screen.css';

// Shown only while an export runs: loaded then, not with every list.
const Progress = lazy(() => import('antd/es/progress'));

export type { ListColumn, RowMove } from './list-table';

export interface ListScreenProps<Row> {
  /** Identifies the screen for remembered column choices. */
  id: string;
  /** What the list is (its table's accessible name), e.g. the screen's title. */
  title: string;
  /** The area's base path: `${endpoint}/list`, `/delete`, `/export`. */
  endpoint: string;
  /** Filters given by the route, not the user (e.g. the article type). */
  fixed?: Record<string, unknown>;
  /** The filter bar; each filter's name is a list param. */
  filters?: ListFilter[];
  /** The server's default sort (shown when the URL names none). */
  defaultSort: string;
  defaultOrder?: 'asc' | 'desc';
  columns: ListColumn<Row>[];
  /** Buttons on the right of the toolbar (e.g. Add). */
  toolbar?: ReactNode;
  canDelete?: boolean;
  canExport?: boolean;
  /** Actions on the chosen rows besides delete (e.g. publish), each a button of the toolbar. */
  bulkActions?: { key: string; label: string; run(ids: Key[]): Promise<unknown> }[];
  /** An area's own controls for the chosen rows (a dialog that asks for more), after those. */
  bulkExtra?: (selected: Key[], clear: () => void) => ReactNode;
  /**
   * The area's own question before a delete, when the rows take more with them (a goods' live
   * listings); none: the generic one.
   */
  deleteQuestion?(ids: Key[]): Promise<string | undefined>;
  /** While a row shown waits on someone outside (see ResourceOverrides.waiting), the list refreshes. */
  waiting?(row: Row): boolean;
  /** What else the table does for the areas: row drag. */
  table?: Pick<ListTableProps<Row>, 'onMove'>;
}

/** How often a list with a row waiting on someone outside asks again. */
const WAITING_REFRESH_MS = 2000;

const PAGER_LABELS = {
  page: 'kit.pageN',
  prev: 'kit.prevPage',
  next: 'kit.nextPage',
  'jump-prev': 'kit.back5',
  'jump-next': 'kit.on5',
} as const;

/**
 * The list screen of every business area: filters, server-side sort and pagination with the
 * state in the URL, remembered columns, selection with bulk delete, export with progress, and
 * empty, loading and error states.
 */
export function ListScreen<Row extends { id: number }>(props: ListScreenProps<Row>) {
  const { t, i18n } = useTranslation();
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const fixed = props.fixed ?? {};
  const { filters = [], columns, defaultSort, defaultOrder } = props;
  const spec = useMemo(
    () => ({
      filters,
      sorts: columns.flatMap((column) => (column.sortKey ? [column.sortKey] : [])),
      defaultSort,
      defaultOrder,
    }),
    [filters, columns, defaultSort, defaultOrder],
  );
  const { state, defaults, update } = useListState(spec, fixed);
  const [selected, setSelected] = useState<Key[]>([]);
  const [exporting, setExporting] = useState<number | null>(null);
  const [running, setRunning] = useState<string | null>(null);

  const queryKey = listQueryKey(props.endpoint, state);
  const list = useQuery({
    queryKey,
    queryFn: ({ signal }) =>
      request<ListResult<Row>>(
        `${props.endpoint}/list`,
        listCall(queryClient, props.endpoint, state),
        { signal },
      ),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      props.waiting && query.state.data?.items.some(props.waiting) ? WAITING_REFRESH_MS : false,
  });

  const remove = useMutation({
    mutationFn: (ids: Key[]) =>
      request<{ deleted: number }>(`${props.endpoint}/delete`, { ...fixed, ids }),
    onSuccess: (result) => {
      void message.success(t('kit.deleted', { count: result?.deleted ?? selected.length }));
      setSelected([]);
      void queryClient.invalidateQueries({ queryKey: [props.endpoint] });
    },
  });

  async function confirmDelete(ids: Key[]) {
    const own = await props.deleteQuestion?.(ids).catch(() => undefined);
    modal.confirm({
      title: t('kit.deleteTitle'),
      content: own ?? t('kit.deleteConfirm', { count: ids.length }),
      okText: t('kit.delete'),
      okButtonProps: { danger: true },
      cancelText: t('kit.cancel'),
      onOk: () => remove.mutateAsync(ids).catch(() => {}),
    });
  }

  async function exportAll() {
    setExporting(0);
    const { page: _page, pageSize: _size, ...filter } = state;
    try {
      // What the list shows: its filters and order, its visible columns, in the UI's language
      // and the browser's time zone.
      const body = {
        ...filter,
        columns: shown.flatMap((column) => column.exports ?? [column.key]),
        lang: i18n.language === 'en' ? 'en' : 'zh',
        tz: new Date().getTimezoneOffset(),
      };
      await downloadFile(`${props.endpoint}/export`, body, (received) => setExporting(received));
    } catch (err) {
      void message.error(err instanceof Error ? err.message : String(err));
    } finally {
      setExporting(null);
    }
  }

  const keys = useMemo(() => props.columns.map((c) => c.key), [props.columns]);
  const hiddenByDefault = useMemo(
    () => props.columns.filter((c) => c.defaultHidden).map((c) => c.key),
    [props.columns],
  );
  const { prefs, save, reset } = useColumnPrefs(props.id, keys, hiddenByDefault);
  const shown = prefs.order
    .filter((key) => !prefs.hidden.includes(key))
    .map((key) => props.columns.find((c) => c.key === key))
    .filter((c): c is ListColumn<Row> => !!c);

  function search(values: Record<string, unknown>) {
    setSelected([]);
    update({ ...values, page: 1 });
  }

  /** Clears the filters; the page size and the sort are the user's choices and stay. */
  function resetFilters() {
    setSelected([]);
    update({ ...Object.fromEntries(filters.map((f) => [f.name, undefined])), page: 1 });
  }

  const columnSettings = (
    <div style={{ minWidth: 180 }}>
      {prefs.order.map((key, index) => {
        const column = props.columns.find((c) => c.key === key);
        if (!column) return null;
        const move = (delta: number) => {
          const order = [...prefs.order];
          const [item] = order.splice(index, 1);
          order.splice(index + delta, 0, item as string);
          save({ ...prefs, order });
        };
        return (
          <div
            key={key}
            style={{ display: 'flex', alignItems: 'center', gap: 4, padding: '2px 0' }}
          >
            <Checkbox
              style={{ flex: 1 }}
              checked={!prefs.hidden.includes(key)}
              disabled={column.locked}
              onChange={(event) =>
                save({
                  ...prefs,
                  hidden: event.target.checked
                    ? prefs.hidden.filter((k) => k !== key)
                    : [...prefs.hidden, key],
                })
              }
            >
              {column.title as ReactNode}
            </Checkbox>
            <Button
              size="small"
              type="text"
              disabled={index === 0}
              onClick={() => move(-1)}
              aria-label={t('kit.moveUp')}
            >
              ↑
            </Button>
            <Button
              size="small"
              type="text"
              disabled={index === prefs.order.length - 1}
              onClick={() => move(1)}
              aria-label={t('kit.moveDown')}
            >
              ↓
            </Button>
          </div>
        );
      })}
      <Button
        size="small"
        type="link"
        icon={<UndoOutlined />}
        onClick={reset}
        style={{ paddingLeft: 0 }}
      >
        {t('kit.resetColumns')}
      </Button>
    </div>
  );

  if (list.isError && !list.data) {
    return (
      <LazyResult
        status="warning"
        title={t('kit.loadFailed')}
        subTitle={list.error.message}
        extra={
          <Button type="primary" onClick={() => list.refetch()}>
            {t('kit.retry')}
          </Button>
        }
      />
    );
  }

  const total = list.data?.total ?? 0;
  const items = list.data?.items ?? [];
  /**
   * antd's page items, named for a screen reader ("第 2 页") and the current one marked. The item
   * (its <li>) takes the press and the focus; what it holds says what it is.
   */
  const pagerItem: PaginationProps['itemRender'] = (page, type, element) =>
    cloneElement(element as ReactElement<Record<string, unknown>>, {
      ...(type === 'page'
        ? {
            role: 'button',
            'aria-current': page === state.page ? 'page' : undefined,
          }
        : {}),
      'aria-label': t(PAGER_LABELS[type], { n: page }),
    });

  const filtersActive = filters.some((filter) => state[filter.name] !== undefined);
  return (
    <div className="list-screen">
      <RefetchWhenShown queryKey={queryKey} />
      {filters.length > 0 && (
        <section className="list-panel">
          <ListFilters
            id={props.id}
            filters={filters}
            state={state}
            onSearch={search}
            onReset={resetFilters}
          />
        </section>
      )}
      <section className="list-panel">
        <div className="list-toolbar">
          <Space wrap>
            {props.canDelete && (
              <Button
                danger
                icon={<DeleteOutlined />}
                disabled={selected.length === 0}
                loading={remove.isPending}
                onClick={() => void confirmDelete(selected)}
              >
                {selected.length > 0
                  ? t('kit.bulkDeleteCount', { count: selected.length })
                  : t('kit.bulkDelete')}
              </Button>
            )}
            {props.bulkActions?.map((action) => (
              <Button
                key={action.key}
                disabled={selected.length === 0 || running !== null}
                loading={running === action.key}
                onClick={async () => {
                  setRunning(action.key);
                  try {
                    await action.run(selected);
                    setSelected([]);
                  } catch {
                    // The request client has shown why.
                  } finally {
                    setRunning(null);
                  }
                }}
              >
                {selected.length > 0
                  ? t('kit.bulkAction', { action: action.label, count: selected.length })
                  : action.label}
              </Button>
            ))}
            {props.bulkExtra?.(selected, () => setSelected([]))}
            {props.canExport && (
              <Button icon={<DownloadOutlined />} loading={exporting !== null} onClick={exportAll}>
                {t('kit.export')}
              </Button>
            )}
            {exporting !== null && (
              <span role="status" style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
                <Suspense fallback={null}>
                  <Progress type="circle" size={20} percent={99} status="active" showInfo={false} />
                </Suspense>
                {t('kit.exporting', { size: (exporting / 1024).toFixed(0) })}
              </span>
            )}
          </Space>
          <Space wrap>
            {props.toolbar}
            <Tooltip title={t('kit.refresh')}>
              <Button
                icon={<ReloadOutlined />}
                aria-label={t('kit.refresh')}
                onClick={() => list.refetch()}
              />
            </Tooltip>
            <Popover
              trigger="click"
              placement="bottomRight"
              content={columnSettings}
              title={t('kit.columns')}
            >
              <Button icon={<SettingOutlined />} aria-label={t('kit.columns')} />
            </Popover>
          </Space>
        </div>
        <ListTable<Row>
          label={props.title}
          rowKey="id"
          columns={shown}
          rows={items}
          loading={list.isFetching}
          sort={{ key: state.sort, order: state.order }}
          onSort={(column) => {
            if (!column.sortKey) return;
            setSelected([]);
            update({ ...nextSort(state, column.sortKey, defaults), page: 1 });
          }}
          selection={
            props.canDelete || props.bulkActions?.length || props.bulkExtra
              ? { selected, onChange: (keys) => setSelected(keys) }
              : undefined
          }
          empty={
            filtersActive ? (
              // Nothing matches the filters: say so, and offer to clear them.
              <Empty description={t('kit.emptyFiltered')}>
                <Button onClick={resetFilters}>{t('kit.clearFilters')}</Button>
              </Empty>
            ) : (
              <Empty description={t('kit.empty')} />
            )
          }
          {...props.table}
        />
        {total > 0 && (
          <nav aria-label={t('kit.pagination')} className="list-pager">
            <Pagination
              align="end"
              current={state.page}
              pageSize={state.pageSize}
              total={total}
              pageSizeOptions={PAGE_SIZES as unknown as number[]}
              showSizeChanger={{ 'aria-label': t('kit.pageSize') }}
              showTotal={() => totalText(total, list.data?.totalExact !== false, t, i18n.language)}
              itemRender={pagerItem}
              onChange={(page, pageSize) => {
                setSelected([]);
                // A new page size starts again from the first page.
                update({ page: pageSize === state.pageSize ? page : 1, pageSize });
              }}
            />
          </nav>
        )}
      </section>
    </div>
  );
}
