import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { z } from 'zod';

/** A list screen's state: page, page size, sort and filters, as the list call takes them. */
export type ListState = Record<string, unknown> & {
  page: number;
  pageSize: number;
  sort: string;
  order: 'asc' | 'desc';
};

function isArrayField(schema: z.ZodType | undefined): boolean {
  let current: unknown = schema;
  for (let i = 0; i < 5 && current; i++) {
    if (current instanceof z.ZodArray || current instanceof z.ZodTuple) return true;
    const def = (current as { def?: { innerType?: unknown; in?: unknown } }).def;
    current = def?.innerType ?? def?.in;
  }
  return false;
}

/** Reads list state from a query string; bad or missing values fall back to the defaults. */
export function parseListState(
  schema: z.ZodObject,
  search: URLSearchParams,
  fixed: Record<string, unknown> = {},
): ListState {
  const raw: Record<string, unknown> = {};
  for (const key of Object.keys(schema.shape)) {
    const value = search.get(key);
    if (value === null || value === '') continue;
    raw[key] = isArrayField(schema.shape[key] as z.ZodType) ? value.split(',') : value;
  }
  const parsed = schema.safeParse({ ...raw, ...fixed });
  if (parsed.success) return parsed.data as ListState;
  // Drop the offending keys one by one rather than the whole state.
  for (const issue of parsed.error.issues) delete raw[String(issue.path[0])];
  return schema.parse({ ...raw, ...fixed }) as ListState;
}

/** Writes list state to a query string, leaving out defaults and fixed keys. */
export function listStateToSearch(
  state: Record<string, unknown>,
  defaults: Record<string, unknown>,
  fixedKeys: string[] = [],
): URLSearchParams {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(state)) {
    if (fixedKeys.includes(key) || value === undefined || value === null || value === '') continue;
    const text = Array.isArray(value) ? value.join(',') : String(value);
    const fallback = defaults[key];
    if (
      fallback !== undefined &&
      String(Array.isArray(fallback) ? fallback.join(',') : fallback) === text
    ) {
      continue;
    }
    if (text) search.set(key, text);
  }
  return search;
}

/**
 * List state kept in the URL, so a tab, a reload, a shared link and the back button keep the
 * filters, page and sort. `fixed` values (e.g. the article type of a route) are not in the URL.
 */
export function useListState(schema: z.ZodObject, fixed: Record<string, unknown> = {}) {
  const [search, setSearch] = useSearchParams();
  const fixedKey = JSON.stringify(fixed);
  // biome-ignore lint/correctness/useExhaustiveDependencies: fixed is compared by value.
  const state = useMemo(() => parseListState(schema, search, fixed), [schema, search, fixedKey]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: fixed is compared by value.
  const defaults = useMemo(
    () => parseListState(schema, new URLSearchParams(), fixed),
    [schema, fixedKey],
  );
  const update = useCallback(
    (patch: Record<string, unknown>) => {
      const next = { ...state, ...patch };
      setSearch(listStateToSearch(next, defaults, Object.keys(fixed)), { replace: true });
    },
    [state, defaults, setSearch, fixed],
  );
  return { state, defaults, update };
}
