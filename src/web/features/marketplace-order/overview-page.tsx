import { ArrowDownOutlined, ArrowUpOutlined, CloudDownloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Col,
  Empty,
  Form,
  Row,
  Select,
  Space,
  Statistic,
  Table,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import Big from 'big.js';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../shared/format';
import { MARKETPLACES, SITES } from '../../../shared/marketplace';
import {
  addDays,
  beijingDay,
  type Figures,
  type OverviewResult,
  type Settlement,
} from '../../../shared/marketplace-order';
import { request } from '../../api/request';
import { dynamicKey } from '../../i18n/keys';
import { RefetchWhenShown, ViewLink } from '../../kit/cached-view';
import { Chart } from '../../kit/chart';
import { useSubmitOnce } from '../../kit/submit-once';
import { useCan } from '../../stores/session';
import { PeriodPicker, usePeriod } from './period';

const BASE = '/admin/marketplace-order';
const FIGURES = ['orders', 'units', 'sales', 'fees', 'refunds', 'net'] as const;
const MONEY = new Set<string>(['sales', 'fees', 'refunds', 'net']);

/** How a figure moved from the period before: +12.5 %, or nothing to compare with. */
function change(now: string | number, before: string | number) {
  if (Number(before) === 0) return null;
  const moved = new Big(now).minus(before).div(new Big(before).abs()).times(100).toFixed(1);
  // Less than 0.05 % either way is no change (not "-0.0 %").
  return Number(moved) === 0 ? '0.0' : moved;
}

function FigureCard({
  name,
  total,
  previous,
}: {
  name: (typeof FIGURES)[number];
  total: Figures;
  previous: Figures;
}) {
  const { t } = useTranslation('marketplace-order');
  const moved = change(total[name], previous[name]);
  const up = moved !== null && Number(moved) > 0;
  // Fees and refunds going up is bad news.
  const good = name === 'fees' || name === 'refunds' ? !up : up;
  return (
    <Card size="small">
      <Statistic
        title={t(`overview.${name}`)}
        value={MONEY.has(name) ? formatMoney(String(total[name])) : total[name]}
        formatter={(v) => <span data-testid={`overview-${name}`}>{v}</span>}
      />
      <Typography.Text
        type={moved === null || Number(moved) === 0 ? 'secondary' : good ? 'success' : 'danger'}
      >
        {moved === null ? (
          t('overview.noPrevious')
        ) : (
          <>
            {up ? <ArrowUpOutlined /> : Number(moved) < 0 ? <ArrowDownOutlined /> : null}{' '}
            {t('overview.vsPrevious', { change: `${up ? '+' : ''}${moved}%` })}
          </>
        )}
      </Typography.Text>
    </Card>
  );
}

/** The marketplace's settlement reports: download one for a period, and what did not match. */
function Settlements() {
  const { t } = useTranslation('marketplace-order');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{
    marketplace: string;
    site: string;
    period: { from: string; to: string };
  }>();
  const list = useQuery({
    queryKey: [BASE, 'settlements'],
    queryFn: () => request<Settlement[]>(`${BASE}/settlements`, {}),
    // While one is downloading, look again every two seconds.
    refetchInterval: (query) =>
      query.state.data?.some((s) => s.status === 'downloading') ? 2000 : false,
  });
  const settle = useMutation({
    mutationFn: (values: {
      marketplace: string;
      site: string;
      period: { from: string; to: string };
    }) =>
      request(`${BASE}/settle`, {
        marketplace: values.marketplace,
        site: values.site,
        ...values.period,
      }),
    onSuccess: () => {
      void message.success(t('settlements.started'));
      void queryClient.invalidateQueries({ queryKey: [BASE, 'settlements'] });
    },
  });
  const submitSettle = useSubmitOnce(settle);
  const today = beijingDay();
  const statusColor = {
    downloading: 'processing',
    matched: 'success',
    differences: 'warning',
    failed: 'error',
  } as const;
  return (
    <Card title={t('settlements.title')} data-testid="settlements">
      <Typography.Paragraph type="secondary">{t('settlements.help')}</Typography.Paragraph>
      <Form
        form={form}
        layout="inline"
        initialValues={{
          marketplace: 'amazon',
          site: 'US',
          period: { from: addDays(today, -13), to: today },
        }}
        onFinish={submitSettle}
        style={{ rowGap: 8, marginBottom: 16 }}
      >
        <Form.Item name="marketplace" label={t('fields.marketplace')}>
          <Select
            style={{ width: 110 }}
            options={MARKETPLACES.map((m) => ({ value: m, label: t(`enums.marketplace.${m}`) }))}
          />
        </Form.Item>
        <Form.Item name="site" label={t('fields.site')}>
          <Select
            style={{ width: 120 }}
            options={SITES.map((s) => ({ value: s, label: t(`enums.site.${s}`) }))}
          />
        </Form.Item>
        <Form.Item
          name="period"
          label={t('settlements.period')}
          // On a phone an inline item is as wide as its label and picker (13 px past a 390 px
          // screen): held within the card, its picker narrows instead.
          style={{ maxWidth: '100%' }}
          wrapperCol={{ style: { minWidth: 0 } }}
        >
          <PeriodField label={t('settlements.period')} />
        </Form.Item>
        <Button htmlType="submit" icon={<CloudDownloadOutlined />} loading={settle.isPending}>
          {t('settlements.download')}
        </Button>
      </Form>
      <Table<Settlement>
        size="small"
        rowKey="id"
        loading={list.isLoading}
        dataSource={list.data}
        pagination={false}
        locale={{ emptyText: <Empty description={t('settlements.none')} /> }}
        scroll={{ x: 720 }}
        expandable={{
          rowExpandable: (row) => row.differences.length > 0,
          expandedRowRender: (settled) => (
            <Table
              size="small"
              rowKey="orderNo"
              pagination={false}
              dataSource={settled.differences}
              columns={[
                {
                  title: t('settlements.orderNo'),
                  dataIndex: 'orderNo',
                  render: (orderNo: string) => (
                    <ViewLink to={`/orders-list?keyword=${encodeURIComponent(orderNo)}`}>
                      {orderNo}
                    </ViewLink>
                  ),
                },
                {
                  title: t('settlements.reported'),
                  dataIndex: 'reported',
                  align: 'right',
                  render: (v: string | null) =>
                    v === null ? t('settlements.missing') : `${v} ${settled.currency}`,
                },
                {
                  title: t('settlements.expected'),
                  dataIndex: 'expected',
                  align: 'right',
                  render: (v: string | null) =>
                    v === null ? t('settlements.missing') : `${v} ${settled.currency}`,
                },
              ]}
            />
          ),
        }}
        columns={[
          {
            title: t('fields.site'),
            key: 'site',
            render: (_, row) =>
              `${t(dynamicKey(`enums.marketplace.${row.marketplace}`))} · ${t(dynamicKey(`enums.site.${row.site}`))}`,
          },
          {
            title: t('settlements.period'),
            key: 'period',
            render: (_, row) => `${row.periodFrom} ~ ${row.periodTo}`,
          },
          {
            title: t('settlements.status'),
            dataIndex: 'status',
            render: (status: Settlement['status'], row) => (
              <Tag color={statusColor[status]}>
                {t(`settlements.statuses.${status}`)}
                {status === 'differences' ? ` · ${row.differences.length}` : ''}
              </Tag>
            ),
          },
          { title: t('settlements.orders'), dataIndex: 'orders', align: 'right' },
          // Amounts in the site's currency, said beside them.
          {
            title: t('settlements.reported'),
            dataIndex: 'reported',
            align: 'right',
            render: (v: string, row) => `${v} ${row.currency}`,
          },
          {
            title: t('settlements.expected'),
            dataIndex: 'expected',
            align: 'right',
            render: (v: string, row) => `${v} ${row.currency}`,
          },
        ]}
      />
    </Card>
  );
}

/** The period picker as a form control. */
function PeriodField({
  value,
  onChange,
  label,
}: {
  value?: { from: string; to: string };
  onChange?(value: { from: string; to: string }): void;
  label: string;
}) {
  return value ? (
    <PeriodPicker value={value} onChange={(p) => onChange?.(p)} label={label} maxDays={31} />
  ) : null;
}

/**
 * /transaction_overview: a period's sales, fees, refunds and net, against the period before, by
 * day (a chart and its table) and by site; and the settlement reports checked against the orders.
 */
export default function OverviewPage() {
  const { t } = useTranslation('marketplace-order');
  const { period, params, set } = usePeriod(30);
  const site = params.get('site') ?? undefined;
  const body = { ...period, ...(site ? { site } : {}) };
  const queryKey = [BASE, 'overview', body];
  const overview = useQuery({
    queryKey,
    queryFn: () => request<OverviewResult>(`${BASE}/overview`, body),
    placeholderData: keepPreviousData,
  });
  const canList = useCan('orders-list');
  const data = overview.data;
  const option = useMemo(
    () =>
      data && {
        tooltip: { trigger: 'axis' },
        legend: { data: [t('overview.sales'), t('overview.net')] },
        grid: { left: 56, right: 24, top: 40, bottom: 56 },
        dataZoom: data.days.length > 62 ? [{ type: 'slider', height: 20, bottom: 8 }] : [],
        xAxis: { type: 'category', data: data.days.map((d) => d.day.slice(5)) },
        yAxis: { type: 'value' },
        series: [
          { name: t('overview.sales'), type: 'bar', data: data.days.map((d) => Number(d.sales)) },
          {
            name: t('overview.net'),
            type: 'line',
            smooth: true,
            data: data.days.map((d) => Number(d.net)),
          },
        ],
      },
    [data, t],
  );
  const money = (v: string) => formatMoney(v);
  const figureColumns = FIGURES.map((key) => ({
    key,
    dataIndex: key,
    title: t(`overview.${key}`),
    align: 'right' as const,
    render: MONEY.has(key) ? money : undefined,
  }));
  const dayLink = (day: string) =>
    `/orders-list?orderedAtRange=${day},${day}${site ? `&site=${site}` : ''}`;

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <RefetchWhenShown queryKey={queryKey} />
      <Card size="small">
        <Space wrap>
          <PeriodPicker label={t('overview.period')} value={period} onChange={(p) => set(p)} />
          <Select
            aria-label={t('overview.site')}
            style={{ width: 160 }}
            value={site ?? ''}
            onChange={(value) => set({ site: value || undefined })}
            options={[
              { value: '', label: t('overview.allSites') },
              ...SITES.map((s) => ({ value: s, label: t(`enums.site.${s}`) })),
            ]}
          />
        </Space>
      </Card>
      <Row gutter={[16, 16]}>
        {FIGURES.map((name) => (
          <Col key={name} xs={12} md={8} xl={4}>
            {data ? (
              <FigureCard name={name} total={data.total} previous={data.previous} />
            ) : (
              <Card size="small" loading />
            )}
          </Col>
        ))}
      </Row>
      <Card title={t('overview.chart')}>
        {data && data.total.orders === 0 && data.total.refunds === '0.00' ? (
          <Empty description={t('overview.empty')} />
        ) : (
          option && <Chart option={option} label={t('overview.chart')} />
        )}
      </Card>
      <Card>
        <Tabs
          items={[
            {
              key: 'days',
              label: t('overview.byDay'),
              children: (
                <Table
                  size="small"
                  rowKey="day"
                  loading={overview.isFetching && !data}
                  dataSource={data ? [...data.days].reverse() : []}
                  pagination={{ pageSize: 31, hideOnSinglePage: true, showSizeChanger: false }}
                  scroll={{ x: 720 }}
                  columns={[
                    {
                      key: 'day',
                      dataIndex: 'day',
                      title: t('overview.day'),
                      render: (day: string) =>
                        canList ? <ViewLink to={dayLink(day)}>{day}</ViewLink> : day,
                    },
                    ...figureColumns,
                  ]}
                />
              ),
            },
            {
              key: 'sites',
              label: t('overview.bySite'),
              children: (
                <Table
                  size="small"
                  rowKey={(row) => `${row.marketplace}:${row.site}`}
                  dataSource={data?.sites}
                  pagination={false}
                  scroll={{ x: 720 }}
                  columns={[
                    {
                      key: 'site',
                      title: t('overview.marketplaceSite'),
                      render: (_, row) =>
                        `${t(dynamicKey(`enums.marketplace.${row.marketplace}`))} · ${t(dynamicKey(`enums.site.${row.site}`))}`,
                    },
                    ...figureColumns,
                  ]}
                />
              ),
            },
          ]}
        />
      </Card>
      <Settlements />
    </Space>
  );
}
