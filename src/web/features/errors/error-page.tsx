import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AntdProvider } from '../../app/antd-provider';
import { usePageTitle } from '../../app/page-title';

/** The public /404 and /401 pages (spec §2). */
export default function ErrorPage({ kind }: { kind: '404' | '401' }) {
  return (
    <AntdProvider>
      <ErrorResult kind={kind} />
    </AntdProvider>
  );
}

function ErrorResult({ kind }: { kind: '404' | '401' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  usePageTitle(kind);
  return (
    <Result
      status={kind === '404' ? '404' : '403'}
      title={kind}
      subTitle={kind === '404' ? t('error.notFound') : t('error.forbidden')}
      extra={[
        <Button key="back" onClick={() => navigate(-1)}>
          {t('error.back')}
        </Button>,
        <Button key="home" type="primary" onClick={() => navigate('/')}>
          {t('error.backHome')}
        </Button>,
      ]}
      style={{ paddingTop: '12vh' }}
    />
  );
}
