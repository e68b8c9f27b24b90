import { FilePdfOutlined } from '@ant-design/icons';
import { Button, Card, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppNavigate } from '../../kit/cached-view';

/** Template demo /pdf/index: opens the printable article (/pdf/download). */
export default function PdfIndexPage() {
  const { t } = useTranslation('demos');
  const navigate = useAppNavigate();
  return (
    <Card>
      <Result
        icon={<FilePdfOutlined />}
        title={t('pdf.title')}
        subTitle={t('pdf.note')}
        extra={
          <Button type="primary" onClick={() => navigate('/pdf/download')}>
            {t('pdf.open')}
          </Button>
        }
      />
    </Card>
  );
}
