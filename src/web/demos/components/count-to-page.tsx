import { Button, Card, Col, InputNumber, Row, Space, Statistic } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A number running from `from` to `to` over `ms` (ease-out), restarted by `run`. */
export function useCountTo(from: number, to: number, ms: number, run: number) {
  const [value, setValue] = useState(from);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `run` restarts the count.
  useEffect(() => {
    const start = performance.now();
    let frame = 0;
    const step = (now: number) => {
      const progress = Math.min(1, (now - start) / ms);
      setValue(from + (to - from) * (1 - (1 - progress) ** 3));
      if (progress < 1) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [from, to, ms, run]);
  return value;
}

/** Template demo /components/count-to: numbers counting up. */
export default function CountToPage() {
  const { t } = useTranslation('demos');
  const [from, setFrom] = useState(0);
  const [to, setTo] = useState(2024);
  const [ms, setMs] = useState(2000);
  const [run, setRun] = useState(0);
  const value = useCountTo(from, to, ms, run);
  return (
    <Card>
      <Space direction="vertical" size="large">
        <Statistic title={t('components.countTo')} value={value} precision={0} />
        <Row gutter={16}>
          <Col>
            <InputNumber
              addonBefore={t('components.from')}
              aria-label={t('components.from')}
              value={from}
              onChange={(v) => setFrom(v ?? 0)}
            />
          </Col>
          <Col>
            <InputNumber
              addonBefore={t('components.to')}
              aria-label={t('components.to')}
              value={to}
              onChange={(v) => setTo(v ?? 0)}
            />
          </Col>
          <Col>
            <InputNumber
              addonBefore="ms"
              aria-label="ms"
              min={0}
              step={500}
              value={ms}
              onChange={(v) => setMs(v ?? 0)}
            />
          </Col>
        </Row>
        <Button type="primary" onClick={() => setRun((n) => n + 1)}>
          {t('components.start')}
        </Button>
      </Space>
    </Card>
  );
}
