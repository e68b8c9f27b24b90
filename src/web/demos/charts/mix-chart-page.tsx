import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { demoSeries } from './chart-scale';
import { SvgChart } from './svg-chart';

const YEARS = Array.from({ length: 12 }, (_, n) => String(2013 + n));

/** Template demo /charts/mix-chart: two bar series and an average on its own axis. */
export default function MixChartPage() {
  const { t } = useTranslation('demos');
  const female = demoSeries(17, 12, 300, 900);
  const male = demoSeries(19, 12, 300, 900);
  return (
    <Card title={t('charts.mix')}>
      <SvgChart
        label={t('charts.mix')}
        categories={YEARS}
        series={[
          { name: t('charts.female'), kind: 'bar', data: female },
          { name: t('charts.male'), kind: 'bar', data: male },
          {
            name: t('charts.average'),
            kind: 'line',
            right: true,
            data: female.map((f, n) => Math.round((f + male[n]!) / 20) / 10),
          },
        ]}
      />
    </Card>
  );
}
