import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  type ARTICLE_STATUSES,
  article,
  articleCreate,
  articleDelete,
  articleListParams,
  articleListResult,
  articleRef,
  articleUpdate,
} from '../../../shared/article';
import { articleRouteName } from '../../../shared/routes';
import type { AppContext } from '../../context';
import { sendXlsx } from '../../kit/xlsx-export';
import { envelopeOf, ok } from '../../plugins/envelope';
import { actorOf, recordOperation } from '../system/operation-log';
import { createArticleService } from './service';

/** Each article type is its own permission (its list's route name). */
const byArticleType = (request: FastifyRequest) =>
  articleRouteName(Number((request.body as { articleType?: unknown } | null)?.articleType)) ??
  'article-unknown';

const STATUS_TEXT: Record<(typeof ARTICLE_STATUSES)[number], string> = {
  published: '已发布',
  draft: '草稿',
};

export const articleRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  const service = createArticleService(db);
  const config = { permission: byArticleType };

  app.post(
    '/admin/article/list',
    {
      config,
      schema: { body: articleListParams, response: { 200: envelopeOf(articleListResult) } },
    },
    async (request) => ok(await service.list(request.auth!.merchantId, request.body)),
  );

  app.post(
    '/admin/article/detail',
    { config, schema: { body: articleRef, response: { 200: envelopeOf(article) } } },
    async (request) =>
      ok(await service.detail(request.auth!.merchantId, request.body.articleType, request.body.id)),
  );

  app.post(
    '/admin/article/create',
    { config, schema: { body: articleCreate, response: { 200: envelopeOf(article) } } },
    async (request) => ok(await service.create(actorOf(request), request.body)),
  );

  app.post(
    '/admin/article/update',
    { config, schema: { body: articleUpdate, response: { 200: envelopeOf(article) } } },
    async (request) => ok(await service.update(actorOf(request), request.body)),
  );

  app.post(
    '/admin/article/delete',
    {
      config,
      schema: {
        body: articleDelete,
        response: { 200: envelopeOf(z.object({ deleted: z.number() })) },
      },
    },
    async (request) =>
      ok(await service.remove(actorOf(request), request.body.articleType, request.body.ids)),
  );

  app.post(
    '/admin/article/export',
    { config, schema: { body: articleListParams } },
    async (request, reply) => {
      const params = request.body;
      const merchantId = request.auth!.merchantId;
      await recordOperation(db, actorOf(request), {
        action: 'article.export',
        targetType: 'article',
        detail: { articleType: params.articleType, title: params.title, status: params.status },
      });
      let afterId = 0;
      return sendXlsx(reply, {
        filename: `articles-${params.articleType}-${new Date().toISOString().slice(0, 10)}.xlsx`,
        sheet: 'articles',
        columns: [
          { header: 'ID', key: 'id', width: 10, value: (r) => r.id },
          { header: '标题', key: 'title', width: 40, value: (r) => r.title },
          { header: '作者', key: 'author', value: (r) => r.author },
          { header: '状态', key: 'status', width: 10, value: (r) => STATUS_TEXT[r.status] },
          { header: '排序', key: 'sortOrder', width: 8, value: (r) => r.sortOrder },
          { header: '浏览量', key: 'views', width: 10, value: (r) => r.views },
          { header: '发布时间', key: 'publishedAt', width: 20, value: (r) => r.publishedAt },
          { header: '创建时间', key: 'createdAt', width: 20, value: (r) => r.createdAt },
          { header: '摘要', key: 'summary', width: 50, value: (r) => r.summary },
        ],
        async nextBatch() {
          const rows = await service.exportBatch(merchantId, params, afterId, 1000);
          afterId = rows.at(-1)?.id ?? afterId;
          return rows;
        },
      });
    },
  );
};

export default articleRoutes;
