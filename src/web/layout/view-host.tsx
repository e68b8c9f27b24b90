import { Activity, Suspense, useMemo, useRef } from 'react';
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
    if (current) map.set(location.pathname, { path: location.pathname, entry: current, location });
    return [...map.values()];
  }, [visited, current, location]);

  if (!current) return <Navigate to="/404" replace />;

  return (
    <>
      {views.map((view) => {
        const Screen = screens[view.entry.route.name];
        if (!Screen) return null;
        const active = view.path === location.pathname;
        return (
          <Activity
            key={`${view.path}#${generation[view.path] ?? 0}`}
            mode={active ? 'visible' : 'hidden'}
          >
            <ScreenBoundary>
              <Suspense fallback={<LoadingWithProgress />}>
                <Routes location={view.location}>
                  <Route
                    path={view.entry.route.path}
                    element={<Screen {...(view.entry.route.props ?? {})} />}
                  />
                </Routes>
              </Suspense>
            </ScreenBoundary>
          </Activity>
        );
      })}
    </>
  );
}
