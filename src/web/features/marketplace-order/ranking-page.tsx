import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Empty, Segmented, Space, Table } from 'antd';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../shared/format';
import { RANKINGS, type Ranking, type RankingResult } from '../../../shared/marketplace-order';
import { request } from '../../api/request';
import { dynamicKey } from '../../i18n/keys';
import { RefetchWhenShown, ViewLink } from '../../kit/cached-view';
import { Chart } from '../../kit/chart';
import { useCan } from '../../stores/session';
import { PeriodPicker, usePeriod } from './period';

const BASE = '/admin/marketplace-order';
type Row = RankingResult['rows'][number];

/** Where a row's orders are listed: the SKU's, the site's, the buyer's, in the period. */
function ordersLink(by: Ranking, row: Row, period: { from: string; to: string }) {
  const range = `orderedAtRange=${period.from},${period.to}`;
  if (by === 'goods') return `/orders-list?skus=${encodeURIComponent(row.key)}&${range}`;
  if (by === 'buyers') return `/orders-list?buyer=${encodeURIComponent(row.key)}&${range}`;
  const [marketplace, site] = row.key.split(':');
  return `/orders-list?marketplace=${marketplace}&site=${site}&${range}`;
}

/** A row's name: its SKU or buyer, or its marketplace and site. */
const nameOf = (t: TFunction<'marketplace-order'>, by: Ranking, row: Row) =>
  by === 'sites'
    ? `${t(dynamicKey(`enums.marketplace.${row.label}`))} · ${t(dynamicKey(`enums.site.${row.key.split(':')[1]}`))}`
    : row.key;

/**
 * /order-data-top: the period's top goods, sites or buyers by units or by sales (a bar chart and
 * its table); each row opens its orders.
 */
export default function RankingPage() {
  const { t } = useTranslation('marketplace-order');
  const { period, params, set } = usePeriod(30);
  const by = (RANKINGS as readonly string[]).includes(params.get('by') ?? '')
    ? (params.get('by') as Ranking)
    : 'goods';
  const sort = params.get('sort') === 'sales' ? 'sales' : 'units';
  const body = { ...period, by, sort };
  const queryKey = [BASE, 'ranking', body];
  const ranking = useQuery({
    queryKey,
    queryFn: () => request<RankingResult>(`${BASE}/ranking`, body),
    placeholderData: keepPreviousData,
  });
  const canList = useCan('orders-list');
  const rows = ranking.data?.rows ?? [];
  const name = (row: Row) => nameOf(t, by, row);
  const option = useMemo(() => {
    const shown = [...rows].reverse();
    return {
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      grid: { left: 8, right: 32, top: 8, bottom: 8, containLabel: true },
      xAxis: { type: 'value' },
      yAxis: {
        type: 'category',
        data: shown.map((row) => nameOf(t, by, row)),
        axisLabel: { width: 140, overflow: 'truncate' },
      },
      series: [
        {
          name: t(`ranking.${sort}`),
          type: 'bar',
          data: shown.map((row) => (sort === 'units' ? row.units : Number(row.sales))),
          label: { show: true, position: 'right' },
        },
      ],
    };
  }, [rows, sort, by, t]);

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <RefetchWhenShown queryKey={queryKey} />
      <Card size="small">
        <Space wrap size="middle">
          <PeriodPicker label={t('ranking.period')} value={period} onChange={(p) => set(p)} />
          <Segmented
            aria-label={t('ranking.by')}
            value={by}
            onChange={(value) => set({ by: String(value) })}
            options={RANKINGS.map((value) => ({ value, label: t(`ranking.bys.${value}`) }))}
          />
          <Segmented
            aria-label={t('ranking.sort')}
            value={sort}
            onChange={(value) => set({ sort: String(value) })}
            options={(['units', 'sales'] as const).map((value) => ({
              value,
              label: t(`ranking.sorts.${value}`),
            }))}
          />
        </Space>
      </Card>
      <Card title={t('ranking.chart')}>
        {ranking.data && rows.length === 0 ? (
          <Empty description={t('ranking.empty')} />
        ) : (
          <Chart
            option={option}
            label={t('ranking.chart')}
            height={Math.max(240, rows.length * 28 + 32)}
          />
        )}
      </Card>
      <Card>
        <Table<Row>
          size="small"
          rowKey="key"
          loading={ranking.isFetching && !ranking.data}
          dataSource={rows}
          pagination={false}
          scroll={{ x: 600 }}
          locale={{ emptyText: <Empty description={t('ranking.empty')} /> }}
          columns={[
            {
              key: 'rank',
              title: t('ranking.rank'),
              width: 64,
              render: (_, __, index) => index + 1,
            },
            {
              key: 'key',
              title: t(`ranking.key.${by}`),
              render: (_, row) =>
                canList ? (
                  <ViewLink to={ordersLink(by, row, period)}>{name(row)}</ViewLink>
                ) : (
                  name(row)
                ),
            },
            ...(by === 'goods'
              ? [{ key: 'label', dataIndex: 'label', title: t('ranking.label.goods') }]
              : []),
            {
              key: 'orders',
              dataIndex: 'orders',
              title: t('ranking.orders'),
              align: 'right' as const,
            },
            {
              key: 'units',
              dataIndex: 'units',
              title: t('ranking.units'),
              align: 'right' as const,
            },
            {
              key: 'sales',
              dataIndex: 'sales',
              title: t('ranking.sales'),
              align: 'right' as const,
              render: (v: string) => formatMoney(v),
            },
          ]}
        />
      </Card>
    </Space>
  );
}
