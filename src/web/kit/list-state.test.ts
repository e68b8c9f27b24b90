import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import {
  filterText,
  type ListSpec,
  type ListState,
  listCall,
  listQueryKey,
  listStateToSearch,
  nextSort,
  parseListState,
  readFilter,
} from './list-state';

const spec: ListSpec = {
  filters: [
    { type: 'text', name: 'title', label: 'Title', maxLength: 10 },
    {
      type: 'select',
      name: 'status',
      label: 'Status',
      options: [
        { value: 'published', label: 'Published' },
        { value: 'draft', label: 'Draft' },
      ],
    },
    {
      type: 'select',
      name: 'published',
      label: 'Shown',
      options: [
        { value: true, label: 'Yes' },
        { value: false, label: 'No' },
      ],
    },
    { type: 'dateRange', name: 'createdRange', label: 'Created' },
  ],
  sorts: ['createdAt', 'title'],
  defaultSort: 'createdAt',
};

describe('list state in the URL', () => {
  it('reads typed values and falls back to defaults', () => {
    const state = parseListState(
      spec,
      new URLSearchParams('page=3&title=abc&createdRange=2026-01-01,2026-01-31&published=false'),
      { articleType: 2 },
    );
    expect(state).toEqual({
      page: 3,
      pageSize: 20,
      sort: 'createdAt',
      order: 'desc',
      title: 'abc',
      createdRange: ['2026-01-01', '2026-01-31'],
      published: false,
      articleType: 2,
    });
  });
  it('drops only the bad values', () => {
    const state = parseListState(
      spec,
      new URLSearchParams(
        'page=-1&status=nope&title=x&sort=password&order=sideways&createdRange=2026-13-01,2026-01-02',
      ),
      { articleType: 1 },
    );
    expect(state).toEqual({
      page: 1,
      pageSize: 20,
      sort: 'createdAt',
      order: 'desc',
      title: 'x',
      articleType: 1,
    });
  });
  it('offers only the page sizes the screen shows, within the server limit', () => {
    expect(parseListState(spec, new URLSearchParams('pageSize=5000')).pageSize).toBe(20);
    expect(parseListState(spec, new URLSearchParams('pageSize=7')).pageSize).toBe(20);
    expect(parseListState(spec, new URLSearchParams('pageSize=50')).pageSize).toBe(50);
    expect(parseListState(spec, new URLSearchParams('page=100001')).page).toBe(1);
  });
  it('fixed values win over the URL', () => {
    expect(parseListState(spec, new URLSearchParams('articleType=9'), { articleType: 1 })).toEqual(
      expect.objectContaining({ articleType: 1 }),
    );
  });
  it('writes only what differs from the defaults, never the fixed keys', () => {
    const defaults = parseListState(spec, new URLSearchParams(), { articleType: 1 });
    const search = listStateToSearch(
      { ...defaults, page: 2, createdRange: ['2026-01-01', '2026-01-31'], title: '' },
      defaults,
      ['articleType'],
    );
    expect(search.toString()).toBe('page=2&createdRange=2026-01-01%2C2026-01-31');
  });
  it('round-trips through the URL', () => {
    const defaults = parseListState(spec, new URLSearchParams());
    const state = { ...defaults, sort: 'title', order: 'asc', status: 'draft', published: true };
    expect(parseListState(spec, listStateToSearch(state, defaults))).toEqual(state);
  });
});

