import { useQuery } from '@tanstack/react-query';
import type { TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import type { MockArticle } from '../../../shared/demo-mock';
import { articleQueries } from './article-api';

/** The Excel and Zip demos' rows: the mock's articles, all 100. */
export function useDemoArticles() {
  return useQuery(articleQueries.list({ page: 1, limit: 100 }));
}

/** The columns the Excel demos show and export: id, title, author, readings, date. */
export const articleColumns = (t: TFunction<'demos'>): TableColumnsType<MockArticle> => [
  { title: 'Id', dataIndex: 'id', width: 80 },
  { title: t('article.title'), dataIndex: 'title' },
  { title: t('article.author'), dataIndex: 'author', width: 120 },
  { title: t('article.pageviews'), dataIndex: 'pageviews', width: 110 },
  { title: t('article.date'), dataIndex: 'display_time', width: 180 },
];

/** A row of the sheet, in the columns' order. */
export const articleCells = (a: MockArticle) => [
  a.id,
  a.title,
  a.author,
  a.pageviews,
  a.display_time,
];
