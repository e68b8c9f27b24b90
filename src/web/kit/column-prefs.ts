import { useCallback, useState } from 'react';
import { useSession } from '../stores/session';

export interface ColumnPrefs {
  /** Column keys in display order. */
  order: string[];
  hidden: string[];
}

const storageKey = (account: string, screen: string) => `columns:${account}:${screen}`;

/** Merges saved choices with the screen's columns (new columns appear, removed ones vanish). */
export function mergePrefs(saved: ColumnPrefs | null, keys: string[]): ColumnPrefs {
  if (!saved) return { order: keys, hidden: [] };
  const order = saved.order.filter((key) => keys.includes(key));
  for (const key of keys) if (!order.includes(key)) order.push(key);
  return { order, hidden: saved.hidden.filter((key) => keys.includes(key)) };
}

/** Column visibility and order, remembered per account and screen in this browser. */
export function useColumnPrefs(screen: string, keys: string[]) {
  const account = useSession((state) => state.profile?.name ?? '');
  const key = storageKey(account, screen);
  const [prefs, setPrefs] = useState<ColumnPrefs>(() => {
    try {
      return mergePrefs(JSON.parse(localStorage.getItem(key) ?? 'null'), keys);
    } catch {
      return mergePrefs(null, keys);
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
    setPrefs(mergePrefs(null, keys));
  }, [key, keys]);
  return { prefs: mergePrefs(prefs, keys), save, reset };
}
