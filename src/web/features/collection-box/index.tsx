import { CloudDownloadOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Drawer, Input, List, Space, Table, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CollectedVariants } from '../../../shared/collected-variants';
import {
  COLLECT_MAX_URLS,
  type CollectReport,
  type CollectResult,
  splitUrls,
} from '../../../shared/collection-box';
import { request } from '../../api/request';
import type { ResourceOverrides } from '../../kit/resource-overrides';
import { Thumbnail } from '../../kit/thumbnail';

const OUTCOME_COLOURS: Record<CollectResult['outcome'], string> = {
  collected: 'success',
  duplicate: 'default',
  refused: 'error',
  failed: 'warning',
};

/** What became of each URL: collected, already there, or refused / failed and why. */
function Results({ results }: { results: CollectResult[] }) {
  const { t } = useTranslation('collection-box');
  const count = (outcome: CollectResult['outcome']) =>
    results.filter((r) => r.outcome === outcome).length;
  const failed = count('refused') + count('failed');
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Alert
        type={failed > 0 ? 'warning' : 'success'}
        message={t('collect.summary', {
          collected: count('collected'),
          duplicate: count('duplicate'),
          failed,
        })}
      />
      <List
        size="small"
        bordered
        dataSource={results}
        renderItem={(r) => (
          <List.Item>
            <Space direction="vertical" size={0} style={{ minWidth: 0 }}>
              <Space wrap>
                <Tag color={OUTCOME_COLOURS[r.outcome]}>{t(`collect.${r.outcome}`)}</Tag>
                <Typography.Text strong>{r.title}</Typography.Text>
              </Space>
              <Typography.Text type="secondary" style={{ wordBreak: 'break-all' }}>
                {r.url}
              </Typography.Text>
              {r.reason && <Typography.Text type="danger">{r.reason}</Typography.Text>}
              {r.outcome === 'collected' && <Kept result={r} />}
            </Space>
          </List.Item>
        )}
      />
    </Space>
  );
}

