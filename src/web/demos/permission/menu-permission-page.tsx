import { Card, Space, Table, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type RouteDef, routeCatalog } from '../../../shared/routes';
import { routeTitle } from '../../i18n';
import { useSession } from '../../stores/session';
import { SwitchRoles } from './demo-role';

interface MenuRow {
  key: string;
  title: string;
  path: string;
  roles?: string[];
  hidden: boolean;
  shown: boolean;
  children?: MenuRow[];
}

/** Every path of a filtered route tree. */
function paths(routes: RouteDef[], into = new Set<string>()) {
  for (const route of routes) {
    into.add(route.path);
    if (route.children) paths(route.children, into);
  }
  return into;
}

/**
 * Template demo /permission/menu ("menu management", admin only): the demos' menu as the route
 * table declares it, each entry's roles, and whether the current demo role sees it.
 */
export default function MenuPermissionPage() {
  const { t } = useTranslation('demos');
  const routes = useSession((state) => state.routes);
  const rows = useMemo(() => {
    const shown = paths(routes);
    const toRows = (defs: RouteDef[]): MenuRow[] =>
      defs.map((route) => ({
        key: route.path,
        title: routeTitle(route.meta?.title),
        path: route.path,
        roles: route.meta?.roles,
        hidden: !!route.hidden,
        shown: shown.has(route.path),
        ...(route.children?.length ? { children: toRows(route.children) } : {}),
      }));
    return toRows(routeCatalog.filter((route) => route.demo));
  }, [routes]);
  return (
    <Card>
      <Space direction="vertical" size="large" style={{ width: '100%' }}>
        <SwitchRoles />
        <Table<MenuRow>
          size="small"
          pagination={false}
          dataSource={rows}
          expandable={{ defaultExpandAllRows: true }}
          columns={[
            { title: t('permission.menuTitle'), dataIndex: 'title' },
            {
              title: t('permission.path'),
              dataIndex: 'path',
              render: (path: string) => <Typography.Text code>{path}</Typography.Text>,
            },
            {
              title: t('permission.roles'),
              dataIndex: 'roles',
              render: (roles?: string[]) =>
                roles ? roles.map((role) => <Tag key={role}>{role}</Tag>) : t('permission.anyRole'),
            },
            {
              title: t('permission.inMenu'),
              key: 'shown',
              render: (_, row) =>
                row.hidden ? (
                  <Tag>{t('permission.hidden')}</Tag>
                ) : row.shown ? (
                  <Tag color="success">{t('yes')}</Tag>
                ) : (
                  <Tag color="error">{t('no')}</Tag>
                ),
            },
          ]}
        />
      </Space>
    </Card>
  );
}
