import { CloudUploadOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Form,
  Modal,
  Progress,
  Select,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FeedCandidate, FeedCreated, FeedItem, FeedPreview } from '../../../shared/feeds';
import { request } from '../../api/request';
import { dynamicKey } from '../../i18n/keys';
import { ReferenceSelect } from '../../kit/reference-select';
import type { ResourceOverrides, ResourceRow } from '../../kit/resource-overrides';

const FEEDS = '/admin/feeds';
const running = (status: unknown) => status === 'queued' || status === 'processing';

/**
 * While a feed on the screen is queued or being processed, the list is read again every two
 * seconds, so its progress moves by itself; once none is, the reading stops.
 */
function FollowProgress() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const timer = setInterval(() => {
      const lists = queryClient.getQueriesData<{ items?: ResourceRow[] }>({ queryKey: [FEEDS] });
      const busy = lists.some(([, data]) => data?.items?.some((row) => running(row.status)));
      if (busy) void queryClient.invalidateQueries({ queryKey: [FEEDS] });
    }, 2000);
    return () => clearInterval(timer);
  }, [queryClient]);
  return null;
}

/** What the feed would send: each item's price from its cost through the setting's formula. */
function PricePreview({ settingId, goodsIds }: { settingId: number; goodsIds: number[] }) {
  const { t } = useTranslation('feeds');
  const preview = useQuery({
    queryKey: [FEEDS, 'preview', settingId, goodsIds],
    queryFn: () => request<FeedPreview>(`${FEEDS}/preview`, { settingId, goodsIds }),
  });
  const data = preview.data;
  return (
    <section aria-label={t('preview.title')} data-testid="price-preview">
      <Typography.Title level={5}>{t('preview.title')}</Typography.Title>
      {data && (
        <Typography.Paragraph type="secondary">
          {t('preview.formula', {
            markup: data.markupPercent,
            fee: data.fixedFee,
            rate: data.exchangeRate,
            currency: data.currency,
            end99: data.endIn99 ? t('preview.end99') : '',
          })}
        </Typography.Paragraph>
      )}
      <Table
        size="small"
        rowKey="sellerSku"
        pagination={false}
        loading={preview.isFetching}
        dataSource={data?.items}
        scroll={{ x: 480, y: 260 }}
        columns={[
          { title: t('preview.sku'), dataIndex: 'sellerSku', width: 160 },
          {
            title: t('preview.family'),
            key: 'family',
            width: 130,
            render: (_, item) =>
              !item.variationTheme ? (
                '—'
              ) : item.parentSku ? (
                <Tag>
                  {t('preview.child')} {Object.values(item.variation).join(' / ')}
                </Tag>
              ) : (
                <Tag color="blue">{t('preview.parent', { theme: item.variationTheme })}</Tag>
              ),
          },
          {
            title: t('preview.cost'),
            dataIndex: 'costCny',
            align: 'right',
            render: (v: string | null) => v ?? '—',
          },
          {
            title: t('preview.price'),
            dataIndex: 'price',
            align: 'right',
            render: (v: string | null) => (v === null ? '—' : `${v} ${data?.currency ?? ''}`),
          },
          {
            title: t('preview.stock'),
            dataIndex: 'stock',
            align: 'right',
            render: (v: number | null) => v ?? '—',
          },
        ]}
      />
    </section>
  );
}

/** Ready (or listed) goods, sent to a listing setting's marketplace as one feed. */
function SendFeed() {
  const { t } = useTranslation('feeds');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [settingId, setSettingId] = useState<number | null>(null);
  const [goodsIds, setGoodsIds] = useState<number[]>([]);
  const candidates = useQuery({
    queryKey: [FEEDS, 'candidates'],
    queryFn: () => request<{ items: FeedCandidate[] }>(`${FEEDS}/candidates`),
    enabled: open,
  });
  const send = useMutation({
    mutationFn: () => request<FeedCreated>(`${FEEDS}/send`, { settingId, goodsIds }),
    onSuccess: async (feed) => {
      void message.success(t('send.sent', feed));
      setOpen(false);
      setGoodsIds([]);
      await queryClient.invalidateQueries({ queryKey: [FEEDS] });
    },
  });
  const none = candidates.data?.items.length === 0;
  return (
    <>
      <Button type="primary" icon={<CloudUploadOutlined />} onClick={() => setOpen(true)}>
        {t('send.open')}
      </Button>
      <Modal
        open={open}
        title={t('send.title')}
        onCancel={() => setOpen(false)}
        okText={t('send.submit', { count: goodsIds.length })}
        okButtonProps={{ disabled: !settingId || goodsIds.length === 0 }}
        confirmLoading={send.isPending}
        onOk={() => send.mutate()}
        width={720}
        destroyOnHidden
      >
        <Form layout="vertical">
          <Form.Item label={t('send.setting')} htmlFor="feed-setting" required>
            <ReferenceSelect
              id="feed-setting"
              to="goods-setting"
              value={settingId}
              onChange={setSettingId}
            />
          </Form.Item>
          <Form.Item
            label={t('send.goods')}
            htmlFor="feed-goods"
            required
            extra={t('send.goodsHelp')}
          >
            <Select
              id="feed-goods"
              mode="multiple"
              loading={candidates.isFetching}
              value={goodsIds}
              onChange={setGoodsIds}
              optionFilterProp="label"
              options={(candidates.data?.items ?? []).map((g) => ({
                value: g.id,
                label: g.title,
              }))}
            />
          </Form.Item>
          {none && <Alert type="info" showIcon message={t('send.none')} />}
        </Form>
        {settingId && goodsIds.length > 0 && (
          <PricePreview settingId={settingId} goodsIds={goodsIds} />
        )}
      </Modal>
    </>
  );
}

