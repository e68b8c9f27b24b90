import { Card, Splitter, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** Template demo /components/split-pane: panes resized by dragging their borders. */
export default function SplitPanePage() {
  const { t } = useTranslation('demos');
  const pane = (name: string) => (
    <div style={{ padding: 16, height: '100%' }}>
      <Typography.Title level={5}>{name}</Typography.Title>
      <Typography.Text type="secondary">{t('components.dragBorder')}</Typography.Text>
    </div>
  );
  return (
    <Card>
      <Splitter style={{ height: 400 }}>
        <Splitter.Panel defaultSize="30%" min="10%">
          {pane('A')}
        </Splitter.Panel>
        <Splitter.Panel>
          <Splitter layout="vertical">
            <Splitter.Panel>{pane('B')}</Splitter.Panel>
            <Splitter.Panel>{pane('C')}</Splitter.Panel>
          </Splitter>
        </Splitter.Panel>
      </Splitter>
    </Card>
  );
}
