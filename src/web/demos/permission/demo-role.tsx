import { Radio, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { MOCK_ROLES } from '../../../shared/demo-mock';
import { useSession } from '../../stores/session';

/**
 * The demos' one permission check: whether the demo role is among `roles` (spec §5, as a route's
 * meta roles are read). The demo role is client state; the account's permissions are not it.
 */
export function canDemo(roles: readonly string[], role = useSession.getState().demoRole): boolean {
  return roles.includes(role);
}

export function useCanDemo(roles: readonly string[]): boolean {
  return useSession((state) => canDemo(roles, state.demoRole));
}

/**
 * Spec §4 "Changing role", for the demos: the routes and menu are worked out again for the role,
 * every tab but the pinned ones closes, and what the role may not open is hidden. Only the demo
 * role changes, never the session or what the server allows; switching back restores everything.
 */
export function SwitchRoles() {
  const { t } = useTranslation('demos');
  const role = useSession((state) => state.demoRole);
  return (
    <Space direction="vertical">
      <Typography.Text>
        {t('permission.yourRole')} <Typography.Text code>{role}</Typography.Text>
      </Typography.Text>
      <Space wrap>
        <Typography.Text>{t('permission.switchRole')}</Typography.Text>
        <Radio.Group
          aria-label={t('permission.switchRole')}
          optionType="button"
          buttonStyle="solid"
          value={role}
          onChange={(event) => useSession.getState().setDemoRole(event.target.value)}
          options={MOCK_ROLES.map((value) => ({ value, label: value }))}
        />
      </Space>
    </Space>
  );
}
