import Fuse from 'fuse.js';
import { SEARCH_FUSE } from '../../shared/constants';
import type { RouteDef } from '../../shared/routes';
import { isExternal } from '../../shared/validate';

export interface SearchEntry {
  path: string;
  title: string;
}

/** Routes the account may open and that are not hidden, titles joined "Group > Page". */
export function searchPool(
  routes: RouteDef[],
  translate: (title: string | undefined) => string,
  prefix: string[] = [],
): SearchEntry[] {
  const pool: SearchEntry[] = [];
  for (const route of routes) {
    if (route.hidden) continue;
    const titles = route.meta?.title ? [...prefix, translate(route.meta.title)] : prefix;
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
