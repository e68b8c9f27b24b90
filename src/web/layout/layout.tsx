import { QueryClientProvider } from '@tanstack/react-query';
import { Layout as AntLayout, App, Drawer, theme } from 'antd';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { SIDEBAR_WIDTH } from '../../shared/constants';
import { queryClient } from '../api/query-client';
import { AntdProvider } from '../app/antd-provider';
import { usePageTitle } from '../app/page-title';
import { groupRedirect, matchScreen, paramsAccess, screenRoutes } from '../app/route-index';
import { SIDER_BG_LIGHT_MODE } from '../app/theme';
import { routeTitle } from '../i18n';
import { MOBILE_QUERY, useApp } from '../stores/app';
import { useSession } from '../stores/session';
import { useSettings } from '../stores/settings';
import { useTagsView } from '../stores/tags-view';
import { isKnownScreen } from './forbidden-view';
import { activeMenuPath } from './menu-items';
import { Navbar } from './navbar';
import { Sidebar } from './sidebar';
import { TagsView } from './tags-view';
import { useUpdateCheck } from './use-update-check';
import { ViewHost } from './view-host';
import { endWarmUp } from './warm-up';
import './readable-text.css';

export { warmUp } from './warm-up';

// The settings drawer (antd's ColorPicker, Switch...) is its own chunk, loaded when first opened.
const SettingsDrawer = lazy(() => import('./settings-drawer'));

/**
 * Spec §4: device from the width; in mobile mode the sidebar closes without animation. Asked of a
 * media query rather than measured: measuring the body right after the shell mounts would lay the
 * whole new page out in the middle of its first render.
 */
function useDevice() {
  useEffect(() => {
    const mobile = window.matchMedia(MOBILE_QUERY);
    const update = () => {
      const device = mobile.matches ? 'mobile' : 'desktop';
      const app = useApp.getState();
      if (device !== app.device) app.setDevice(device);
      if (device === 'mobile' && app.sidebar.opened) app.closeSidebar(true);
    };
    update();
    mobile.addEventListener('change', update);
    return () => mobile.removeEventListener('change', update);
  }, []);
}

/** The signed-in shell: sidebar, top bar, tabs and the cached views. */
export default function Layout() {
  useEffect(endWarmUp, []);
  return (
    <AntdProvider>
      <QueryClientProvider client={queryClient}>
        <App>
          <Shell />
        </App>
      </QueryClientProvider>
    </AntdProvider>
  );
}

function Shell() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const location = useLocation();
  const routes = useSession((state) => state.routes);
  const titles = useSession((state) => state.titles);
  const device = useApp((state) => state.device);
  const opened = useApp((state) => state.sidebar.opened);
  const withoutAnimation = useApp((state) => state.sidebar.withoutAnimation);
  const tagsView = useSettings((state) => state.tagsView);
  const fixedHeader = useSettings((state) => state.fixedHeader);
  const dark = useSettings((state) => state.dark);
  useDevice();
  useUpdateCheck();
  const [settingsOpen, setSettingsOpen] = useState(false);
  // Mounted from the first opening on, so the drawer can animate closed.
  const [settingsUsed, setSettingsUsed] = useState(false);

  const openSettings = useCallback(() => {
    setSettingsUsed(true);
    setSettingsOpen(true);
  }, []);

  const index = useMemo(() => screenRoutes(routes), [routes]);
  const permitted = useSession((state) => state.permitted);
  const matched = useMemo(() => matchScreen(index, location.pathname), [index, location.pathname]);
  const access = matched ? paramsAccess(matched, permitted) : undefined;
  const current = access === 'open' ? matched : undefined;
  // A group's own path (`/guide`) opens the screen it names.
  const redirect = matched ? undefined : groupRedirect(routes, location.pathname);
  const title = current ? (titles[current.route.name] ?? current.route.meta?.title) : undefined;
  // A screen of the product the account may not open shows the 401 page in the shell (no tab).
  const forbidden = access === 'forbidden' || (!matched && isKnownScreen(location.pathname));
  usePageTitle(current ? routeTitle(title) : forbidden ? t('error.forbiddenTitle') : t('app.name'));

  // Pinned tabs first, then every view visited.
  useEffect(() => {
    const add = useTagsView.getState().addView;
    for (const { route } of index) {
      if (route.meta?.affix) {
        add({
          path: route.path,
          fullPath: route.path,
          name: route.name,
          title: titles[route.name] ?? route.meta.title,
          affix: true,
        });
      }
    }
  }, [index, titles]);
  useEffect(() => {
    if (!current) return;
    useTagsView.getState().addView({
      path: location.pathname,
      fullPath: location.pathname + location.search,
      name: current.route.name,
      title,
      affix: current.route.meta?.affix,
      noCache: current.route.meta?.noCache,
    });
  }, [current, location.pathname, location.search, title]);

  // Mobile: an open sidebar closes on every route change.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on route change only.
  useEffect(() => {
    const app = useApp.getState();
    if (app.device === 'mobile' && app.sidebar.opened) app.closeSidebar(false);
  }, [location.pathname]);

  const activePath = current ? activeMenuPath(current.route, current.params) : location.pathname;
  // The breadcrumb's groups are those of the menu item the screen marks: a mini-program banner's
  // form (/carousel-store/2) sits under 小程序 like its list, not under the store's carousels.
  const crumbRoute = useMemo(() => {
    if (!current || activePath === current.route.path) return current;
    const marked = matchScreen(index, activePath);
    return marked ? { route: current.route, parents: marked.parents } : current;
  }, [current, activePath, index]);
  const mobile = device === 'mobile';
  const siderBg = dark ? token.colorBgContainer : SIDER_BG_LIGHT_MODE;
  const sidebar = <Sidebar activePath={activePath} collapsed={!mobile && !opened} />;

  return (
    <AntLayout style={{ minHeight: '100vh' }}>
      {mobile ? (
        <Drawer
          placement="left"
          open={opened}
          onClose={() => useApp.getState().closeSidebar(false)}
          size={SIDEBAR_WIDTH}
          closable={false}
          styles={{ body: { padding: 0, background: siderBg } }}
        >
          {sidebar}
        </Drawer>
      ) : (
        <AntLayout.Sider
          width={SIDEBAR_WIDTH}
          collapsedWidth={64}
          collapsed={!opened}
          trigger={null}
          style={{
            background: siderBg,
            position: 'sticky',
            top: 0,
            height: '100vh',
            overflow: 'hidden',
            transition: withoutAnimation ? 'none' : undefined,
          }}
        >
          {sidebar}
        </AntLayout.Sider>
      )}
      <AntLayout style={{ minWidth: 0 }}>
        <header style={fixedHeader ? { position: 'sticky', top: 0, zIndex: 10 } : undefined}>
          <Navbar current={crumbRoute} onOpenSettings={openSettings} />
          {tagsView && <TagsView />}
        </header>
        <AntLayout.Content style={{ padding: 16, minWidth: 0 }}>
          <ViewHost current={current} forbidden={forbidden} redirect={redirect} />
        </AntLayout.Content>
      </AntLayout>
      {settingsUsed && (
        <Suspense fallback={null}>
          <SettingsDrawer open={settingsOpen} onClose={() => setSettingsOpen(false)} />
        </Suspense>
      )}
    </AntLayout>
  );
}