describe('readFilter', () => {
  const [text, select, , range] = spec.filters as [
    ListSpec['filters'][0],
    ListSpec['filters'][0],
    ListSpec['filters'][0],
    ListSpec['filters'][0],
  ];
  it('trims text, treats blank as not given and refuses text past the limit', () => {
    expect(readFilter(text, '  tea  ')).toBe('tea');
    expect(readFilter(text, '   ')).toBeUndefined();
    expect(readFilter(text, 'x'.repeat(11))).toBeUndefined();
  });
  it('takes only the offered choices', () => {
    expect(readFilter(select, 'draft')).toBe('draft');
    expect(readFilter(select, 'Draft')).toBeUndefined();
  });
  it('puts a reversed date range in order and refuses days that do not exist', () => {
    expect(readFilter(range, '2026-02-01,2026-01-01')).toEqual(['2026-01-01', '2026-02-01']);
    expect(readFilter(range, '2026-02-30,2026-03-01')).toBeUndefined();
    expect(readFilter(range, 'x,2026-02-01')).toBeUndefined();
  });
  it('takes one end of a date range alone as that day', () => {
    expect(readFilter(range, '2026-02-01,')).toEqual(['2026-02-01', '2026-02-01']);
    expect(readFilter(range, ',2026-02-01')).toEqual(['2026-02-01', '2026-02-01']);
    expect(readFilter(range, ',')).toBeUndefined();
  });
  it('keeps either end of a number range open, puts it in order and drops a bad end', () => {
    const price = { type: 'numberRange', name: 'priceRange', label: 'Price' } as const;
    expect(readFilter(price, '100,')).toEqual(['100', null]);
    expect(readFilter(price, ',99.5')).toEqual([null, '99.5']);
    expect(readFilter(price, '300,200')).toEqual(['200', '300']);
    expect(readFilter(price, 'abc,200')).toEqual([null, '200']);
    expect(readFilter(price, '-1,x')).toBeUndefined();
    expect(filterText(['100', null])).toBe('100,');
  });
});

describe('nextSort', () => {
  const defaults = { sort: 'createdAt', order: 'desc' as const };
  it('cycles a column ascending, descending, then back to the default', () => {
    let sort = nextSort(defaults, 'title', defaults);
    expect(sort).toEqual({ sort: 'title', order: 'asc' });
    sort = nextSort(sort, 'title', defaults);
    expect(sort).toEqual({ sort: 'title', order: 'desc' });
    expect(nextSort(sort, 'title', defaults)).toEqual(defaults);
  });
  it('changes the sort alone, not the page size or filters the defaults also hold', () => {
    const state = { page: 1, pageSize: 20, sort: 'createdAt', order: 'desc' as const };
    expect(nextSort({ sort: 'title', order: 'desc' }, 'title', state)).toEqual({
      sort: 'createdAt',
      order: 'desc',
    });
  });
  it('turns the default column between its two orders', () => {
    const sort = nextSort(defaults, 'createdAt', defaults);
    expect(sort).toEqual({ sort: 'createdAt', order: 'asc' });
    expect(nextSort(sort, 'createdAt', defaults)).toEqual(defaults);
  });
});

describe('listCall', () => {
  const endpoint = '/admin/article';
  const page = (n: number, more: Record<string, unknown> = {}): ListState => ({
    page: n,
    pageSize: 20,
    sort: 'createdAt',
    order: 'desc',
    articleType: 1,
    title: undefined,
    ...more,
  });
  const cache = (state: ListState, nextCursor: string | null) => {
    const client = new QueryClient();
    client.setQueryData(listQueryKey(endpoint, state), { total: 60, items: [], nextCursor });
    return client;
  };

  it('starts a page after the cached page before it, by its cursor', () => {
    const client = cache(page(4), 'c4');
    expect(listCall(client, endpoint, page(5))).toEqual({ ...page(5), cursor: 'c4' });
  });
  it('goes by number on the first page, after a jump, or when the page before was the last', () => {
    expect(listCall(cache(page(1), 'c1'), endpoint, page(1))).toEqual(page(1));
    expect(listCall(cache(page(1), 'c1'), endpoint, page(7))).toEqual(page(7));
    expect(listCall(cache(page(4), null), endpoint, page(5))).toEqual(page(5));
  });
  it('uses no cursor from another filter, sort, order, page size or list', () => {
    const client = cache(page(1, { title: 'news' }), 'c1');
    expect(listCall(client, endpoint, page(2))).toEqual(page(2));
    expect(listCall(client, '/admin/customer', page(2, { title: 'news' }))).not.toHaveProperty(
      'cursor',
    );
    for (const other of [{ sort: 'title' }, { order: 'asc' }, { pageSize: 50 }]) {
      const state = page(2, { title: 'news', ...other });
      expect(listCall(client, endpoint, state)).toEqual(state);
    }
    expect(listCall(client, endpoint, page(2, { title: 'news' }))).toEqual({
      ...page(2, { title: 'news' }),
      cursor: 'c1',
    });
  });
});
