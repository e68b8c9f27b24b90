import {
  CopyOutlined,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  TranslationOutlined,
} from '@ant-design/icons';
import { Avatar, Breadcrumb, Button, Dropdown, Space, Tooltip, Typography, theme } from 'antd';
import { memo, useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { COPY_TOAST_MS } from '../../shared/constants';
import { splitMoney } from '../../shared/money';
import { toastError, toastSuccess } from '../api/feedback';
import { getToken } from '../api/token';
import type { ScreenRoute } from '../app/route-index';
import { hasScreen } from '../app/screens';
import { LANGUAGES, routeTitle, setLanguage } from '../i18n';
import { useApp } from '../stores/app';
import { useCan, useSession } from '../stores/session';
import { useSettings } from '../stores/settings';
import { useTagsView } from '../stores/tags-view';
import {
  ErrorLogButton,
  FullscreenToggle,
  HeaderSearch,
  SettingsButton,
  SizeSelect,
} from './header-tools';
import { HelpCenter } from './help-center';
import { menuTrail } from './menu-items';
import { tabTitle } from './tags-view';

const DEFAULT_AVATAR = '/avatar-default.svg';
const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
} as const;

/**
 * The balance, for accounts that may open the cost centre (its route); otherwise nothing. On a
 * phone it stays in the top bar, as a figure alone (¥12.34), named in full by its title.
 */
function Balance({ amount, compact = false }: { amount: string | null; compact?: boolean }) {
  const { t } = useTranslation();
  const permitted = useCan('cost-center');
  const canOpen = permitted && hasScreen('cost-center');
  // The server sends the balance only to those accounts (null to the others).
  if (!permitted || amount === null) return null;
  const { integer, decimal } = splitMoney(amount);
  const title = `${t('navbar.balance')} ${amount} ${t('navbar.yuan')}`;
  const text = compact ? (
    <span data-testid="balance" title={title} style={{ whiteSpace: 'nowrap' }}>
      ¥<strong>{integer}</strong>.{decimal}
    </span>
  ) : (
    <span data-testid="balance" title={title}>
      {t('navbar.balance')} <strong style={{ fontSize: 16 }}>{integer}</strong>
      <span>.{decimal}</span> {t('navbar.yuan')}
    </span>
  );
  return canOpen ? <Link to="/cost-center">{text}</Link> : text;
}

/**
 * The top bar. Only the breadcrumb follows the route: the buttons and menus beside it are a
 * memoised part of their own, so a navigation (a tab switch) does not render them again.
 */
export function Navbar({
  current,
  onOpenSettings,
}: {
  current: ScreenRoute | undefined;
  onOpenSettings(): void;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const opened = useApp((state) => state.sidebar.opened);
  const mobile = useApp((state) => state.device === 'mobile');
  const toggleSidebar = useApp((state) => state.toggleSidebar);
  const navigate = useNavigate();
  const signOut = useSession((state) => state.signOut);
  const logout = useCallback(async () => {
    // Read at the press: the buttons' part keeps this callback across navigations.
    const fullPath = window.location.pathname + window.location.search;
    try {
      await signOut();
    } finally {
      navigate(`/login?redirect=${encodeURIComponent(fullPath)}`, { replace: true });
    }
  }, [navigate, signOut]);

  // The screen's own title where it gave one ("New coupon" on the route of "Edit coupon"), as its tab.
  const { pathname } = useLocation();
  const label = useTagsView((state) => state.visited.find((v) => v.path === pathname)?.label);
  const crumbs = [{ title: <Link to="/dashboard">{t('route.dashboard')}</Link> }];
  if (current && current.route.name !== 'dashboard') {
    // The groups as the menu shows them; a group named like its screen is not said twice.
    const titles = [
      ...menuTrail(current.parents).map((parent) => routeTitle(parent.meta?.title)),
      tabTitle({ title: current.route.meta?.title, label }),
    ];
    titles.forEach((title, index) => {
      if (title !== titles[index + 1]) crumbs.push({ title: <>{title}</> });
    });
  }

  return (
    <div
      style={{
        position: 'relative',
        display: 'flex',
        alignItems: 'center',
        height: 50,
        padding: '0 12px 0 0',
        background: token.colorBgContainer,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
        gap: 8,
      }}
    >
      <Button
        type="text"
        aria-label={t('navbar.toggleSidebar')}
        icon={opened ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
        onClick={toggleSidebar}
        style={{ height: 50, width: 48 }}
      />
      <div style={{ flex: 1, minWidth: 0, overflow: 'hidden' }}>
        {!mobile && <Breadcrumb items={crumbs} />}
      </div>
      <HeaderActions onOpenSettings={onOpenSettings} onLogout={logout} />
    </div>
  );
}

const HeaderActions = memo(function HeaderActions({
  onOpenSettings,
  onLogout,
}: {
  onOpenSettings(): void;
  onLogout(): void;
}) {
  const { t, i18n } = useTranslation();
  const profile = useSession((state) => state.profile);
  const showBalance = useCan('cost-center');
  const showSettings = useSettings((state) => state.showSettings);
  const mobile = useApp((state) => state.device === 'mobile');

  async function copyToken() {
    try {
      await navigator.clipboard.writeText(getToken() ?? '');
      toastSuccess(t('navbar.tokenCopied'), COPY_TOAST_MS);
    } catch {
      toastError(t('navbar.copyFailed'), 3000);
    }
  }

  return (
    <Space size="small" wrap={false}>
      <HeaderSearch />
      <ErrorLogButton />
      {!mobile && <FullscreenToggle />}
      {!mobile && <SizeSelect />}
      {showSettings && !mobile && <SettingsButton onOpen={onOpenSettings} />}
      {profile && showBalance && <Balance amount={profile.balance} compact={mobile} />}
      <HelpCenter />
      <Tooltip title={t('navbar.copyToken')}>
        <Button
          type="text"
          icon={<CopyOutlined />}
          aria-label={t('navbar.copyToken')}
          onClick={copyToken}
        />
      </Tooltip>
      <Dropdown
        menu={{
          selectedKeys: [i18n.language],
          items: LANGUAGES.map((language) => ({ key: language.key, label: language.label })),
          onClick: ({ key }) => setLanguage(key as 'zh' | 'en'),
        }}
      >
        <Button type="text" icon={<TranslationOutlined />} aria-label={t('app.language')} />
      </Dropdown>
      <Dropdown
        menu={{
          items: [
            {
              key: 'logout',
              icon: <LogoutOutlined />,
              label: t('navbar.logout'),
              onClick: onLogout,
            },
          ],
        }}
      >
        <Space style={{ cursor: 'pointer' }} data-testid="account-menu">
          <Avatar src={profile?.avatar || DEFAULT_AVATAR} alt="" />
          <span style={mobile ? visuallyHidden : { whiteSpace: 'nowrap' }}>
            <Typography.Text strong>{profile?.realname}</Typography.Text>{' '}
            <Typography.Text type="secondary">{profile?.name}</Typography.Text>
          </span>
        </Space>
      </Dropdown>
    </Space>
  );
});
