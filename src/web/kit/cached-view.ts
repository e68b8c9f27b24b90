import { useQueryClient } from '@tanstack/react-query';
import {
  type AnchorHTMLAttributes,
  createContext,
  createElement,
  type MouseEvent,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
} from 'react';
import type { Location } from 'react-router';
import { useDataRouter } from './router-internals';

/**
 * Whether the cached view around a component is the one shown. Views left for another tab stay
 * mounted and connected (layout/view-host.tsx); this is how one tells. True outside cached views.
 */
export const ViewShown = createContext(true);
export const useViewShown = () => useContext(ViewShown);

/**
 * The location of the cached view around a component (its own, kept while it is hidden). Set by
 * the view host; undefined outside a cached view.
 *
 * Why not react-router's hooks: on every navigation React runs again each component that reads
 * the router's location or route context, in every open view, even where a nearer provider hides
 * the change (its lazy context propagation does not stop at one). The hooks below read only this
 * context and the router itself, which do not change when another view is navigated to.
 */
export const ViewLocation = createContext<Location | undefined>(undefined);

/** Navigates to an absolute path in the app; stable, and not run again on navigation. */
export function useAppNavigate() {
  const router = useDataRouter();
  return useCallback(
    (to: string, options?: { replace?: boolean }) => {
      if (router) void router.navigate(to, options);
      else if (options?.replace) window.location.replace(to);
      else window.location.assign(to);
    },
    [router],
  );
}

/**
 * The view's query string, and a setter that replaces or pushes it on the view's own path: what
 * react-router's useSearchParams gives, for a screen shown in a cached view.
 */
export function useViewSearchParams() {
  const location = useContext(ViewLocation);
  const navigate = useAppNavigate();
  const pathname = location?.pathname ?? window.location.pathname;
  const search = location?.search ?? window.location.search;
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const set = useCallback(
    (next: URLSearchParams, options?: { replace?: boolean }) => {
      const query = next.toString();
      navigate(`${pathname}${query ? `?${query}` : ''}`, options);
    },
    [navigate, pathname],
  );
  return [params, set] as const;
}

/**
 * A link to an absolute path in the app, for links rendered by the dozen (a row's title and Edit,
 * the menu's items): a plain anchor whose plain left click navigates in the app, and that, unlike
 * react-router's <Link>, is not run again on every navigation.
 */
export function ViewLink({
  to,
  onClick,
  ...rest
}: AnchorHTMLAttributes<HTMLAnchorElement> & { to: string }) {
  const navigate = useAppNavigate();
  return createElement('a', {
    ...rest,
    href: to,
    onClick: (event: MouseEvent<HTMLAnchorElement>) => {
      onClick?.(event);
      const plain =
        event.button === 0 &&
        !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) &&
        (!rest.target || rest.target === '_self');
      if (event.defaultPrevented || !plain) return;
      event.preventDefault();
      navigate(to);
    },
  });
}

/**
 * Asks again for a query whose data went stale while its view was hidden, when the view is shown
 * again; a fresh one (or one already being fetched) is left as it is. A component of its own, so
 * that showing and hiding the view renders it alone, not the screen around it.
 */
export function RefetchWhenShown({ queryKey }: { queryKey: readonly unknown[] }) {
  const shown = useViewShown();
  const client = useQueryClient();
  const key = useRef(queryKey);
  key.current = queryKey;
  const wasShown = useRef(shown);
  useEffect(() => {
    const returned = shown && !wasShown.current;
    wasShown.current = shown;
    if (returned)
      void client.refetchQueries(
        { queryKey: key.current, exact: true, stale: true },
        { cancelRefetch: false },
      );
  }, [shown, client]);
  return null;
}
