import { sql } from 'drizzle-orm';
import { check, integer, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { at, ref, timestamps } from './columns';
import { merchantKeys, merchantListIndex } from './merchant';

/** Articles of the merchant's site; `article_type` 1–10 is the list (and permission) they belong to. */
export const articles = pgTable(
  'articles',
  {
    ...merchantKeys(),
    articleType: smallint('article_type').notNull(),
    title: text('title').notNull(),
    coverUrl: text('cover_url').notNull().default(''),
    summary: text('summary').notNull().default(''),
    /** Sanitized HTML. */
    body: text('body').notNull().default(''),
    author: text('author').notNull().default(''),
    sortOrder: integer('sort_order').notNull().default(0),
    status: text('status', { enum: ['published', 'draft'] })
      .notNull()
      .default('draft'),
    publishedAt: at('published_at'),
    views: integer('views').notNull().default(0),
    createdBy: ref('created_by'),
    ...timestamps(),
  },
  (t) => [
    check('articles_type_check', sql`${t.articleType} between 1 and 10`),
    // One index per sortable column, led by the scope every list filters on.
    merchantListIndex('articles_list_created_idx', t, t.articleType, t.createdAt),
    merchantListIndex('articles_list_published_idx', t, t.articleType, t.publishedAt),
    merchantListIndex('articles_list_sort_idx', t, t.articleType, t.sortOrder),
    merchantListIndex('articles_list_views_idx', t, t.articleType, t.views),
    // The commonest list: one status, newest first (its page and its capped count).
    merchantListIndex('articles_list_status_idx', t, t.articleType, t.status, t.createdAt),
  ],
);
