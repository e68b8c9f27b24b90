import { queryOptions } from '@tanstack/react-query';
import type { MockArticle, MockArticleInput, MockArticleQuery } from '../../../shared/demo-mock';
import { mockRequest } from './mock-client';

/** The demo article on the mock API (spec §7): its query options and calls. */
export const articleQueries = {
  list: (query: MockArticleQuery) =>
    queryOptions({
      queryKey: ['demo-article', 'list', query],
      queryFn: () =>
        mockRequest<{ total: number; items: MockArticle[] }>('/article/list', { query }),
      placeholderData: (previous) => previous,
    }),
  detail: (id: number) =>
    queryOptions({
      queryKey: ['demo-article', 'detail', id],
      queryFn: () => mockRequest<MockArticle>('/article/detail', { query: { id } }),
    }),
  pageviews: () =>
    queryOptions({
      queryKey: ['demo-article', 'pv'],
      queryFn: () =>
        mockRequest<{ pvData: { key: string; pv: number }[] }>('/article/pv', {
          query: { pv: 1 },
        }),
    }),
};

export const articleCalls = {
  create: (body: MockArticleInput) =>
    mockRequest<string>('/article/create', { method: 'POST', body }),
  update: (body: MockArticleInput & { id: number }) =>
    mockRequest<string>('/article/update', { method: 'POST', body }),
  searchUsers: (name: string) =>
    mockRequest<{ items: { name: string }[] }>('/search/user', { query: { name } }),
};
