import type { QueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { DEFAULT_PAGE_SIZE, MAX_PAGE, PAGE_SIZES } from '../../shared/paging';
import { useViewSearchParams } from './cached-view';

export interface FilterOption {
  value: string | number | boolean;
  label: string;
}

/** A filter of a list screen. Its name is the list call's parameter and the URL's key. */
export type ListFilter =
  | {
      type: 'text';
      name: string;
      label: string;
      placeholder?: string;
      width?: number;
      /** The server's limit for the parameter; longer text is not sent. */
      maxLength?: number;
    }
  | {
      type: 'select';
      name: string;
      label: string;
      options: FilterOption[];
      /** What the empty choice says ("all" by default). */
      placeholder?: string;
      width?: number;
    }
  /** Two days, inclusive, kept as `YYYY-MM-DD,YYYY-MM-DD`. */
  | { type: 'dateRange'; name: string; label: string }
  /** Two numbers, inclusive, either open, kept as `min,max` (`100,` is "from 100"). */
  | { type: 'numberRange'; name: string; label: string };

/** What a list screen accepts in its URL: its filters, and the sorts of its sortable columns. */
export interface ListSpec {
  filters: ListFilter[];
  sorts: string[];
  defaultSort: string;
  defaultOrder?: 'asc' | 'desc';
}

/** A list screen's state: page, page size, sort and filters, as the list call takes them. */
export type ListState = Record<string, unknown> & {
  page: number;
  pageSize: number;
  sort: string;
  order: 'asc' | 'desc';
};

/** A list screen's query key: the list call's parameters, which pages are cached under. */
export const listQueryKey = (endpoint: string, state: ListState) =>
  [endpoint, 'list', state] as const;

/**
 * What the list call is sent for a page. A page asked for by number starts after the last row of
 * the page before it when that page is in the cache with the same filters, sort and size (as it is
 * when the user presses Next, or goes back over pages seen): the server then reads it through
 * the list's index from that row (keyset) instead of counting past every row before it, so page
 * 500 of a million rows costs what page 2 does. Rows written meanwhile are neither repeated nor
 * skipped. Without such a page (a jump, a reload, a list that gives no cursor) it goes by number.
 */
export function listCall(client: QueryClient, endpoint: string, state: ListState) {
  if (state.page <= 1) return state;
  const before = client.getQueryData<{ nextCursor?: string | null }>(
    listQueryKey(endpoint, { ...state, page: state.page - 1 }),
  );
  return before?.nextCursor ? { ...state, cursor: before.nextCursor } : state;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A calendar day that exists (Date.parse alone takes 2026-02-30 as 2 March). */
function isDay(value: string | undefined): value is string {
  if (!value || !DAY.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
}

/**
 * A filter's value from its text (the URL's, or a field's), or undefined when it is blank or
 * not one the server would take. A reversed date range is put in order; one end alone is a day.
 */
export function readFilter(filter: ListFilter, text: string): unknown {
  switch (filter.type) {
    case 'text': {
      const value = text.trim();
      return value && value.length <= (filter.maxLength ?? 100) ? value : undefined;
    }
    case 'select':
      return filter.options.find((option) => String(option.value) === text)?.value;
    case 'dateRange': {
      // One end alone stands for that day.
      const [first, second] = text.split(',');
      const from = first || second;
      const to = second || first;
      if (!isDay(from) || !isDay(to)) return undefined;
      return from <= to ? [from, to] : [to, from];
    }
    case 'numberRange': {
      // A bad end is left open; a reversed range is put in order.
      const [low, high] = text.split(',').map((end) => {
        const value = end?.trim() ?? '';
        return DECIMAL.test(value) ? value : null;
      });
      if (!low && !high) return undefined;
      return low && high && Number(low) > Number(high) ? [high, low] : [low ?? null, high ?? null];
    }
  }
}

const DECIMAL = /^\d{1,12}(\.\d{1,4})?$/;

/** A filter's value as text (the inverse of `readFilter`). */
export function filterText(value: unknown): string {
  if (value === undefined || value === null) return '';
  return Array.isArray(value) ? value.join(',') : String(value);
}

const wholeNumber = (text: string | null) => (text && /^\d+$/.test(text) ? Number(text) : 0);

/**
 * Reads list state from a query string: what is missing or not acceptable falls back to the
 * default, one key at a time, so a stale or hand-edited link still opens the list. The server
 * validates the call again.
 */
export function parseListState(
  spec: ListSpec,
  search: URLSearchParams,
  fixed: Record<string, unknown> = {},
): ListState {
  const page = wholeNumber(search.get('page'));
  const pageSize = wholeNumber(search.get('pageSize'));
  const sort = search.get('sort') ?? '';
  const order = search.get('order');
  const state: ListState = {
    page: page >= 1 && page <= MAX_PAGE ? page : 1,
    pageSize: (PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : DEFAULT_PAGE_SIZE,
    sort: spec.sorts.includes(sort) ? sort : spec.defaultSort,
    order: order === 'asc' || order === 'desc' ? order : (spec.defaultOrder ?? 'desc'),
  };
  for (const filter of spec.filters) {
    const text = search.get(filter.name);
    const value = text ? readFilter(filter, text) : undefined;
    if (value !== undefined) state[filter.name] = value;
  }
  return { ...state, ...fixed };
}

/** Writes list state to a query string, leaving out defaults and fixed keys. */
export function listStateToSearch(
  state: Record<string, unknown>,
  defaults: Record<string, unknown>,
  fixedKeys: string[] = [],
): URLSearchParams {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(state)) {
    if (fixedKeys.includes(key)) continue;
    const text = filterText(value);
    if (text && text !== filterText(defaults[key])) search.set(key, text);
  }
  return search;
}

/**
 * List state kept in the URL, so a tab, a reload, a shared link and the back button keep the
 * filters, page and sort. `fixed` values (e.g. the article type of a route) are not in the URL.
 */
export function useListState(spec: ListSpec, fixed: Record<string, unknown> = {}) {
  const [search, setSearch] = useViewSearchParams();
  const fixedKey = JSON.stringify(fixed);
  // biome-ignore lint/correctness/useExhaustiveDependencies: fixed is compared by value.
  const state = useMemo(() => parseListState(spec, search, fixed), [spec, search, fixedKey]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: fixed is compared by value.
  const defaults = useMemo(
    () => parseListState(spec, new URLSearchParams(), fixed),
    [spec, fixedKey],
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

/**
 * The sort after a click on a sortable column's header: another column sorts ascending, then
 * descending, then the list's default again (a default column turns back to ascending).
 */
export function nextSort(
  current: Pick<ListState, 'sort' | 'order'>,
  sortKey: string,
  defaults: Pick<ListState, 'sort' | 'order'>,
): Pick<ListState, 'sort' | 'order'> {
  if (current.sort !== sortKey) return { sort: sortKey, order: 'asc' };
  if (current.order === 'asc') return { sort: sortKey, order: 'desc' };
  return sortKey === defaults.sort
    ? { sort: sortKey, order: 'asc' }
    : { sort: defaults.sort, order: defaults.order };
}
