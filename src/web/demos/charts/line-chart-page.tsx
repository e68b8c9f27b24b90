import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { demoSeries } from './chart-scale';
import { SvgChart } from './svg-chart';

/** Template demo /charts/line: expected against actual over a week. */
export default function LineChartPage() {
  const { t } = useTranslation('demos');
  const days = t('charts.week').split(',');
  return (
    <Card title={t('charts.line')}>
      <SvgChart
        label={t('charts.line')}
        categories={days}
        series={[
          { name: t('charts.expected'), kind: 'line', data: demoSeries(3, 7, 80, 160) },
          { name: t('charts.actual'), kind: 'line', data: demoSeries(5, 7, 60, 180) },
        ]}
      />
    </Card>
  );
}
