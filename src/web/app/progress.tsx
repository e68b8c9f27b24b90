import NProgress from 'nprogress';
import 'nprogress/nprogress.css';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { PageLoading } from '../features/errors/page-loading';

// NProgress's own template gives the bar role="bar", which is no ARIA role (axe: aria-roles); the
// bar is a visual cue only, the screen's own loading state says the rest.
NProgress.configure({
  showSpinner: false,
  template: '<div class="bar" aria-hidden="true"><div class="peg"></div></div>',
  barSelector: '.bar',
});

/**
 * The bar shows only for work that outlasts this: most navigations (a cached tab, a loaded
 * screen) finish within a frame, where a bar would only flash, and NProgress measures the page
 * (a forced layout) each time it starts, on the path of every click.
 */
export const PROGRESS_DELAY_MS = 120;

let pending = 0;
let timer: ReturnType<typeof setTimeout> | undefined;
function start() {
  pending += 1;
  if (pending > 1 || timer || NProgress.isStarted()) return;
  timer = setTimeout(() => {
    timer = undefined;
    if (pending > 0) NProgress.start();
  }, PROGRESS_DELAY_MS);
}
function done() {
  pending = Math.max(0, pending - 1);
  if (pending > 0) return;
  if (timer) {
    clearTimeout(timer);
    timer = undefined;
  }
  if (NProgress.isStarted()) NProgress.done();
}

/** The top progress bar runs on every route change, until the new view has rendered. */
export function useRouteProgress() {
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each navigation.
  useEffect(() => {
    start();
    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      done();
    };
    const frame = requestAnimationFrame(finish);
    // A navigation that ends before the frame still counts as done.
    return () => {
      cancelAnimationFrame(frame);
      finish();
    };
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
