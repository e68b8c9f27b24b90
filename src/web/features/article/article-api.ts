import type { Article, ArticleFields } from '../../../shared/article';
import { request } from '../../api/request';

export const ARTICLE_ENDPOINT = '/admin/article';

export const articleApi = {
  detail: (articleType: number, id: number) =>
    request<Article>(`${ARTICLE_ENDPOINT}/detail`, { articleType, id }),
  create: (fields: ArticleFields) =>
    request<Article>(`${ARTICLE_ENDPOINT}/create`, fields, { silent: true }),
  update: (id: number, fields: ArticleFields) =>
    request<Article>(`${ARTICLE_ENDPOINT}/update`, { ...fields, id }, { silent: true }),
};

export const articleKeys = {
  detail: (articleType: number, id: number) =>
    [ARTICLE_ENDPOINT, 'detail', articleType, id] as const,
};
