import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input, Modal, Radio, Space, Table, Typography } from 'antd';
import { type Key, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  bulkValue,
  DELISTABLE,
  LISTING_BULK_MODES,
  type ListingBulkDone,
  type ListingBulkField,
  type ListingBulkMode,
  type ListingChosen,
  listingBulkEdit,
} from '../../../shared/listing-bulk';
import { request } from '../../api/request';
import { dynamicKey, issueText } from '../../i18n';
import type { ResourceRow } from '../../kit/resource-overrides';
import { useSubmitOnce } from '../../kit/submit-once';

const LISTING = '/admin/listing';

/**
 * Whether the chosen listings are all variation parents: not sold, so nothing would be done; the
 * screen says so rather than asking.
 */
async function onlyParents(ids: Key[]) {
  const { items } = await request<{ items: ListingChosen[] }>(`${LISTING}/chosen`, {
    ids: ids.map(Number),
  });
  return items.length > 0 && items.every((row) => row.parent);
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: [LISTING] });
}

/**
 * 下架: asks, naming how many, then takes the listings off sale (a stock feed of 0 each); they
 * show 下架中 until the marketplace has taken it, then 已下架.
 */
function useDelist() {
  const { t } = useTranslation(['listing', 'translation']);
  const { modal, message } = App.useApp();
  const refresh = useRefresh();
  return async (ids: Key[], onDone?: () => void) => {
    if (await onlyParents(ids)) {
      void message.warning(t('family.onlyParents'));
      return;
    }
    modal.confirm({
      title: t('delist.title', { count: ids.length }),
      content: t('delist.content'),
      okText: t('delist.action'),
      okButtonProps: { danger: true },
      cancelText: t('translation:kit.cancel'),
      onOk: async () => {
        const done = await request<ListingBulkDone>(`${LISTING}/delist`, {
          ids: ids.map(Number),
        });
        void message.success(
          t('delist.done', { count: done.changed, batchNos: done.batchNos.join('、') }),
        );
        if (done.skipped > 0) void message.info(t('delist.skipped', { count: done.skipped }));
        refresh();
        onDone?.();
      },
    });
  };
}

/**
 * 重新上架: asks, naming how many, then puts the off-sale listings back on sale with their goods'
 * stock now; they show 上架中 until the marketplace has taken it, then 在售. A goods with no stock,
 * or deleted, is refused by the server, naming the SKUs.
 */
function useRelist() {
  const { t } = useTranslation(['listing', 'translation']);
  const { modal, message } = App.useApp();
  const refresh = useRefresh();
  return async (ids: Key[], onDone?: () => void) => {
    if (await onlyParents(ids)) {
      void message.warning(t('family.onlyParents'));
      return;
    }
    modal.confirm({
      title: t('relist.title', { count: ids.length }),
      content: t('relist.content'),
      okText: t('relist.action'),
      cancelText: t('translation:kit.cancel'),
      onOk: async () => {
        const done = await request<ListingBulkDone>(`${LISTING}/relist`, {
          ids: ids.map(Number),
        });
        void message.success(
          t('relist.done', { count: done.changed, batchNos: done.batchNos.join('、') }),
        );
        if (done.skipped > 0) void message.info(t('relist.skipped', { count: done.skipped }));
        refresh();
        onDone?.();
      },
    });
  };
}

/** A row's own 重新上架, on a listing off sale (not a family's parent: it has no price). */
export function RowRelist({ row }: { row: ResourceRow }) {
  const { t } = useTranslation('listing');
  const relist = useRelist();
  if (row.status !== 'inactive' || Number(row.price) === 0) return null;
  return (
    <Button type="link" style={{ padding: 0 }} onClick={() => relist([row.id])}>
      {t('relist.action')}
    </Button>
  );
}

/** A row's own 下架, on a listing that is on sale (or suppressed). */
export function RowDelist({ row }: { row: ResourceRow }) {
  const { t } = useTranslation('listing');
  const delist = useDelist();
  // A family's parent (the one listing without a price: shared/resources/listing.ts) is not sold.
  if (!(DELISTABLE as readonly unknown[]).includes(row.status) || Number(row.price) === 0)
    return null;
  return (
    <Button type="link" danger style={{ padding: 0 }} onClick={() => delist([row.id])}>
      {t('delist.action')}
    </Button>
  );
}

interface Values {
  mode: ListingBulkMode;
  value: string;
}

/**
 * 批量改价 / 批量改库存: set, or move by an amount or a percentage; each chosen listing's new value
 * is previewed (worked out as the server will: shared/listing-bulk.ts) before it is sent.
 */
