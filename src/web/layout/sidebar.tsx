import { Menu, type MenuProps, theme } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { routeTitle } from '../i18n';
import { useApp } from '../stores/app';
import { useSession } from '../stores/session';
import { useSettings } from '../stores/settings';
import { buildMenu, type MenuNode, openKeysFor } from './menu-items';
import { routeIcon } from './route-icons';

type Item = Required<MenuProps>['items'][number];

function toItems(nodes: MenuNode[]): Item[] {
  return nodes.map((node) => {
    const label = routeTitle(node.title);
    if (node.children) {
      return { key: node.key, icon: routeIcon(node.icon), label, children: toItems(node.children) };
    }
    return {
      key: node.key,
      icon: routeIcon(node.icon),
      label: node.external ? (
        <a href={node.key} target="_blank" rel="noopener noreferrer">
          {label}
        </a>
      ) : (
        <Link to={node.key}>{label}</Link>
      ),
    };
  });
}

/** The menu of the routes this account may open; the active item follows the route. */
export function Sidebar({ activePath, collapsed }: { activePath: string; collapsed: boolean }) {
  const { i18n } = useTranslation();
  const { token } = theme.useToken();
  const routes = useSession((state) => state.routes);
  const websiteName = useApp((state) => state.websiteName);
  const showLogo = useSettings((state) => state.sidebarLogo);
  const dark = useSettings((state) => state.dark);
  const nodes = useMemo(() => buildMenu(routes), [routes]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: labels follow the language.
  const items = useMemo(() => toItems(nodes), [nodes, i18n.language]);
  const [openKeys, setOpenKeys] = useState<string[]>(() => openKeysFor(nodes, activePath));

  useEffect(() => {
    const wanted = openKeysFor(nodes, activePath);
    setOpenKeys((open) => [...new Set([...open, ...wanted])]);
  }, [nodes, activePath]);

  return (
    <nav aria-label="menu" style={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      {showLogo && (
        <Link
          to="/"
          style={{
            display: 'flex',
            alignItems: 'center',
            gap: 10,
            height: 50,
            padding: collapsed ? '0 20px' : '0 18px',
            color: dark ? token.colorText : '#fff',
            fontWeight: 600,
            whiteSpace: 'nowrap',
            overflow: 'hidden',
          }}
        >
          <img src="/logo.svg" alt="" width={26} height={26} />
          {!collapsed && <span>{websiteName}</span>}
        </Link>
      )}
      <Menu
        mode="inline"
        theme={dark ? 'light' : 'dark'}
        inlineCollapsed={collapsed}
        // Open, the items show their titles: a tooltip each would only cost a render per item on
        // every navigation (the selected item changes) and show nothing.
        tooltip={collapsed ? undefined : false}
        items={items}
        selectedKeys={[activePath]}
        openKeys={collapsed ? undefined : openKeys}
        onOpenChange={setOpenKeys}
        style={{ borderInlineEnd: 0, flex: 1, overflowY: 'auto', background: 'transparent' }}
      />
    </nav>
  );
}
