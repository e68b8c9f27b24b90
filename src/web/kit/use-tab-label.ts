import { useContext, useEffect } from 'react';
import { type TabLabel, useTagsView } from '../stores/tags-view';
import { ViewLocation } from './cached-view';

/**
 * Names the screen's tab after what the screen shows (its card's title), when that differs from
 * the route's title: a new article's tab says "New article", not the route's "Edit article".
 */
export function useTabLabel(label: TabLabel | undefined) {
  const location = useContext(ViewLocation);
  const path = location?.pathname ?? window.location.pathname;
  const key = JSON.stringify(label ?? null);
  // A tab closed and opened again (a new article after saving the last) while the screen stayed
  // mounted is named again.
  const open = useTagsView((state) => state.visited.some((v) => v.path === path));
  // biome-ignore lint/correctness/useExhaustiveDependencies: the label is compared by value.
  useEffect(() => {
    if (open) useTagsView.getState().setLabel(path, label);
  }, [path, key, open]);
}