/** A collected page's images kept in the library, its variants, and the images not kept, and why. */
function Kept({ result }: { result: CollectResult }) {
  const { t } = useTranslation('collection-box');
  const failed = result.imagesFailed ?? [];
  return (
    <>
      <Typography.Text>
        {t('collect.imagesStored', { count: result.imagesStored ?? 0 })}
        {result.variants ? ` · ${t('collect.variants', { count: result.variants })}` : ''}
      </Typography.Text>
      {failed.length > 0 && (
        <div data-testid="images-failed">
          <Typography.Text type="warning">
            {t('collect.imagesFailed', { count: failed.length })}
          </Typography.Text>
          <ul style={{ margin: 0, paddingInlineStart: 20 }}>
            {failed.map((f) => (
              <li key={f.url} style={{ wordBreak: 'break-all' }}>
                <Typography.Text type="secondary">{f.url}</Typography.Text> {f.reason}
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}

/** The toolbar's Collect: product URLs (one a line), or a page's source pasted. */
function Collect() {
  const { t } = useTranslation('collection-box');
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState<'urls' | 'html'>('urls');
  const [urls, setUrls] = useState('');
  const [html, setHtml] = useState('');
  const [pageUrl, setPageUrl] = useState('');
  const send = useMutation({
    mutationFn: () =>
      request<CollectReport>(
        '/admin/collection-box/collect',
        tab === 'urls' ? { urls } : { html, ...(pageUrl.trim() ? { url: pageUrl.trim() } : {}) },
        { silent: true },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['/admin/collection-box'] }),
  });
  const count = splitUrls(urls).length;
  const ready = tab === 'urls' ? count > 0 && count <= COLLECT_MAX_URLS : html.trim() !== '';
  function again() {
    setUrls('');
    setHtml('');
    setPageUrl('');
    send.reset();
  }
  function close() {
    setOpen(false);
    again();
  }
  return (
    <>
      <Button type="primary" icon={<CloudDownloadOutlined />} onClick={() => setOpen(true)}>
        {t('collect.open')}
      </Button>
      <Drawer
        open={open}
        title={t('collect.title')}
        width={560}
        onClose={close}
        extra={
          send.data ? (
            <Button onClick={again}>{t('collect.again')}</Button>
          ) : (
            <Button
              type="primary"
              disabled={!ready}
              loading={send.isPending}
              onClick={() => send.mutate()}
            >
              {t('collect.send')}
            </Button>
          )
        }
      >
        {send.data ? (
          <Results results={send.data.results} />
        ) : (
          <Space direction="vertical" style={{ width: '100%' }}>
            {send.error && <Alert type="error" showIcon message={send.error.message} />}
            <Tabs
              activeKey={tab}
              onChange={(key) => setTab(key as 'urls' | 'html')}
              items={[
                {
                  key: 'urls',
                  label: t('collect.byUrl'),
                  children: (
                    <Space direction="vertical" style={{ width: '100%' }}>
                      <Typography.Text type="secondary">
                        {t('collect.urlsHelp', { max: COLLECT_MAX_URLS })}
                      </Typography.Text>
                      <Input.TextArea
                        aria-label={t('collect.urlsLabel')}
                        rows={10}
                        value={urls}
                        placeholder="https://"
                        onChange={(event) => setUrls(event.target.value)}
                      />
                      {count > COLLECT_MAX_URLS && (
                        <Typography.Text type="danger">
                          {t('errors.urlsMax', { max: COLLECT_MAX_URLS })}
                        </Typography.Text>
                      )}
                    </Space>
                  ),
                },
                {
                  key: 'html',
                  label: t('collect.byHtml'),
                  children: (
                    <Space direction="vertical" style={{ width: '100%' }}>
                      <Typography.Text type="secondary">{t('collect.htmlHelp')}</Typography.Text>
                      <Input
                        aria-label={t('collect.htmlUrl')}
                        placeholder={t('collect.htmlUrl')}
                        value={pageUrl}
                        onChange={(event) => setPageUrl(event.target.value)}
                      />
                      <Input.TextArea
                        aria-label={t('collect.htmlLabel')}
                        rows={12}
                        value={html}
                        onChange={(event) => setHtml(event.target.value)}
                      />
                    </Space>
                  ),
                },
              ]}
            />
          </Space>
        )}
      </Drawer>
    </>
  );
}

/** The variants collected with an item, as the draft's grid will have them. */
function VariantsTable({ value }: { value: CollectedVariants }) {
  const { t } = useTranslation('collection-box');
  if (!value?.items?.length) return '—';
  const names = value.attributes.map((a) => a.name);
  return (
    <Table
      data-testid="collected-variants"
      size="small"
      pagination={false}
      rowKey={(v) => names.map((n) => v.options[n]).join('/')}
      dataSource={value.items}
      scroll={{ x: 'max-content' }}
      columns={[
        {
          key: 'image',
          title: t('variantsTable.image'),
          width: 56,
          render: (_, v) => (v.image ? <Thumbnail src={v.image} width={32} height={32} /> : '—'),
        },
        {
          key: 'options',
          title: names.join(' / '),
          render: (_, v) => names.map((n) => v.options[n]).join(' / '),
        },
        { key: 'price', title: t('variantsTable.price'), dataIndex: 'price', align: 'right' },
        {
          key: 'sku',
          title: t('variantsTable.sku'),
          render: (_, v) => v.sku || '—',
        },
      ]}
    />
  );
}

/** A claimed item's goods draft, opened on its page. */
function GoodsLink({ id }: { id: number }) {
  const { t } = useTranslation('collection-box');
  return <Link to={`/goods-store?id=${id}`}>{t('collect.openGoods')}</Link>;
}

/**
 * The collection box: Collect in the toolbar; the price with its currency; the source site
 * linking to the page; a claimed item links to its goods draft; its variants a table in the
 * detail.
 */
export default {
  toolbar: Collect,
  cells: {
    price: (value, row) => (row.currency ? `${row.currency} ${value}` : String(value)),
    // A pasted page without its address has no site to link to.
    sourceHost: (value, row) =>
      value ? (
        <Typography.Link
          href={String(row.sourceUrl)}
          title={String(row.sourceUrl)}
          target="_blank"
          rel="noopener noreferrer"
        >
          {String(value)}
        </Typography.Link>
      ) : (
        '—'
      ),
    goodsId: (value) => (Number(value) > 0 ? <GoodsLink id={Number(value)} /> : '—'),
    variants: (value) => <VariantsTable value={value as CollectedVariants} />,
  },
  phoneColumns: ['status', 'price'],
} satisfies ResourceOverrides;
