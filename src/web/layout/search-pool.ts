import Fuse from 'fuse.js';
import { SEARCH_FUSE } from '../../shared/constants';
import type { RouteDef } from '../../shared/routes';
import { isExternal } from '../../shared/validate';
import { foldsIntoChild } from './menu-items';

export interface SearchEntry {
  path: string;
  title: string;
}

/** Routes the account may open and that are neither hidden nor demos, titles joined "Group > Page". */
export function searchPool(
  routes: RouteDef[],
  translate: (title: string | undefined) => string,
  prefix: string[] = [],
): SearchEntry[] {
  const pool: SearchEntry[] = [];
  for (const route of routes) {
    if (route.hidden || route.demo) continue;
    // A group the menu folds into its only child is not named, as in the menu.
    const named = route.meta?.title && !foldsIntoChild(route);
    const titles = named ? [...prefix, translate(route.meta?.title)] : prefix;
    if (route.name && !route.children?.length && !route.path.includes(':')) {
      pool.push({ path: route.path, title: titles.join(' > ') });
    }
    if (route.children) pool.push(...searchPool(route.children, translate, titles));
  }
  return pool.filter((entry) => isExternal(entry.path) || entry.path.startsWith('/'));
}

/** Spec §2/§9: fuzzy, threshold 0.4, title weight 0.7, path weight 0.3. */
export function searchIndex(pool: SearchEntry[]) {
  return new Fuse(pool, {
    shouldSort: true,
    threshold: SEARCH_FUSE.threshold,
    minMatchCharLength: 1,
    keys: [
      { name: 'title', weight: SEARCH_FUSE.titleWeight },
      { name: 'path', weight: SEARCH_FUSE.pathWeight },
    ],
  });
}

/** pinyin-pro's `match`: the indexes of the characters a pinyin query matches, or null. */
export type PinyinMatch = (text: string, query: string) => number[] | null;

/**
 * The entries a query finds. Typed in Latin letters it is also read as pinyin, in full or by
 * initials ("kehu", "khlb" find 客户列表); those come first, being exact, then fuzzy matches.
 */
export function searchEntries(
  index: ReturnType<typeof searchIndex>,
  pool: SearchEntry[],
  query: string,
  pinyinMatch?: PinyinMatch,
): SearchEntry[] {
  const text = query.trim();
  if (!text) return [];
  const found: SearchEntry[] = [];
  if (pinyinMatch && /^[a-z\s']+$/i.test(text)) {
    const wanted = text.toLowerCase();
    for (const entry of pool) if (pinyinMatch(entry.title, wanted)) found.push(entry);
  }
  for (const { item } of index.search(text)) if (!found.includes(item)) found.push(item);
  return found;
}
