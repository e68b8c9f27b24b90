import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { roleChangeListeners, sessionEndListeners } from './session';

/** A visited view = a tab (spec §3). One per path; `fullPath` keeps its latest query. */
export interface VisitedView {
  path: string;
  fullPath: string;
  name: string;
  /** i18n key or literal; shown through routeTitle(). */
  title?: string;
  affix?: boolean;
  noCache?: boolean;
  /** The title the screen gives itself (an i18n key and its values), over the route's title. */
  label?: TabLabel;
}

export interface TabLabel {
  key: string;
  values?: Record<string, string | number>;
}

interface TagsViewState {
  visited: VisitedView[];
  /** Bumped by Refresh: the view mounts afresh. */
  generation: Record<string, number>;
  addView(view: VisitedView): void;
  /** Closes one tab (pinned ones stay). Answers the tabs left. */
  closeView(path: string): VisitedView[];
  /** Closes every tab but `path` and the pinned ones. */
  closeOthers(path: string): void;
  /** Closes the tabs left (or right) of `path`, but the pinned ones. */
  closeSide(path: string, side: 'left' | 'right'): void;
  /** A screen names its own tab (e.g. "New article" rather than the route's "Edit article"). */
  setLabel(path: string, label: TabLabel | undefined): void;
  /** Closes every tab but the pinned ones; `everything` also drops pinned ones (logout). */
  closeAll(everything?: boolean): void;
  refreshView(path: string): void;
}

export const useTagsView = create<TagsViewState>()(
  persist(
    (set, get) => ({
      visited: [],
      generation: {},
      addView(view) {
        const visited = get().visited;
        const index = visited.findIndex((v) => v.path === view.path);
        if (index === -1) {
          // Pinned tabs lead the strip, even when one joins tabs already open (a reload with
          // tabs kept from before, a role that gains a pinned screen).
          const at = view.affix ? visited.filter((v) => v.affix).length : visited.length;
          set({ visited: [...visited.slice(0, at), view, ...visited.slice(at)] });
        } else if (visited[index]?.fullPath !== view.fullPath) {
          // Same tab; remember where in it the user is (its query).
          const next = [...visited];
          next[index] = { ...visited[index], fullPath: view.fullPath } as VisitedView;
          set({ visited: next });
        }
      },
      closeView(path) {
        const visited = get().visited.filter((v) => v.path !== path || v.affix);
        set({ visited });
        return visited;
      },
      closeOthers(path) {
        set({ visited: get().visited.filter((v) => v.affix || v.path === path) });
      },
      closeSide(path, side) {
        const visited = get().visited;
        const at = visited.findIndex((v) => v.path === path);
        if (at === -1) return;
        set({
          visited: visited.filter(
            (v, index) => v.affix || (side === 'left' ? index >= at : index <= at),
          ),
        });
      },
      setLabel(path, label) {
        const visited = get().visited;
        const index = visited.findIndex((v) => v.path === path);
        const view = visited[index];
        if (!view || JSON.stringify(view.label) === JSON.stringify(label)) return;
        const next = [...visited];
        next[index] = { ...view, label };
        set({ visited: next });
      },
      closeAll(everything = false) {
        set({ visited: everything ? [] : get().visited.filter((v) => v.affix) });
      },
      refreshView(path) {
        const generation = get().generation;
        set({ generation: { ...generation, [path]: (generation[path] ?? 0) + 1 } });
      },
    }),
    {
      name: 'tags-view',
      storage: createJSONStorage(() => sessionStorage),
      partialize: (state) => ({ visited: state.visited }),
    },
  ),
);

// Spec §4: logging out (and a role change) closes every tab.
sessionEndListeners.add(() => useTagsView.getState().closeAll(true));
// Spec §4 "Changing role" (the demo role): every tab but the pinned ones closes.
roleChangeListeners.add(() => useTagsView.getState().closeAll());
