import { DownloadOutlined, PrinterOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { articleQueries } from '../shared/article-api';
import { saveFile } from '../shared/save-file';
import { articlePdf, plainText } from './article-pdf';
import './pdf-print.css';

/**
 * Template demo /pdf/download (hidden): a printable article, with the browser's print preview
 * and a real PDF made here.
 */
export default function PdfDownloadPage() {
  const { t } = useTranslation('demos');
  const { message } = App.useApp();
  const { data: article } = useQuery(articleQueries.detail(1));
  const [busy, setBusy] = useState(false);
  if (!article) return <Skeleton active />;
  const download = async () => {
    setBusy(true);
    try {
      const bytes = await articlePdf(article);
      saveFile(bytes as Uint8Array<ArrayBuffer>, `article-${article.id}.pdf`, 'application/pdf');
    } catch (err) {
      void message.error(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card
      extra={
        <Space>
          <Button icon={<PrinterOutlined />} onClick={() => window.print()}>
            {t('pdf.print')}
          </Button>
          <Button type="primary" icon={<DownloadOutlined />} loading={busy} onClick={download}>
            {t('pdf.download')}
          </Button>
        </Space>
      }
    >
      <article className="demo-pdf-article" style={{ maxWidth: 800, margin: '0 auto' }}>
        <Typography.Title>{article.title}</Typography.Title>
        <Typography.Text type="secondary">
          {article.author} · {article.display_time} · {article.type}
        </Typography.Text>
        <Typography.Paragraph strong style={{ marginTop: 16 }}>
          {article.content_short}
        </Typography.Paragraph>
        {plainText(article.content)
          .split('\n')
          .map((paragraph, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs have no other identity.
            <Typography.Paragraph key={index}>{paragraph}</Typography.Paragraph>
          ))}
      </article>
    </Card>
  );
}
