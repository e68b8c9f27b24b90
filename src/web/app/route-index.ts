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

/**
 * Where a group's own path leads (its `redirect`: `/guide` → `/guide/index`), when the group is in
 * the account's routes; else undefined (the path is no page).
 */
export function groupRedirect(routes: RouteDef[], pathname: string): string | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  for (const { route } of walkRoutes(routes)) {
    if (route.redirect && route.path === path) return route.redirect;
  }
  return undefined;
}

/**
 * Whether the screen's params name something the account may open. An add/edit page whose path
 * parameter picks its list (an article's type) takes a known value (else it is no page: 404)
 * whose list the account may open (else 401).
 */
export function paramsAccess(
  match: ScreenRoute & { params: Record<string, string | undefined> },
  permitted: ReadonlySet<string>,
): 'open' | 'forbidden' | 'not-found' {
  const active = match.route.meta?.activeMenu;
  if (!active || typeof active === 'string') return 'open';
  const list = active.paths[match.params[active.param] ?? '']?.slice(1);
  if (!list) return 'not-found';
  return permitted.has(list) ? 'open' : 'forbidden';
}
