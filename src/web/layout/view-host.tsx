import { type CSSProperties, memo, Suspense, useMemo, useRef, useState } from 'react';
import { type Location, Navigate, useLocation } from 'react-router';
import { LoadingWithProgress } from '../app/progress';
import type { ScreenRoute } from '../app/route-index';
import { screens } from '../app/screens';
import { ViewLocation, ViewShown } from '../kit/cached-view';
import { PinnedRoute, routeMatchAt, useRouteMatch } from '../kit/router-internals';
import { useTagsView } from '../stores/tags-view';
import { ForbiddenView } from './forbidden-view';
import { ScreenBoundary } from './screen-boundary';

interface MountedView {
  path: string;
  entry: ScreenRoute;
  location: Location;
}

/**
 * A view not shown keeps its style and layout (`content-visibility: hidden`), so showing it again
 * costs a repaint, not the style and layout of every element in it, which `display: none` (React's
 * <Activity>) drops: 26-28 against 3 ms for a list of 20 rows at 4x CPU. It takes no input, focus or
 * place in the accessibility tree (`inert`).
 */
const HIDDEN: CSSProperties = { contentVisibility: 'hidden' };

/**
 * The main area: the current view, plus every cached view whose tab is open, kept mounted (hidden,
 * state kept) at any route depth. Each view sees its own location, so a hidden list keeps its URL
 * state. `noCache` views unmount when left; closing a tab drops it. A hidden view stays connected:
 * its data stays subscribed (a change made elsewhere updates it), and what should happen on its
 * return reads `useViewShown()`.
 */
export function ViewHost({
  current,
  forbidden,
  redirect,
}: {
  current: ScreenRoute | undefined;
  /** The path is a screen the account may not open: the 401 page shows here, in the shell. */
  forbidden?: boolean;
  /** The path is a group's: it opens this path instead (the open views stay mounted meanwhile). */
  redirect?: string;
}) {
  const location = useLocation();
  const visited = useTagsView((state) => state.visited);
  const generation = useTagsView((state) => state.generation);
  const mounted = useRef(new Map<string, MountedView>());

  const views = useMemo(() => {
    const map = mounted.current;
    const open = new Set(visited.map((view) => view.path));
    for (const [path, view] of map) {
      // A view the account may no longer open (the demo role switched) leaves, even at its own
      // address: it stayed on show under the 401 page.
      const here = path === location.pathname;
      const stay =
        (here && !forbidden) || (!here && open.has(path) && !view.entry.route.meta?.noCache);
      if (!stay) map.delete(path);
    }
    const before = map.get(location.pathname);
    if (current && !(before && sameView(before, current, location))) {
      map.set(location.pathname, { path: location.pathname, entry: current, location });
    }
    return [...map.values()];
  }, [visited, current, location, forbidden]);

  if (!current && !forbidden && !redirect) return <Navigate to="/404" replace />;

  return (
    <>
      {redirect && <Navigate to={redirect + location.search} replace />}
      {forbidden && <ForbiddenView />}
      {views.map((view) => {
        const shown = view.path === location.pathname;
        return (
          <div
            key={`${view.path}#${generation[view.path] ?? 0}`}
            className="view-host__view"
            data-view={view.path}
            style={shown ? undefined : HIDDEN}
            inert={!shown}
            aria-hidden={shown ? undefined : true}
          >
            <ViewShown.Provider value={shown}>
              <CachedView route={view.entry.route} location={view.location} />
            </ViewShown.Provider>
          </div>
        );
      })}
    </>
  );
}

/**
 * Coming back to a view at the same address keeps the location it had, so the screen sees no new
 * navigation: what it derives from its location (URL state, queries, effects) stays as it was.
 * A new location object at the same address made the whole screen (table, filters, rows) work
 * through it again on every tab switch.
 */
function sameView(view: MountedView, entry: ScreenRoute, location: Location): boolean {
  const was = view.location;
  return (
    view.entry.route === entry.route &&
    was.search === location.search &&
    was.hash === location.hash &&
    was.state === location.state
  );
}

/**
 * One view's screen; its props change only when its route or its own location does. The router's
 * location and route contexts change on every navigation, so each view gets them pinned instead:
 * its own location, and the enclosing route's match as it was when the view opened.
 */
const CachedView = memo(function CachedView({
  route,
  location,
}: {
  route: ScreenRoute['route'];
  location: Location;
}) {
  const enclosing = useRouteMatch();
  const [parent] = useState(enclosing);
  const match = useMemo(() => routeMatchAt(parent, route, location), [parent, route, location]);
  const content = useMemo(() => {
    const Screen = screens[route.name];
    if (!Screen || !match) return null;
    return (
      <ScreenBoundary>
        <Suspense fallback={<LoadingWithProgress />}>
          <Screen {...(route.props ?? {})} />
        </Suspense>
      </ScreenBoundary>
    );
  }, [route, match]);
  // The contexts' values are made once per location, not per render. On every navigation React
  // runs again each reader of the router's contexts, past the providers here (its lazy context
  // propagation does not stop at them); a reader that finds the same values here keeps its
  // output. <Routes location> made new values each time, so every open screen rendered again.
  return (
    <PinnedRoute location={location} match={match ?? parent}>
      <ViewLocation.Provider value={location}>{content}</ViewLocation.Provider>
    </PinnedRoute>
  );
});
