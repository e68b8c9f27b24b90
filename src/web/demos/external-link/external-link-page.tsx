import { Button, Card, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { TEMPLATE_URL } from './template-url';

/**
 * The external link entry's screen: the menu opens the address itself in a new tab, so this only
 * shows when the entry's name is opened some other way.
 */
export default function ExternalLinkPage() {
  const { t } = useTranslation('demos');
  return (
    <Card>
      <Result
        status="info"
        title={TEMPLATE_URL}
        extra={
          <Button type="primary" href={TEMPLATE_URL} target="_blank" rel="noreferrer">
            {t('externalLink.open')}
          </Button>
        }
      />
    </Card>
  );
}
