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
  // biome-ignore lint/correctness/useExhaustiveDependencies: the label is compared by value.
  useEffect(() => {
    useTagsView.getState().setLabel(path, label);
  }, [path, key]);
}
