import { Button, Card, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useAppNavigate } from '../../kit/cached-view';

/** Template demos /error/401 and /error/404: the error pages, shown inside the layout. */
export default function ErrorDemoPage() {
  const { t } = useTranslation('demos');
  const navigate = useAppNavigate();
  const kind = useLocation().pathname.endsWith('401') ? '401' : '404';
  return (
    <Card>
      <Result
        status={kind === '401' ? '403' : '404'}
        title={kind}
        subTitle={t(`error.${kind}`)}
        extra={
          <Button type="primary" onClick={() => navigate('/dashboard')}>
            {t('error.home')}
          </Button>
        }
      />
    </Card>
  );
}
