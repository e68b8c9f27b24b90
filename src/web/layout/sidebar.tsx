import { Menu, type MenuProps, theme } from 'antd';
import {
  createContext,
  memo,
  type ReactNode,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
  useSyncExternalStore,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { routeTitle } from '../i18n';
import { useAppNavigate, ViewLink } from '../kit/cached-view';
import { useApp } from '../stores/app';
import { useSession } from '../stores/session';
import { useSettings } from '../stores/settings';
import { buildMenu, type MenuNode, openKeysFor } from './menu-items';
import { routeIcon } from './route-icons';
import './sidebar.css';

type Item = Required<MenuProps>['items'][number];

/**
 * The menu item of the current route. Only the item labels read it: antd's Menu renders every
 * item again when its `selectedKeys` change, which made the menu most of a tab switch's work, so
 * the menu is given no selection and each label marks its own item (see sidebar.css).
 */
const ActivePath = createContext(createPathStore(''));
const NO_KEYS: string[] = [];

/**
 * The current path as a small store rather than a context value: an item renders again only
 * when its own mark changes (two items and their groups on a navigation), not every item.
 */
function createPathStore(initial: string) {
  let path = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => path,
    set(next: string) {
      if (next === path) return;
      path = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

function useActive(test: (path: string) => boolean): boolean {
  const store = useContext(ActivePath);
  return useSyncExternalStore(store.subscribe, () => test(store.get()));
}

function MenuLink({ to, children }: { to: string; children: ReactNode }) {
  const active = useActive((path) => path === to);
  return (
    <ViewLink
      to={to}
      // The menu item around it is what the keyboard reaches (arrows, Enter: SidebarMenu's
      // onClick); a second stop inside it is a focusable nested in an interactive (axe).
      tabIndex={-1}
      className={active ? 'sidebar-link sidebar-link--active' : 'sidebar-link'}
      aria-current={active ? 'page' : undefined}
    >
      {children}
    </ViewLink>
  );
}

/** A group's title, marked while the current route is one of its items. */
function MenuGroup({ paths, children }: { paths: string[]; children: ReactNode }) {
  const active = useActive((path) => paths.includes(path));
  return (
    <span className={active ? 'sidebar-group sidebar-group--active' : undefined}>{children}</span>
  );
}

function leafPaths(node: MenuNode): string[] {
  return node.children ? node.children.flatMap(leafPaths) : [node.key];
}

function toItems(nodes: MenuNode[]): Item[] {
  return nodes.map((node) => {
    const label = routeTitle(node.title);
    if (node.children) {
      return {
        key: node.key,
        icon: routeIcon(node.icon),
        label: <MenuGroup paths={leafPaths(node)}>{label}</MenuGroup>,
        children: toItems(node.children),
      };
    }
    return {
      key: node.key,
      icon: routeIcon(node.icon),
      label: node.external ? (
        <a href={node.key} target="_blank" rel="noopener noreferrer" tabIndex={-1}>
          {label}
        </a>
      ) : (
        <MenuLink to={node.key}>{label}</MenuLink>
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
  const [active] = useState(() => createPathStore(activePath));
  useLayoutEffect(() => active.set(activePath), [active, activePath]);

  // The groups of the current route open; an unchanged list keeps its identity, so the menu
  // does not render again.
  useEffect(() => {
    const wanted = openKeysFor(nodes, activePath);
    setOpenKeys((open) =>
      wanted.every((key) => open.includes(key)) ? open : [...new Set([...open, ...wanted])],
    );
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
            color: dark ? token.colorText : token.colorTextLightSolid,
            fontWeight: 600,
            whiteSpace: 'nowrap',
            overflow: 'hidden',
          }}
        >
          <img src="/logo.svg" alt="" width={26} height={26} />
          {!collapsed && <span>{websiteName}</span>}
        </Link>
      )}
      <ActivePath.Provider value={active}>
        <SidebarMenu
          items={items}
          dark={dark}
          collapsed={collapsed}
          openKeys={openKeys}
          onOpenChange={setOpenKeys}
        />
      </ActivePath.Provider>
    </nav>
  );
}

const SidebarMenu = memo(function SidebarMenu({
  items,
  dark,
  collapsed,
  openKeys,
  onOpenChange,
}: {
  items: Item[];
  dark: boolean;
  collapsed: boolean;
  openKeys: string[];
  onOpenChange(keys: string[]): void;
}) {
  const navigate = useAppNavigate();
  return (
    <Menu
      // A click is the item's link's; Enter on an item the arrows reached opens it here.
      onClick={({ key, domEvent }) => {
        if (domEvent.type !== 'keydown') return;
        if (/^https?:/.test(key)) window.open(key, '_blank', 'noopener,noreferrer');
        else navigate(key);
      }}
      mode="inline"
      theme={dark ? 'light' : 'dark'}
      inlineCollapsed={collapsed}
      // Open, the items show their titles: a tooltip each would only cost a render per item.
      tooltip={collapsed ? undefined : false}
      items={items}
      selectedKeys={NO_KEYS}
      openKeys={collapsed ? undefined : openKeys}
      onOpenChange={onOpenChange}
      style={{ borderInlineEnd: 0, flex: 1, overflowY: 'auto', background: 'transparent' }}
    />
  );
});
