import {
  DeleteOutlined,
  DownloadOutlined,
  ReloadOutlined,
  SearchOutlined,
  SettingOutlined,
  UndoOutlined,
} from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Checkbox,
  Empty,
  Form,
  Popover,
  Space,
  Table,
  type TableColumnType,
  type TableProps,
  Tooltip,
} from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { lazy, type ReactNode, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { ListResult } from '../../shared/list';
import { request } from '../api/request';
import { useColumnPrefs } from './column-prefs';
import { downloadFile } from './export-file';
import { LazyResult } from './lazy-result';
import { useListState } from './list-state';
import { totalText } from './list-total';

// Shown only while an export runs: loaded then, not with every list.
const Progress = lazy(() => import('antd/es/progress'));

export type ListColumn<Row> = TableColumnType<Row> & {
  key: string;
  /** The list call's sort key when the column is sortable (from the server's whitelist). */
  sortKey?: string;
  /** Cannot be hidden (e.g. the title or the actions). */
  locked?: boolean;
};

export interface ListScreenProps<Row> {
  /** Identifies the screen for remembered column choices. */
  id: string;
  /** The area's base path: `${endpoint}/list`, `/delete`, `/export`. */
  endpoint: string;
  params: z.ZodObject;
  /** Filters given by the route, not the user (e.g. the article type). */
  fixed?: Record<string, unknown>;
  /** Filter form items; their names are list params. */
  filters?: ReactNode;
  /** Turns form values into list params (e.g. a date range into strings). */
  fromForm?(values: Record<string, unknown>): Record<string, unknown>;
  /** Turns list params into form values. */
  toForm?(state: Record<string, unknown>): Record<string, unknown>;
  columns: ListColumn<Row>[];
  rowKey?: keyof Row & string;
  /** Buttons on the right of the toolbar (e.g. Add). */
  toolbar?: ReactNode;
  canDelete?: boolean;
  canExport?: boolean;
  /** What a row is called in confirmations ("article"). */
  noun?: string;
}

/**
 * The list screen of every business area: filters, server-side sort and pagination with the
 * state in the URL, remembered columns, selection with bulk delete, export with progress, and
 * empty, loading and error states.
 */
export function ListScreen<Row extends { id: number }>(props: ListScreenProps<Row>) {
  const { t, i18n } = useTranslation();
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm();
  const fixed = props.fixed ?? {};
  const { state, defaults, update } = useListState(props.params, fixed);
  const [selected, setSelected] = useState<number[]>([]);
  const [exporting, setExporting] = useState<number | null>(null);
  const rowKey = props.rowKey ?? 'id';

  const queryKey = [props.endpoint, 'list', state];
  const list = useQuery({
    queryKey,
    queryFn: ({ signal }) => request<ListResult<Row>>(`${props.endpoint}/list`, state, { signal }),
    placeholderData: keepPreviousData,
  });

  // The filter form follows the URL (back button, a shared link, Reset).
  // biome-ignore lint/correctness/useExhaustiveDependencies: state is compared by value.
  useEffect(() => {
    form.setFieldsValue(props.toForm ? props.toForm(state) : state);
  }, [JSON.stringify(state)]);

  const remove = useMutation({
    mutationFn: (ids: number[]) =>
      request<{ deleted: number }>(`${props.endpoint}/delete`, { ...fixed, ids }),
    onSuccess: (result) => {
      void message.success(t('kit.deleted', { count: result?.deleted ?? selected.length }));
      setSelected([]);
      void queryClient.invalidateQueries({ queryKey: [props.endpoint] });
    },
  });

  function confirmDelete(ids: number[]) {
    modal.confirm({
      title: t('kit.deleteTitle'),
      content: t('kit.deleteConfirm', { count: ids.length }),
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
      await downloadFile(`${props.endpoint}/export`, filter, (received) => setExporting(received));
    } catch (err) {
      void message.error(err instanceof Error ? err.message : String(err));
    } finally {
      setExporting(null);
    }
  }

  const keys = useMemo(() => props.columns.map((c) => c.key), [props.columns]);
  const { prefs, save, reset } = useColumnPrefs(props.id, keys);
  const shown = prefs.order
    .filter((key) => !prefs.hidden.includes(key))
    .map((key) => props.columns.find((c) => c.key === key))
    .filter((c): c is ListColumn<Row> => !!c)
    .map((column) => ({
      ...column,
      sorter: column.sortKey ? true : undefined,
      sortOrder:
        column.sortKey && column.sortKey === state.sort
          ? state.order === 'asc'
            ? ('ascend' as const)
            : ('descend' as const)
          : null,
    }));

  const onTableChange: TableProps<Row>['onChange'] = (pagination, _filters, sorter) => {
    const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<Row> | undefined;
    const column = props.columns.find((c) => c.key === s?.columnKey);
    const sortChanged = s?.order && column?.sortKey;
    update({
      page: pagination.pageSize !== state.pageSize ? 1 : (pagination.current ?? 1),
      pageSize: pagination.pageSize ?? state.pageSize,
      sort: sortChanged ? column.sortKey : defaults.sort,
      order: sortChanged ? (s.order === 'ascend' ? 'asc' : 'desc') : defaults.order,
    });
  };

  function search(values: Record<string, unknown>) {
    setSelected([]);
    update({ ...(props.fromForm ? props.fromForm(values) : values), page: 1 });
  }

  function resetFilters() {
    form.resetFields();
    setSelected([]);
    const cleared = Object.fromEntries(Object.keys(state).map((key) => [key, undefined]));
    update({ ...cleared, ...defaults });
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
              style={{ flex: 1 }}
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
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      {props.filters && (
        <Card size="small">
          <Form
            form={form}
            name={`${props.id}-filter`}
            layout="inline"
            onFinish={search}
            style={{ rowGap: 12 }}
          >
            {props.filters}
            <Form.Item>
              <Space>
                <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
                  {t('kit.search')}
                </Button>
                <Button onClick={resetFilters}>{t('kit.reset')}</Button>
              </Space>
            </Form.Item>
          </Form>
        </Card>
      )}
      <Card size="small">
        <div
          style={{
            display: 'flex',
            justifyContent: 'space-between',
            alignItems: 'center',
            marginBottom: 12,
            gap: 8,
            flexWrap: 'wrap',
          }}
        >
          <Space>
            {props.canDelete && (
              <Button
                danger
                icon={<DeleteOutlined />}
                disabled={selected.length === 0}
                loading={remove.isPending}
                onClick={() => confirmDelete(selected)}
              >
                {selected.length > 0
                  ? t('kit.bulkDeleteCount', { count: selected.length })
                  : t('kit.bulkDelete')}
              </Button>
            )}
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
          <Space>
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
        <Table<Row>
          rowKey={rowKey}
          columns={shown}
          dataSource={list.data?.items ?? []}
          loading={list.isFetching}
          onChange={onTableChange}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty description={t('kit.empty')} /> }}
          rowSelection={
            props.canDelete
              ? {
                  selectedRowKeys: selected,
                  onChange: (keys) => setSelected(keys as number[]),
                  preserveSelectedRowKeys: false,
                }
              : undefined
          }
          pagination={{
            current: state.page,
            pageSize: state.pageSize,
            total,
            showSizeChanger: true,
            pageSizeOptions: [10, 20, 50, 100],
            showTotal: (count) =>
              totalText(count, list.data?.totalExact !== false, t, i18n.language),
          }}
        />
      </Card>
    </Space>
  );
}