function BulkEditDialog({
  ids,
  field,
  onClose,
}: {
  ids: Key[];
  field: ListingBulkField;
  onClose(changed: boolean): void;
}) {
  const { t } = useTranslation('listing');
  const { message } = App.useApp();
  const refresh = useRefresh();
  const [form] = Form.useForm<Values>();
  const mode = Form.useWatch('mode', form) ?? 'percent';
  const value = (Form.useWatch('value', form) ?? '').trim();
  const chosen = useQuery({
    queryKey: [LISTING, 'chosen', ids],
    queryFn: () =>
      request<{ items: ListingChosen[] }>(`${LISTING}/chosen`, { ids: ids.map(Number) }),
  });
  const parsed = listingBulkEdit.safeParse({ ids: ids.map(Number), field, mode, value });
  const issue = parsed.error?.issues.find((i) => i.path[0] === 'value');
  const valueProblem = value && issue ? issueText(issue) : undefined;
  const rows = (chosen.data?.items ?? []).map((row) => {
    const now = field === 'price' ? row.price : row.stock;
    // Left alone by the server too (listing/service.ts bulkEditListings).
    const skipped = row.parent
      ? 'skippedParent'
      : row.status === 'delisting'
        ? 'skippedDelisting'
        : row.status === 'relisting'
          ? 'skippedRelisting'
          : '';
    const next = parsed.success && !skipped ? bulkValue(parsed.data, now) : undefined;
    return { ...row, now, next, skipped };
  });
  const outOfRange = rows.some((row) => row.next === null);
  const save = useMutation({
    mutationFn: (values: Values) =>
      request<ListingBulkDone>(
        `${LISTING}/bulk-edit`,
        // A refusal (a value out of bounds, a listing gone) is said by the request client.
        { ids: ids.map(Number), field, mode: values.mode, value: values.value.trim() },
      ),
    onSuccess: (done) => {
      void message.success(
        t('bulk.done', { count: done.changed, batchNos: done.batchNos.join('、') }),
      );
      refresh();
      onClose(true);
    },
  });
  const submit = useSubmitOnce(save);
  const unit = (row: ListingChosen) => (field === 'price' ? ` ${row.currency}` : '');
  return (
    <Modal
      open
      title={t(field === 'price' ? 'bulk.priceTitle' : 'bulk.stockTitle', { count: ids.length })}
      onCancel={() => onClose(false)}
      onOk={() => form.submit()}
      okText={t('bulk.send')}
      okButtonProps={{
        disabled: !parsed.success || outOfRange || !rows.some((row) => !row.skipped),
      }}
      confirmLoading={save.isPending}
      width={640}
      destroyOnHidden
    >
      <Form
        form={form}
        name={`listing-bulk-${field}`}
        layout="vertical"
        initialValues={{ mode: 'percent', value: '' }}
        onFinish={submit}
      >
        <Form.Item name="mode" label={t('bulk.mode')}>
          <Radio.Group
            options={LISTING_BULK_MODES.map((m) => ({ value: m, label: t(`bulk.modes.${m}`) }))}
          />
        </Form.Item>
        <Form.Item
          name="value"
          label={t('bulk.value')}
          help={valueProblem ?? t(`bulk.valueHelp.${mode}`)}
          validateStatus={valueProblem ? 'error' : undefined}
        >
          <Input
            inputMode="decimal"
            maxLength={12}
            style={{ width: 200 }}
            addonAfter={mode === 'percent' ? '%' : undefined}
          />
        </Form.Item>
      </Form>
      {rows.length > 0 && rows.every((row) => row.skipped === 'skippedParent') && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          message={t('family.onlyParents')}
        />
      )}
      {outOfRange && (
        <Alert type="error" showIcon style={{ marginBottom: 12 }} message={t('bulk.invalid')} />
      )}
      <Typography.Title level={5}>{t('bulk.preview')}</Typography.Title>
      <Table
        size="small"
        rowKey="id"
        loading={chosen.isLoading}
        pagination={false}
        scroll={{ y: 320 }}
        dataSource={rows}
        columns={[
          { key: 'sku', title: t('fields.sellerSku'), dataIndex: 'sellerSku' },
          {
            key: 'now',
            title: t('bulk.before'),
            render: (_, row) => `${row.now}${unit(row)}`,
          },
          {
            key: 'next',
            title: t('bulk.after'),
            render: (_, row) =>
              row.skipped ? (
                <Typography.Text type="secondary">
                  {t(dynamicKey(`bulk.${row.skipped}`))}
                </Typography.Text>
              ) : row.next === null ? (
                <Typography.Text type="danger">{t('bulk.invalid')}</Typography.Text>
              ) : row.next === undefined ? (
                '—'
              ) : (
                <Typography.Text strong>{`${row.next}${unit(row)}`}</Typography.Text>
              ),
          },
        ]}
      />
    </Modal>
  );
}

/** The chosen listings' own actions: 批量改价, 批量改库存, 下架 and 重新上架. */
export function ListingBulk({ ids, onDone }: { ids: Key[]; onDone(): void }) {
  const { t } = useTranslation('listing');
  const [editing, setEditing] = useState<ListingBulkField | null>(null);
  const delist = useDelist();
  const relist = useRelist();
  const none = ids.length === 0;
  const many = ids.length > 0;
  return (
    <Space wrap>
      <Button disabled={none} onClick={() => setEditing('price')}>
        {many ? t('bulk.priceMany', { count: ids.length }) : t('bulk.price')}
      </Button>
      <Button disabled={none} onClick={() => setEditing('stock')}>
        {many ? t('bulk.stockMany', { count: ids.length }) : t('bulk.stock')}
      </Button>
      <Button danger disabled={none} onClick={() => delist(ids, onDone)}>
        {many ? t('delist.many', { count: ids.length }) : t('delist.action')}
      </Button>
      <Button disabled={none} onClick={() => relist(ids, onDone)}>
        {many ? t('relist.many', { count: ids.length }) : t('relist.action')}
      </Button>
      {editing && (
        <BulkEditDialog
          ids={ids}
          field={editing}
          onClose={(changed) => {
            setEditing(null);
            if (changed) onDone();
          }}
        />
      )}
    </Space>
  );
}
