import { Affix, Button, Card, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** Template demo /components/sticky: a bar that sticks to the top once scrolled to. */
export default function StickyPage() {
  const { t } = useTranslation('demos');
  return (
    <Card>
      <Typography.Paragraph>{t('components.stickyNote')}</Typography.Paragraph>
      <Affix offsetTop={100}>
        <Space style={{ padding: 8 }}>
          <Button type="primary">{t('components.stickyBar')}</Button>
        </Space>
      </Affix>
      {Array.from({ length: 40 }, (_, n) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: filler lines.
        <Typography.Paragraph key={n} type="secondary">
          {t('components.filler', { n: n + 1 })}
        </Typography.Paragraph>
      ))}
    </Card>
  );
}
