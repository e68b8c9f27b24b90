import { describe, expect, it } from 'vitest';
import { allRouteNames, filterRoutes, routeCatalog, walkRoutes } from './routes';

const shownPaths = (demoRole: string) => {
  const routes = filterRoutes(routeCatalog, new Set(allRouteNames()), ['admin'], [demoRole]);
  return [...walkRoutes(routes)].map(({ route }) => route.path);
};

describe('the demo role (spec §4 "Changing role", §6)', () => {
  it('shows the permission demo by its meta roles, and never touches the merchant’s screens', () => {
    const admin = shownPaths('admin');
    expect(admin).toEqual(expect.arrayContaining(['/permission/page', '/permission/role']));
    const editor = shownPaths('editor');
    expect(editor).toContain('/permission/directive');
    expect(editor).not.toContain('/permission/page');
    expect(editor).not.toContain('/permission/role');
    expect(editor).not.toContain('/permission/menu');
    const visitor = shownPaths('visitor');
    expect(visitor).not.toContain('/permission');
    expect(visitor).toContain('/example/list');
    // The merchant's own screens do not depend on the demo role.
    for (const paths of [editor, visitor])
      expect(paths.filter((p) => !admin.includes(p))).toEqual([]);
    expect(visitor).toContain('/dashboard');
    expect(visitor).toContain('/client-list');
  });
});

describe('the template’s pinned and uncached demos (spec §2)', () => {
  const all = [...walkRoutes(routeCatalog)].map(({ route }) => route);

  it('pins the dashboard and the documentation, as the template does', () => {
    expect(all.filter((route) => route.meta?.affix).map((route) => route.path)).toEqual([
      '/dashboard',
      '/documentation/index',
    ]);
  });

  it('sends /guide to /guide/index, which is not kept alive', () => {
    const group = all.find((route) => route.path === '/guide');
    expect(group?.redirect).toBe('/guide/index');
    expect(group?.children?.map((route) => [route.path, route.meta?.noCache])).toEqual([
      ['/guide/index', true],
    ]);
  });
});
