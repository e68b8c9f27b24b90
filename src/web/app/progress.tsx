import NProgress from 'nprogress';
import 'nprogress/nprogress.css';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { PageLoading } from '../features/errors/page-loading';

NProgress.configure({ showSpinner: false });

let pending = 0;
function start() {
  pending += 1;
  NProgress.start();
}
function done() {
  pending = Math.max(0, pending - 1);
  if (pending === 0) NProgress.done();
}

/** The top progress bar runs on every route change, until the new view has rendered. */
export function useRouteProgress() {
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each navigation.
  useEffect(() => {
    start();
    const frame = requestAnimationFrame(() => done());
    return () => cancelAnimationFrame(frame);
  }, [location.key]);
}

/** A Suspense fallback that keeps the progress bar running while a lazy chunk loads. */
export function LoadingWithProgress({ fullscreen = false }: { fullscreen?: boolean }) {
  useEffect(() => {
    start();
    return done;
  }, []);
  return <PageLoading fullscreen={fullscreen} />;
}
