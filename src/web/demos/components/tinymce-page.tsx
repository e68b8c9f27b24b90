import { Card, Skeleton, Space, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

const RichTextEditor = lazy(() => import('../../kit/rich-text-editor'));

/** Template demo /components/tinymce: the product's rich-text editor and the HTML it makes. */
export default function TinymcePage() {
  const { t } = useTranslation('demos');
  const [html, setHtml] = useState('<h2>Hello</h2><p>Rich <strong>text</strong>.</p>');
  return (
    <Card>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Paragraph type="secondary">{t('components.tinymceNote')}</Typography.Paragraph>
        <Suspense fallback={<Skeleton active />}>
          <RichTextEditor value={html} onChange={setHtml} label={t('components.editor')} />
        </Suspense>
        <Typography.Text code data-testid="rich-text-html">
          {html}
        </Typography.Text>
      </Space>
    </Card>
  );
}
