import { useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useRef } from 'react';

/**
 * Whether the cached view around a component is the one shown. Views left for another tab stay
 * mounted and connected (layout/view-host.tsx); this is how one tells. True outside cached views.
 */
export const ViewShown = createContext(true);
export const useViewShown = () => useContext(ViewShown);

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
