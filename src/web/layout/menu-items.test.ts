import { describe, expect, it } from 'vitest';
import { type RouteDef, routeCatalog, walkRoutes } from '../../shared/routes';
import { activeMenuPath, buildMenu, openKeysFor } from './menu-items';

const routes: RouteDef[] = [
  {
    path: '/dashboard',
    name: 'dashboard',
    meta: { title: 'route.dashboard', icon: 'DashboardOutlined' },
  },
  {
    path: '/customer',
    meta: { title: 'route.group.customer', icon: 'TeamOutlined' },
    children: [
      { path: '/client-list', name: 'client-list', meta: { title: 'route.client-list' } },
      { path: '/client-store', name: 'client-store', hidden: true, meta: { title: 'x' } },
    ],
  },
  {
    path: '/setting',
    alwaysShow: true,
    meta: { title: 'route.group.setting' },
    children: [
      {
        path: '/change-password',
        name: 'change-password',
        meta: { title: 'route.change-password' },
      },
    ],
  },
  { path: '/hidden', name: 'hidden', hidden: true, meta: { title: 'hidden' } },
  { path: 'https://example.com/docs', name: 'docs', meta: { title: 'Docs' } },
];

describe('buildMenu', () => {
  const menu = buildMenu(routes);
  it('leaves hidden routes out', () => {
    expect(JSON.stringify(menu)).not.toContain('/hidden');
    expect(JSON.stringify(menu)).not.toContain('/client-store');
  });
  it('shows the only visible child of a group in its place, with the group icon', () => {
    expect(menu[1]).toEqual({
      key: '/client-list',
      title: 'route.client-list',
      icon: 'TeamOutlined',
      external: false,
    });
  });
  it('keeps a group with alwaysShow even with one child', () => {
    expect(menu[2]?.children?.map((c) => c.key)).toEqual(['/change-password']);
  });
  it('marks external links', () => {
    expect(menu.at(-1)).toMatchObject({ key: 'https://example.com/docs', external: true });
  });
  it('opens the groups above the active item', () => {
    expect(openKeysFor(menu, '/change-password')).toEqual(['/setting']);
    expect(openKeysFor(menu, '/dashboard')).toEqual([]);
  });
});

describe('activeMenuPath', () => {
  it('marks the article list of the edited type', () => {
    const store = [...walkRoutes(routeCatalog)].find(
      (r) => r.route.name === 'article-store',
    )!.route;
    expect(activeMenuPath(store, { article_type: '3' })).toBe('/article-activity');
    expect(activeMenuPath({ path: '/client-list', name: 'client-list' }, {})).toBe('/client-list');
  });
});