/** A feed's items and the marketplace's answer to each; its failed ones can be sent again. */
function Results({ row }: { row: ResourceRow }) {
  const { t } = useTranslation('feeds');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const items = useQuery({
    queryKey: [FEEDS, 'items', row.id, row.processed],
    queryFn: () => request<{ items: FeedItem[] }>(`${FEEDS}/items`, { id: row.id }),
  });
  const resend = useMutation({
    mutationFn: () => request<FeedCreated>(`${FEEDS}/resend`, { id: row.id }),
    onSuccess: async (feed) => {
      void message.success(t('results.resent', feed));
      await queryClient.invalidateQueries({ queryKey: [FEEDS] });
    },
  });
  const failed = (items.data?.items ?? []).filter((i) => i.status === 'rejected').length;
  const color = { queued: 'default', accepted: 'success', rejected: 'error' } as const;
  return (
    <Space direction="vertical" style={{ width: '100%', marginTop: 16 }}>
      <Space style={{ justifyContent: 'space-between', width: '100%' }}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('results.title', { batchNo: row.batchNo })}
        </Typography.Title>
        {failed > 0 && !running(row.status) && (
          <Button loading={resend.isPending} onClick={() => resend.mutate()}>
            {t('results.resend', { count: failed })}
          </Button>
        )}
      </Space>
      <Table<FeedItem>
        size="small"
        rowKey="id"
        loading={items.isLoading}
        dataSource={items.data?.items}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        columns={[
          { title: t('results.sellerSku'), dataIndex: 'sellerSku' },
          { title: t('results.itemTitle'), dataIndex: 'title', ellipsis: true },
          {
            title: t('results.price'),
            dataIndex: 'price',
            render: (price: string | null, item) =>
              price === null ? '—' : `${price} ${item.currency}`,
          },
          { title: t('results.stock'), dataIndex: 'stock', render: (s: number | null) => s ?? '—' },
          {
            title: t('results.status'),
            dataIndex: 'status',
            render: (status: FeedItem['status']) => (
              <Tag color={color[status]}>{t(`results.itemStatus.${status}`)}</Tag>
            ),
          },
          {
            title: t('results.error'),
            dataIndex: 'error',
            render: (code: string, item) => (
              <Space direction="vertical" size={0}>
                {code ? t(dynamicKey(`errors.${code}`)) : ''}
                {item.detail && (
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {item.detail}
                  </Typography.Text>
                )}
              </Space>
            ),
          },
        ]}
      />
    </Space>
  );
}

function Percent({ row }: { row: ResourceRow }) {
  const total = Number(row.total) || 0;
  const done = Number(row.processed) || 0;
  const status = running(row.status)
    ? 'active'
    : row.status === 'failed'
      ? 'exception'
      : row.status === 'partial'
        ? 'normal'
        : 'success';
  return (
    <Progress
      percent={total ? Math.round((done / total) * 100) : 0}
      size="small"
      status={status}
      format={() => `${done}/${total}`}
    />
  );
}

function ErrorText({ code }: { code: unknown }) {
  const { t } = useTranslation('feeds');
  return code ? (
    <Typography.Text type="danger">{t(dynamicKey(`errors.${String(code)}`))}</Typography.Text>
  ) : null;
}

/** /feeds-list: sending, live progress, each feed's results and resending its failed items. */
export default {
  toolbar: () => (
    <>
      <FollowProgress />
      <SendFeed />
    </>
  ),
  cells: {
    processed: (_value, row) => <Percent row={row} />,
    error: (value) => <ErrorText code={value} />,
  },
  sections: { detail: Results },
  // On a phone (the batch number is long): where each feed stands.
  phoneColumns: ['status'],
} satisfies ResourceOverrides;
