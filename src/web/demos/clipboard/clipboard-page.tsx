import { CopyOutlined } from '@ant-design/icons';
import { App, Button, Card, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Template demo /clipboard/index: text copied by a button, and antd's copyable text. */
export default function ClipboardPage() {
  const { t } = useTranslation('demos');
  const { message } = App.useApp();
  const [text, setText] = useState('https://github.com/PanJiaChen/vue-element-admin');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      void message.success(t('clipboard.copied'));
    } catch {
      void message.error(t('clipboard.failed'));
    }
  };
  return (
    <Card>
      <Space direction="vertical" size="large" style={{ width: '100%', maxWidth: 640 }}>
        <Space.Compact style={{ width: '100%' }}>
          <Input
            aria-label={t('clipboard.text')}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
          <Button type="primary" icon={<CopyOutlined />} onClick={copy}>
            {t('clipboard.copy')}
          </Button>
        </Space.Compact>
        <Typography.Paragraph copyable={{ text }}>{t('clipboard.copyable')}</Typography.Paragraph>
      </Space>
    </Card>
  );
}
