import { Card } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Chart } from '../../kit/chart';
import { demoSeries } from './chart-scale';

const YEARS = Array.from({ length: 12 }, (_, n) => String(2013 + n));

/** Template demo /charts/mix-chart: two bar series and an average on its own axis. */
export default function MixChartPage() {
  const { t } = useTranslation('demos');
  const option = useMemo(() => {
    const female = demoSeries(17, 12, 300, 900);
    const male = demoSeries(19, 12, 300, 900);
    return {
      tooltip: { trigger: 'axis' },
      legend: { data: [t('charts.female'), t('charts.male'), t('charts.average')] },
      grid: { left: 48, right: 48, top: 40, bottom: 56 },
      dataZoom: [{ type: 'slider', height: 16, bottom: 8 }],
      xAxis: { type: 'category', data: YEARS },
      yAxis: [{ type: 'value' }, { type: 'value', splitLine: { show: false } }],
      series: [
        { name: t('charts.female'), type: 'bar', stack: 'people', data: female },
        { name: t('charts.male'), type: 'bar', stack: 'people', data: male },
        {
          name: t('charts.average'),
          type: 'line',
          yAxisIndex: 1,
          data: female.map((f, n) => Math.round((f + male[n]!) / 20) / 10),
        },
      ],
    };
  }, [t]);
  return (
    <Card title={t('charts.mix')}>
      <Chart option={option} label={t('charts.mix')} height={400} />
    </Card>
  );
}
