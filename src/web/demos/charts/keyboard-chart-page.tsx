import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { demoSeries } from './chart-scale';
import { SvgChart } from './svg-chart';

const DAYS = Array.from({ length: 30 }, (_, n) => String(n + 1));

/** Template demo /charts/keyboard: a month of key presses, bars with their trend. */
export default function KeyboardChartPage() {
  const { t } = useTranslation('demos');
  const presses = demoSeries(11, 30, 200, 1000);
  const trend = presses.map((_, n) => {
    const window = presses.slice(Math.max(0, n - 2), n + 1);
    return Math.round(window.reduce((a, b) => a + b, 0) / window.length);
  });
  return (
    <Card title={t('charts.keyboard')}>
      <SvgChart
        label={t('charts.keyboard')}
        categories={DAYS}
        series={[
          { name: t('charts.presses'), kind: 'bar', data: presses },
          { name: t('charts.trend'), kind: 'line', data: trend },
        ]}
      />
    </Card>
  );
}
