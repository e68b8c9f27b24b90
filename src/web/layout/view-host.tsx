import { Activity, memo, Suspense, useContext, useMemo, useRef, useState } from 'react';
import {
  type Location,
  Navigate,
  NavigationType,
  Route,
  Routes,
  UNSAFE_LocationContext,
  UNSAFE_RouteContext,
  useLocation,
} from 'react-router';
import { LoadingWithProgress } from '../app/progress';
import type { ScreenRoute } from '../app/route-index';
import { screens } from '../app/screens';
import { useTagsView } from '../stores/tags-view';
import { ScreenBoundary } from './screen-boundary';

interface MountedView {
  path: string;
  entry: ScreenRoute;
  location: Location;
}

/**
 * The main area: the current view, plus every cached view whose tab is open, kept mounted under
 * <Activity> (hidden, state kept) at any route depth. Each view sees its own location, so a
 * hidden list keeps its URL state. `noCache` views unmount when left; closing a tab drops it.
 */
export function ViewHost({ current }: { current: ScreenRoute | undefined }) {
  const location = useLocation();
  const visited = useTagsView((state) => state.visited);
  const generation = useTagsView((state) => state.generation);
  const mounted = useRef(new Map<string, MountedView>());

  const views = useMemo(() => {
    const map = mounted.current;
    const open = new Set(visited.map((view) => view.path));
    for (const [path, view] of map) {
      const stay =
        path === location.pathname || (open.has(path) && !view.entry.route.meta?.noCache);
      if (!stay) map.delete(path);
    }
    const before = map.get(location.pathname);
    if (current && !(before && sameView(before, current, location))) {
      map.set(location.pathname, { path: location.pathname, entry: current, location });
    }
    return [...map.values()];
  }, [visited, current, location]);

  if (!current) return <Navigate to="/404" replace />;

  return (
    <>
      {views.map((view) => (
        <Activity
          key={`${view.path}#${generation[view.path] ?? 0}`}
          mode={view.path === location.pathname ? 'visible' : 'hidden'}
        >
          <CachedView route={view.entry.route} location={view.location} />
        </Activity>
      ))}
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
 * location and route contexts change on every navigation, and <Routes> reads both, so every open
 * view would render again on each tab switch. Each view gets them pinned instead: its own
 * location, and the enclosing route's match as it was when the view opened (react-router's
 * UNSAFE_ contexts, the ones <Routes location> itself provides).
 */
const CachedView = memo(function CachedView({
  route,
  location,
}: {
  route: ScreenRoute['route'];
  location: Location;
}) {
  const enclosing = useContext(UNSAFE_RouteContext);
  const [routeContext] = useState(enclosing);
  const locationContext = useMemo(
    () => ({ location, navigationType: NavigationType.Pop }),
    [location],
  );
  const content = useMemo(() => {
    const Screen = screens[route.name];
    if (!Screen) return null;
    return (
      <ScreenBoundary>
        <Suspense fallback={<LoadingWithProgress />}>
          <Routes location={location}>
            <Route path={route.path} element={<Screen {...(route.props ?? {})} />} />
          </Routes>
        </Suspense>
      </ScreenBoundary>
    );
  }, [route, location]);
  return (
    <UNSAFE_RouteContext.Provider value={routeContext}>
      <UNSAFE_LocationContext.Provider value={locationContext}>
        {content}
      </UNSAFE_LocationContext.Provider>
    </UNSAFE_RouteContext.Provider>
  );
});
