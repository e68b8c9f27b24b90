import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { listParams } from '../../shared/list';
import { listStateToSearch, parseListState } from './list-state';

const schema = listParams(
  {
    title: z.string().optional(),
    status: z.enum(['published', 'draft']).optional(),
    tags: z.array(z.string()).optional(),
    articleType: z.coerce.number().int(),
  },
  ['createdAt', 'title'] as const,
  'createdAt',
);

describe('list state in the URL', () => {
  it('reads typed values and falls back to defaults', () => {
    const state = parseListState(schema, new URLSearchParams('page=3&title=abc&tags=a,b'), {
      articleType: 2,
    });
    expect(state).toMatchObject({
      page: 3,
      pageSize: 20,
      sort: 'createdAt',
      order: 'desc',
      title: 'abc',
      tags: ['a', 'b'],
      articleType: 2,
    });
  });
  it('drops only the bad values', () => {
    const state = parseListState(
      schema,
      new URLSearchParams('page=-1&status=nope&title=x&sort=password'),
      { articleType: 1 },
    );
    expect(state).toMatchObject({ page: 1, title: 'x', sort: 'createdAt' });
    expect(state.status).toBeUndefined();
  });
  it('caps the page size at the server limit by refusing bigger ones', () => {
    expect(
      parseListState(schema, new URLSearchParams('pageSize=5000'), { articleType: 1 }).pageSize,
    ).toBe(20);
  });
  it('writes only what differs from the defaults, never the fixed keys', () => {
    const defaults = parseListState(schema, new URLSearchParams(), { articleType: 1 });
    const search = listStateToSearch(
      { ...defaults, page: 2, tags: ['a', 'b'], title: '' },
      defaults,
      ['articleType'],
    );
    expect(search.toString()).toBe('page=2&tags=a%2Cb');
  });
});
