import { and, asc, eq, gt, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  Article,
  ArticleListItem,
  articleCreate,
  articleListParams,
  articleUpdate,
} from '../../../shared/article';
import type { Database, Executor } from '../../db/client';
import { articles } from '../../db/schema';
import { notFound } from '../../errors';
import { changedFields } from '../../kit/changes';
import { contains, within } from '../../kit/filters';
import { listPage } from '../../kit/list';
import { sanitizeArticleHtml } from '../../kit/sanitize-html';
import { isoTimestamp } from '../../kit/timestamps';
import { type Actor, recordOperation } from '../system/operation-log';

type Row = typeof articles.$inferSelect;
const WRITABLE = [
  'title',
  'coverUrl',
  'summary',
  'body',
  'author',
  'sortOrder',
  'status',
  'publishedAt',
] as const;

export function toArticle(row: Row): Article {
  return {
    id: row.id,
    articleType: row.articleType,
    title: row.title,
    coverUrl: row.coverUrl,
    summary: row.summary,
    body: row.body,
    author: row.author,
    sortOrder: row.sortOrder,
    status: row.status,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    views: row.views,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The WHERE of a list or export: always the merchant and the article type. */
export function articleFilter(
  merchantId: number,
  params: z.output<typeof articleListParams>,
): SQL[] {
  const where: (SQL | undefined)[] = [
    eq(articles.merchantId, merchantId),
    eq(articles.articleType, params.articleType),
    contains(articles.title, params.title),
    params.status ? eq(articles.status, params.status) : undefined,
    ...within(articles.createdAt, params.createdRange),
  ];
  return where.filter((w): w is SQL => !!w);
}

/**
 * The list's columns: every field but the body, with the timestamps as ISO text straight from
 * the driver's text (no `Date` made and formatted again per value).
 */
const listColumns = {
  id: articles.id,
  articleType: articles.articleType,
  title: articles.title,
  coverUrl: articles.coverUrl,
  summary: articles.summary,
  author: articles.author,
  sortOrder: articles.sortOrder,
  status: articles.status,
  publishedAt: sql<string | null>`${articles.publishedAt}`.mapWith(isoTimestamp),
  views: articles.views,
  createdAt: sql<string>`${articles.createdAt}`.mapWith(isoTimestamp),
  updatedAt: sql<string>`${articles.updatedAt}`.mapWith(isoTimestamp),
};
type ListRow = { [K in keyof typeof listColumns]: ArticleListItem[K] };

export function createArticleService(db: Database) {
  async function load(
    ex: Executor,
    merchantId: number,
    articleType: number,
    id: number,
    lock = false,
  ) {
    const query = ex
      .select()
      .from(articles)
      .where(
        and(
          eq(articles.id, id),
          eq(articles.merchantId, merchantId),
          eq(articles.articleType, articleType),
        ),
      );
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw notFound('Article');
    return row;
  }

  return {
    async list(merchantId: number, params: z.output<typeof articleListParams>) {
      return listPage(db, {
        table: articles,
        merchantId,
        idColumn: articles.id,
        where: articleFilter(merchantId, params),
        sortColumns: {
          createdAt: articles.createdAt,
          publishedAt: articles.publishedAt,
          sortOrder: articles.sortOrder,
          views: articles.views,
          title: articles.title,
        },
        request: params,
        columns: listColumns,
        map: (row): ArticleListItem => {
          const r = row as ListRow;
          return {
            id: r.id,
            articleType: r.articleType,
            title: r.title,
            coverUrl: r.coverUrl,
            summary: r.summary,
            author: r.author,
            sortOrder: r.sortOrder,
            status: r.status,
            publishedAt: r.publishedAt,
            views: r.views,
            createdAt: r.createdAt,
            updatedAt: r.updatedAt,
          };
        },
      });
    },

    async detail(merchantId: number, articleType: number, id: number) {
      return toArticle(await load(db, merchantId, articleType, id));
    },

    async create(actor: Actor, input: z.output<typeof articleCreate>) {
      return db.transaction(async (tx) => {
        const publishedAt = input.publishedAt
          ? new Date(input.publishedAt)
          : input.status === 'published'
            ? new Date()
            : null;
        const [row] = await tx
          .insert(articles)
          .values({
            merchantId: actor.merchantId,
            articleType: input.articleType,
            title: input.title,
            coverUrl: input.coverUrl,
            summary: input.summary,
            body: sanitizeArticleHtml(input.body),
            author: input.author,
            sortOrder: input.sortOrder,
            status: input.status,
            publishedAt,
            createdBy: actor.adminId,
          })
          .returning();
        if (!row) throw new Error('insert returned nothing');
        await recordOperation(tx, actor, {
          action: 'article.create',
          targetType: 'article',
          targetId: row.id,
          detail: { articleType: row.articleType, title: row.title, status: row.status },
        });
        return toArticle(row);
      });
    },

    async update(actor: Actor, input: z.output<typeof articleUpdate>) {
      return db.transaction(async (tx) => {
        const before = await load(tx, actor.merchantId, input.articleType, input.id, true);
        const publishedAt = input.publishedAt
          ? new Date(input.publishedAt)
          : input.status === 'published'
            ? (before.publishedAt ?? new Date())
            : before.publishedAt;
        const next = {
          title: input.title,
          coverUrl: input.coverUrl,
          summary: input.summary,
          body: sanitizeArticleHtml(input.body),
          author: input.author,
          sortOrder: input.sortOrder,
          status: input.status,
          publishedAt,
        };
        const changes = changedFields(before, next, WRITABLE);
        if (Object.keys(changes).length === 0) return toArticle(before);
        const [row] = await tx
          .update(articles)
          .set({ ...next, updatedAt: new Date() })
          .where(eq(articles.id, before.id))
          .returning();
        if (!row) throw notFound('Article');
        await recordOperation(tx, actor, {
          action: 'article.update',
          targetType: 'article',
          targetId: row.id,
          detail: changes,
        });
        return toArticle(row);
      });
    },

    /** Deletes the merchant's articles of that type among `ids`; others are ignored. */
    async remove(actor: Actor, articleType: number, ids: number[]) {
      return db.transaction(async (tx) => {
        const deleted = await tx
          .delete(articles)
          .where(
            and(
              eq(articles.merchantId, actor.merchantId),
              eq(articles.articleType, articleType),
              inArray(articles.id, ids),
            ),
          )
          .returning({ id: articles.id, title: articles.title });
        if (deleted.length === 0) throw notFound('Article');
        await recordOperation(tx, actor, {
          action: 'article.delete',
          targetType: 'article',
          targetId: deleted.map((d) => d.id).join(','),
          detail: {
            articleType,
            titles: deleted.map((d) => d.title).slice(0, 20),
            count: deleted.length,
          },
        });
        return { deleted: deleted.length };
      });
    },

    /** Batches of the export, in id order, after `afterId`. */
    async exportBatch(
      merchantId: number,
      params: z.output<typeof articleListParams>,
      afterId: number,
      size: number,
    ) {
      return db
        .select()
        .from(articles)
        .where(and(...articleFilter(merchantId, params), gt(articles.id, afterId)))
        .orderBy(asc(articles.id))
        .limit(size);
    },
  };
}
export type ArticleService = ReturnType<typeof createArticleService>;
