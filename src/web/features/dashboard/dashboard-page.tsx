import { useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, List, Row, Skeleton, Statistic, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../shared/format';
import { resources } from '../../../shared/resources';
import { ARTICLE_TYPE_ROUTES, withoutDemos } from '../../../shared/routes';
import { screenRoutes } from '../../app/route-index';
import { i18n, loadDictionaries, routeTitle } from '../../i18n';
import { relativeTime } from '../../i18n/relative-time';
import { actionLabel } from '../../kit/action-label';
import { RefetchWhenShown, ViewLink } from '../../kit/cached-view';
import { useCan, useSession } from '../../stores/session';
import { dashboardSummaryQuery } from './dashboard-api';
import './dashboard.css';

/** i18n key of an operation-log action (dots are i18next's separator). */

/** A figure that opens its screen. */
function Figure({
  title,
  value,
  note,
  to,
  testId,
}: {
  title: string;
  value: string | number;
  note?: string;
  to?: string;
  testId: string;
}) {
  const figure = (
    <Statistic
      title={title}
      value={value}
      // The value as one string: antd splits numbers into an integer and a smaller decimal part.
      formatter={(v) => <span data-testid={testId}>{v}</span>}
    />
  );
  return (
    <Card size="small" className="dashboard-figure">
      {to ? <ViewLink to={to}>{figure}</ViewLink> : figure}
      {note && <Typography.Text type="secondary">{note}</Typography.Text>}
    </Card>
  );
}

/**
 * /dashboard: what exists in the areas the account may open (customers new in the last 7 days,
 * articles published, recent changes), the balance with the cost centre, and shortcuts.
 */
export default function DashboardPage() {
  const { t } = useTranslation();
  const profile = useSession((state) => state.profile);
  const routes = useSession((state) => state.routes);
  const titles = useSession((state) => state.titles);
  const permitted = useSession((state) => state.permitted);
  const showBalance = useCan('cost-center');
  const summary = useQuery(dashboardSummaryQuery);
  // Recent changes name their actions from their areas' texts: those, once the changes are in.
  const [, textsIn] = useState(0);
  useEffect(() => {
    const areas = new Set(summary.data?.recentChanges?.map((c) => c.action.split('.')[0]));
    const missing = [...areas].filter(
      (area) =>
        area &&
        resources.some((r) => r.name === area) &&
        !i18n.hasResourceBundle(i18n.language, area),
    );
    if (missing.length > 0)
      void Promise.all(missing.map((area) => loadDictionaries(area!))).then(() =>
        textsIn((n) => n + 1),
      );
  }, [summary.data]);
  const shortcuts = useMemo(
    () =>
      screenRoutes(withoutDemos(routes)).filter(
        ({ route }) => !route.hidden && route.name !== 'dashboard' && !route.path.includes(':'),
      ),
    [routes],
  );
  const firstArticleList = ARTICLE_TYPE_ROUTES.find(({ name }) => permitted.has(name))?.name;
  if (!profile) return null;
  const data = summary.data;

  const dayFigures = (
    key: 'marketplace' | 'shop',
    pair: NonNullable<typeof data>['shopOrders'] | undefined,
  ) =>
    pair && [
      <Figure
        key={`${key}-orders`}
        testId={`figure-${key}-orders`}
        title={t(`dashboard.${key}Today`)}
        value={pair.today.orders}
        note={t('dashboard.yesterdayOrders', { count: pair.yesterday.orders })}
        to={pair.link}
      />,
      <Figure
        key={`${key}-sales`}
        testId={`figure-${key}-sales`}
        title={t(`dashboard.${key}Sales`)}
        value={formatMoney(pair.today.sales)}
        note={t('dashboard.yesterdaySales', { amount: formatMoney(pair.yesterday.sales) })}
        to={pair.link}
      />,
    ];

  const figures = [
    ...(dayFigures('marketplace', data?.marketplaceOrders) || []),
    ...(dayFigures('shop', data?.shopOrders) || []),
    data?.customers && (
      <Figure
        key="customers"
        testId="figure-new-customers"
        title={t('dashboard.newCustomers')}
        value={data.customers.newLast7Days}
        note={t('dashboard.customersTotal', { count: data.customers.total })}
        to="/client-list"
      />
    ),
    data?.articles && (
      <Figure
        key="articles"
        testId="figure-published"
        title={t('dashboard.published')}
        value={data.articles.published}
        note={t('dashboard.drafts', { count: data.articles.drafts })}
        to={firstArticleList ? `/${firstArticleList}` : undefined}
      />
    ),
    showBalance && profile.balance !== null && (
      <Figure
        key="balance"
        testId="figure-balance"
        title={t('dashboard.balance')}
        value={`${profile.balance} ${t('navbar.yuan')}`}
        to="/cost-center"
      />
    ),
  ].filter(Boolean);

  return (
    <div className="dashboard">
      <RefetchWhenShown queryKey={dashboardSummaryQuery.queryKey} />
      <Typography.Paragraph type="secondary" className="dashboard-who">
        {t('dashboard.who', {
          merchant: profile.merchant.name,
          name: profile.realname || profile.name,
          role: profile.isOwner ? t('dashboard.owner') : t('dashboard.subAccount'),
        })}{' '}
        ·{' '}
        {profile.lastLogin
          ? t('dashboard.lastLoginAt', {
              when: relativeTime(profile.lastLogin.at),
              ip: profile.lastLogin.ip,
            })
          : t('dashboard.firstLogin')}
      </Typography.Paragraph>
      {summary.isPending ? (
        <Card>
          <Skeleton active paragraph={{ rows: 2 }} />
        </Card>
      ) : (
        figures.length > 0 && (
          <Row gutter={[16, 16]}>
            {figures.map((figure, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the figures keep their order.
              <Col key={index} xs={24} sm={12} lg={figures.length > 3 ? 6 : 8}>
                {figure}
              </Col>
            ))}
          </Row>
        )
      )}
      {data && (data.todos.length > 0 || (data.lowStockCombinations?.length ?? 0) > 0) && (
        <Card size="small" title={t('dashboard.todos.title')} data-testid="todos">
          <nav className="dashboard-todos" aria-label={t('dashboard.todos.title')}>
            {data.todos.map((todo) => (
              <ViewLink key={todo.key} to={todo.link} className="dashboard-todo">
                {t(`dashboard.todos.${todo.key}`, { count: todo.count })}
              </ViewLink>
            ))}
            {data.lowStockCombinations?.map((combination) => (
              <ViewLink
                key={`${combination.productId}:${combination.options.join('/')}`}
                to={combination.link}
                className="dashboard-todo"
              >
                {t('dashboard.todos.combinationLow', {
                  product: combination.product,
                  options: combination.options.join('/'),
                })}{' '}
                <span className="dashboard-todo-left">
                  {t('dashboard.todos.combinationLeft', { count: combination.stock })}
                </span>
              </ViewLink>
            ))}
          </nav>
        </Card>
      )}
      <Row gutter={[16, 16]}>
        {data?.recentChanges && (
          <Col xs={24} lg={12}>
            <Card
              data-testid="recent-changes"
              title={t('dashboard.recentChanges')}
              extra={<ViewLink to="/operation-log">{t('dashboard.allChanges')}</ViewLink>}
              style={{ height: '100%' }}
            >
              <List
                size="small"
                locale={{ emptyText: t('dashboard.noChanges') }}
                dataSource={data.recentChanges}
                renderItem={(change) => (
                  <List.Item>
                    <span className="dashboard-change">
                      <Typography.Text strong>{change.adminName}</Typography.Text>{' '}
                      {actionLabel(change.action)}
                      {change.targetName && (
                        <>
                          {' '}
                          {change.targetLink ? (
                            <ViewLink to={change.targetLink}>{change.targetName}</ViewLink>
                          ) : (
                            change.targetName
                          )}
                        </>
                      )}
                    </span>
                    <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
                      {relativeTime(change.createdAt)}
                    </Typography.Text>
                  </List.Item>
                )}
              />
            </Card>
          </Col>
        )}
        <Col xs={24} lg={data?.recentChanges ? 12 : 24}>
          <Card title={t('dashboard.shortcuts')} style={{ height: '100%' }}>
            {shortcuts.length === 0 ? (
              <Empty description={t('dashboard.noShortcuts')} />
            ) : (
              <nav className="dashboard-shortcuts" aria-label={t('dashboard.shortcuts')}>
                {shortcuts.map(({ route }) => {
                  const title = routeTitle(titles[route.name] ?? route.meta?.title);
                  return (
                    <ViewLink
                      key={route.path}
                      to={route.path}
                      className="dashboard-shortcut"
                      title={title}
                    >
                      {title}
                    </ViewLink>
                  );
                })}
              </nav>
            )}
          </Card>
        </Col>
      </Row>
    </div>
  );
}
