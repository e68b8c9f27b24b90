import { Alert, Card, Space, Tabs, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../stores/session';
import { canDemo, SwitchRoles } from './demo-role';

const SAMPLES = [['admin'], ['editor'], ['admin', 'editor'], ['visitor']] as const;

/** Template demo /permission/directive: elements shown by role, through the one canDemo(). */
export default function DirectivePermissionPage() {
  const { t } = useTranslation('demos');
  const role = useSession((state) => state.demoRole);
  const tabs = (
    [
      { key: 'admin', roles: ['admin'] },
      { key: 'editor', roles: ['admin', 'editor'] },
      { key: 'everyone', roles: ['admin', 'editor', 'visitor'] },
    ] satisfies { key: 'admin' | 'editor' | 'everyone'; roles: string[] }[]
  ).filter((tab) => canDemo(tab.roles, role));
  return (
    <Card>
      <Space direction="vertical" size="large" style={{ width: '100%' }}>
        <SwitchRoles />
        {SAMPLES.filter((roles) => canDemo(roles, role)).map((roles) => (
          <Alert
            key={roles.join()}
            type="success"
            data-testid={`only-${roles.join('-')}`}
            title={t('permission.onlyFor', { roles: roles.join(', ') })}
            description={
              <Space>
                {roles.map((r) => (
                  <Tag key={r}>{r}</Tag>
                ))}
              </Space>
            }
          />
        ))}
        <Tabs
          items={tabs.map((tab) => ({
            key: tab.key,
            label: t(`permission.tab.${tab.key}`),
            children: t('permission.tabBody', { roles: tab.roles.join(', ') }),
          }))}
        />
      </Space>
    </Card>
  );
}
