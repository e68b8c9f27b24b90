import { matchPath } from 'react-router';
import { type RouteDef, walkRoutes } from '../../shared/routes';

/** A screen route of the filtered table, with the groups above it (for breadcrumbs and menu). */
export interface ScreenRoute {
  route: RouteDef & { name: string };
  parents: RouteDef[];
}

export function screenRoutes(routes: RouteDef[]): ScreenRoute[] {
  const found: ScreenRoute[] = [];
  for (const { route, parents } of walkRoutes(routes)) {
    if (route.name && !route.children?.length) {
      found.push({ route: route as ScreenRoute['route'], parents });
    }
  }
  return found;
}

/** The screen route a path opens, or undefined (→ 404). */
export function matchScreen(routes: ScreenRoute[], pathname: string) {
  for (const entry of routes) {
    const match = matchPath({ path: entry.route.path, end: true }, pathname);
    if (match) return { ...entry, params: match.params };
  }
  return undefined;
}
