import { useEffect, useRef } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { ERROR_TOAST_MS } from '../../shared/constants';
import { toastError } from '../api/feedback';
import { PageLoading } from '../features/errors/page-loading';
import { useSession } from '../stores/session';
import { decide } from './guard';
import { useRouteProgress } from './progress';
import { Layout } from './shell';

/**
 * Set once the page is being left (a reload, a typed address): the session calls in flight are
 * cut off then, and that failure must not sign the user out (it removed the token cookie, so the
 * page that loaded next asked to sign in again).
 */
let leavingPage = false;
if (typeof window !== 'undefined') {
  window.addEventListener('beforeunload', () => {
    leavingPage = true;
  });
  window.addEventListener('pageshow', () => {
    leavingPage = false;
  });
}

/** Runs the guard on every location: redirects, loads the session, or shows the page. */
export function Guard() {
  const location = useLocation();
  const navigate = useNavigate();
  const token = useSession((state) => state.token);
  const loaded = useSession((state) => state.roles.length > 0);
  const decision = decide({
    pathname: location.pathname,
    search: location.search,
    hasToken: !!token,
    loaded,
  });
  const loading = useRef(false);
  useRouteProgress();

  useEffect(() => {
    if (decision.kind !== 'load' || loading.current) return;
    loading.current = true;
    // The shell's code and styles download while the session loads.
    void Layout.preload();
    const wanted = location.pathname + location.search;
    useSession
      .getState()
      .load()
      .catch((err: unknown) => {
        if (leavingPage) return;
        // Spec: on error reset the token, say why, and go to the login page.
        useSession.getState().resetToken();
        if (err instanceof Error && err.name !== 'ApiError')
          toastError(err.message, ERROR_TOAST_MS);
        navigate(`/login?redirect=${encodeURIComponent(wanted)}`, { replace: true });
      })
      .finally(() => {
        loading.current = false;
      });
  }, [decision.kind, location.pathname, location.search, navigate]);

  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  if (decision.kind === 'load') return <PageLoading fullscreen />;
  return <Outlet />;
}
