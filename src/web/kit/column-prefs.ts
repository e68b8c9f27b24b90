import { useCallback, useState } from 'react';
import { useSession } from '../stores/session';

export interface ColumnPrefs {
  /** Column keys in display order. */
  order: string[];
  hidden: string[];
}

const storageKey = (account: string, screen: string) => `columns:${account}:${screen}`;

/**
 * Merges saved choices with the screen's columns (new columns appear, removed ones vanish). The
 * columns hidden by default (`hiddenByDefault`) start hidden, and so does one that is new to the
 * saved choices.
 */
export function mergePrefs(
  saved: ColumnPrefs | null,
  keys: string[],
  hiddenByDefault: readonly string[] = [],
): ColumnPrefs {
  const hiddenAtFirst = (key: string) => hiddenByDefault.includes(key);
  if (!saved) return { order: keys, hidden: keys.filter(hiddenAtFirst) };
  const order = saved.order.filter((key) => keys.includes(key));
  const hidden = saved.hidden.filter((key) => keys.includes(key));
  for (const key of keys)
    if (!order.includes(key)) {
      order.push(key);
      if (hiddenAtFirst(key)) hidden.push(key);
    }
  return { order, hidden };
}

/** Column visibility and order, remembered per account and screen in this browser. */
export function useColumnPrefs(
  screen: string,
  keys: string[],
  hiddenByDefault: readonly string[] = [],
) {
  const account = useSession((state) => state.profile?.name ?? '');
  const key = storageKey(account, screen);
  const [prefs, setPrefs] = useState<ColumnPrefs>(() => {
    try {
      return mergePrefs(JSON.parse(localStorage.getItem(key) ?? 'null'), keys, hiddenByDefault);
    } catch {
      return mergePrefs(null, keys, hiddenByDefault);
    }
  });
  const save = useCallback(
    (next: ColumnPrefs) => {
      setPrefs(next);
      localStorage.setItem(key, JSON.stringify(next));
    },
    [key],
  );
  const reset = useCallback(() => {
    localStorage.removeItem(key);
    setPrefs(mergePrefs(null, keys, hiddenByDefault));
  }, [key, keys, hiddenByDefault]);
  return { prefs: mergePrefs(prefs, keys, hiddenByDefault), save, reset };
}
