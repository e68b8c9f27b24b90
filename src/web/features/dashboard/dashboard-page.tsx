import { Avatar, Card, Col, Descriptions, Empty, Row, Statistic, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime, parseTime } from '../../../shared/format';
import { splitMoney } from '../../../shared/money';
import { withoutDemos } from '../../../shared/routes';
import { screenRoutes } from '../../app/route-index';
import { routeTitle } from '../../i18n';
import { useSession } from '../../stores/session';
import './dashboard.css';
import { ViewLink } from '../../kit/cached-view';

/** /dashboard: who is signed in, the store's balance, the last sign-in and shortcuts. */
export default function DashboardPage() {
  const { t } = useTranslation();
  const profile = useSession((state) => state.profile);
  const routes = useSession((state) => state.routes);
  const titles = useSession((state) => state.titles);
  const shortcuts = useMemo(
    () =>
      screenRoutes(withoutDemos(routes)).filter(
        ({ route }) => !route.hidden && route.name !== 'dashboard' && !route.path.includes(':'),
      ),
    [routes],
  );
  if (!profile) return null;
  const balance = splitMoney(profile.balance);

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={16}>
        <Card>
          <div style={{ display: 'flex', gap: 16, alignItems: 'center' }}>
            <Avatar size={64} src={profile.avatar || '/avatar-default.svg'} alt="" />
            <div style={{ minWidth: 0 }}>
              <Typography.Title level={4} style={{ margin: 0 }}>
                {t('dashboard.welcome', { name: profile.realname || profile.name })}
              </Typography.Title>
              <Typography.Text type="secondary">
                {profile.merchant.name} ·{' '}
                {profile.isOwner ? t('dashboard.owner') : t('dashboard.subAccount')}
              </Typography.Text>
            </div>
          </div>
          <Descriptions column={{ xs: 1, sm: 2 }} style={{ marginTop: 24 }}>
            <Descriptions.Item label={t('dashboard.merchant')}>
              {profile.merchant.name}
            </Descriptions.Item>
            <Descriptions.Item label={t('dashboard.account')}>{profile.name}</Descriptions.Item>
            <Descriptions.Item label={t('dashboard.lastLogin')}>
              {profile.lastLogin ? (
                <span title={parseTime(profile.lastLogin.at) ?? ''}>
                  {formatTime(new Date(profile.lastLogin.at).getTime())} · {profile.lastLogin.ip}
                </span>
              ) : (
                t('dashboard.firstLogin')
              )}
            </Descriptions.Item>
          </Descriptions>
        </Card>
      </Col>
      <Col xs={24} lg={8}>
        <Card style={{ height: '100%' }}>
          <Statistic
            title={t('dashboard.balance')}
            value={balance.integer}
            suffix={
              <span style={{ fontSize: 16 }}>
                .{balance.decimal} {t('navbar.yuan')}
              </span>
            }
          />
        </Card>
      </Col>
      <Col span={24}>
        <Card title={t('dashboard.shortcuts')}>
          {shortcuts.length === 0 ? (
            <Empty description={t('dashboard.noShortcuts')} />
          ) : (
            <nav className="dashboard-shortcuts" aria-label={t('dashboard.shortcuts')}>
              {shortcuts.map(({ route }) => (
                <ViewLink key={route.path} to={route.path} className="dashboard-shortcut">
                  {routeTitle(titles[route.name] ?? route.meta?.title)}
                </ViewLink>
              ))}
            </nav>
          )}
        </Card>
      </Col>
    </Row>
  );
}
