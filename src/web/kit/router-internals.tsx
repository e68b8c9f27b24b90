/**
 * The one place the app reaches into react-router's internals (its `UNSAFE_` contexts). Why: a
 * kept-alive view (layout/view-host.tsx) must see its own location and route match while another
 * view is shown, with values that change only when its own do; react-router's public
 * `<Routes location>` makes new ones on every navigation, so every open screen rendered again.
 * Elsewhere the app uses react-router's public API only. On a react-router upgrade, check here.
 */
import { type ContextType, type ReactNode, useContext, useMemo } from 'react';
import {
  type Location,
  matchPath,
  NavigationType,
  UNSAFE_DataRouterContext,
  UNSAFE_LocationContext,
  UNSAFE_RouteContext,
} from 'react-router';

/** The route matches around a component (the enclosing routes, their params and paths). */
export type RouteMatch = ContextType<typeof UNSAFE_RouteContext>;

/** The data router the app runs in: navigating through it reads no location context. */
export function useDataRouter() {
  return useContext(UNSAFE_DataRouterContext)?.router;
}

/** The route matches around the calling component. */
export function useRouteMatch(): RouteMatch {
  return useContext(UNSAFE_RouteContext);
}

/**
 * The matches `<Routes location><Route path /></Routes>` would give a screen under `parent`:
 * the enclosing matches and this route's match for `location` (its params, and the paths that
 * relative links resolve against). Undefined when the location does not match the path.
 */
export function routeMatchAt(
  parent: RouteMatch,
  route: { name: string; path: string },
  location: Location,
): RouteMatch | undefined {
  const match = matchPath({ path: route.path, end: true }, location.pathname);
  if (!match) return undefined;
  const last = parent.matches[parent.matches.length - 1];
  const matches = [
    ...parent.matches,
    {
      params: { ...(last?.params ?? {}), ...match.params },
      pathname: match.pathname,
      pathnameBase: match.pathnameBase,
      route: { id: `view:${route.name}`, path: route.path },
    },
  ];
  return { outlet: null, matches, isDataRoute: false };
}

/**
 * What is under it sees this location and route match through react-router's own hooks
 * (useLocation, useParams, relative links), as under `<Routes location>`; the values are made
 * once per location and match, so a navigation elsewhere renders nothing here again.
 */
export function PinnedRoute({
  location,
  match,
  children,
}: {
  location: Location;
  match: RouteMatch;
  children: ReactNode;
}) {
  const locationContext = useMemo(
    () => ({ location, navigationType: NavigationType.Pop }),
    [location],
  );
  return (
    <UNSAFE_LocationContext.Provider value={locationContext}>
      <UNSAFE_RouteContext.Provider value={match}>{children}</UNSAFE_RouteContext.Provider>
    </UNSAFE_LocationContext.Provider>
  );
}
