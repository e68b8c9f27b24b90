import { describe, expect, it } from 'vitest';
import { allRouteNames, filterRoutes, routeCatalog } from '../../shared/routes';
import { groupRedirect, matchScreen, screenRoutes } from './route-index';

const everything = filterRoutes(routeCatalog, new Set(allRouteNames()), ['admin']);

describe('a group’s own path', () => {
  it('opens the screen its redirect names (spec §2: /guide → /guide/index)', () => {
    expect(groupRedirect(everything, '/guide')).toBe('/guide/index');
    expect(groupRedirect(everything, '/guide/')).toBe('/guide/index');
    expect(groupRedirect(everything, '/charts')).toBe('/charts/keyboard');
    // /guide is no screen of its own; its target is.
    expect(matchScreen(screenRoutes(everything), '/guide')).toBeUndefined();
    expect(matchScreen(screenRoutes(everything), '/guide/index')?.route.name).toBe('guide/index');
  });

  it('leads nowhere for a screen, an unknown path, or a group the account does not have', () => {
    expect(groupRedirect(everything, '/guide/index')).toBeUndefined();
    expect(groupRedirect(everything, '/nowhere')).toBeUndefined();
    const dashboardOnly = filterRoutes(routeCatalog, new Set(['dashboard']), ['admin']);
    expect(groupRedirect(dashboardOnly, '/guide')).toBeUndefined();
  });
});
