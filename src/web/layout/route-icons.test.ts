import { describe, expect, it } from 'vitest';
import { routeCatalog, walkRoutes } from '../../shared/routes';
import { routeIcon } from './route-icons';

describe('route icons', () => {
  it('has every icon the route catalog names', () => {
    for (const { route } of walkRoutes(routeCatalog))
      if (route.meta?.icon) expect(routeIcon(route.meta.icon), route.meta.icon).toBeTruthy();
  });
});
