import { Activity, memo, Suspense, useMemo, useRef } from 'react';
import { type Location, Navigate, Route, Routes, useLocation } from 'react-router';
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

/** One view's screen; its props change only when its route or its own location does. */
const CachedView = memo(function CachedView({
  route,
  location,
}: {
  route: ScreenRoute['route'];
  location: Location;
}) {
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
});
