import { Card } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Chart } from '../../kit/chart';
import { demoSeries } from './chart-scale';

const DAYS = Array.from({ length: 30 }, (_, n) => String(n + 1));

/** Template demo /charts/keyboard: a month of key presses, bars with their trend. */
export default function KeyboardChartPage() {
  const { t } = useTranslation('demos');
  const option = useMemo(() => {
    const presses = demoSeries(11, 30, 200, 1000);
    const trend = presses.map((_, n) => {
      const window = presses.slice(Math.max(0, n - 2), n + 1);
      return Math.round(window.reduce((a, b) => a + b, 0) / window.length);
    });
    return {
      tooltip: { trigger: 'axis' },
      legend: { data: [t('charts.presses'), t('charts.trend')] },
      grid: { left: 48, right: 24, top: 40, bottom: 32 },
      xAxis: { type: 'category', data: DAYS },
      yAxis: { type: 'value' },
      series: [
        { name: t('charts.presses'), type: 'bar', data: presses },
        { name: t('charts.trend'), type: 'line', smooth: true, data: trend },
      ],
    };
  }, [t]);
  return (
    <Card title={t('charts.keyboard')}>
      <Chart option={option} label={t('charts.keyboard')} height={360} />
    </Card>
  );
}
