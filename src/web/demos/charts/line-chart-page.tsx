import { Card } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Chart } from '../../kit/chart';
import { demoSeries } from './chart-scale';

/** Template demo /charts/line: expected against actual over a week. */
export default function LineChartPage() {
  const { t } = useTranslation('demos');
  const option = useMemo(
    () => ({
      tooltip: { trigger: 'axis' },
      legend: { data: [t('charts.expected'), t('charts.actual')] },
      grid: { left: 48, right: 24, top: 40, bottom: 32 },
      xAxis: { type: 'category', boundaryGap: false, data: t('charts.week').split(',') },
      yAxis: { type: 'value' },
      series: [
        { name: t('charts.expected'), type: 'line', smooth: true, data: demoSeries(3, 7, 80, 160) },
        {
          name: t('charts.actual'),
          type: 'line',
          smooth: true,
          areaStyle: { opacity: 0.15 },
          data: demoSeries(5, 7, 60, 180),
        },
      ],
    }),
    [t],
  );
  return (
    <Card title={t('charts.line')}>
      <Chart option={option} label={t('charts.line')} height={360} />
    </Card>
  );
}
