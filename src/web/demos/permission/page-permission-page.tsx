import { Alert, Card, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { SwitchRoles } from './demo-role';

/** Template demo /permission/page (admin only): switching the role re-computes the demo menu. */
export default function PagePermissionPage() {
  const { t } = useTranslation('demos');
  return (
    <Card>
      <Space direction="vertical" size="large" style={{ width: '100%' }}>
        <Alert type="info" showIcon title={t('permission.pageNote')} />
        <SwitchRoles />
      </Space>
    </Card>
  );
}
