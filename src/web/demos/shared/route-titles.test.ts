import { describe, expect, it } from 'vitest';
import { DEMO_TITLES, routeCatalog, walkRoutes } from '../../../shared/routes';
import { i18n, routeTitle } from '../../i18n';
import { DEMO_ROUTE_TITLES } from './route-titles';

describe('the demos’ route titles', () => {
  it('has a title in both languages for every demo route, and none left over', () => {
    const keys = [...walkRoutes(routeCatalog)]
      .map(({ route }) => route.meta?.title ?? '')
      .filter((title) => title.startsWith(DEMO_TITLES))
      .map((title) => title.slice(DEMO_TITLES.length));
    expect(keys.length).toBeGreaterThan(40);
    for (const language of ['zh', 'en'] as const) {
      const { group, ...leaves } = DEMO_ROUTE_TITLES[language];
      const known = [...Object.keys(leaves), ...Object.keys(group).map((name) => `group.${name}`)];
      expect(known.sort(), language).toEqual([...new Set(keys)].sort());
    }
    expect(routeTitle(`${DEMO_TITLES}permission/role`)).toBe(
      i18n.language === 'en' ? 'User permissions' : '用户权限',
    );
  });
});
