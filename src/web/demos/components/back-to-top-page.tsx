import { Card, FloatButton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** Template demo /components/back-to-top: the button appears once the page is scrolled. */
export default function BackToTopPage() {
  const { t } = useTranslation('demos');
  return (
    <Card>
      <Typography.Paragraph>{t('components.backToTopNote')}</Typography.Paragraph>
      {Array.from({ length: 60 }, (_, n) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: filler lines.
        <Typography.Paragraph key={n} type="secondary">
          {t('components.filler', { n: n + 1 })}
        </Typography.Paragraph>
      ))}
      <FloatButton.BackTop visibilityHeight={300} />
    </Card>
  );
}
