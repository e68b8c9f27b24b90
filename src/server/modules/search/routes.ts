import { and, desc, eq, ilike, inArray, or } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { maskPhone } from '../../../shared/customer';
import { ARTICLE_TYPE_ROUTES } from '../../../shared/routes';
import {
  RECORD_HITS,
  type RecordSearchResult,
  recordSearchParams,
  recordSearchResult,
} from '../../../shared/search';
import type { AppContext } from '../../context';
import { articles, customers } from '../../db/schema';
import { escapeLike } from '../../kit/filters';
import { envelopeOf, ok } from '../../plugins/envelope';

/**
 * The header search's records: customers by name (and by phone with `client-list.phone`) and
 * articles by title, from the areas the account may open only, grouped under their screen.
 */
export const searchRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  app.post(
    '/admin/search/records',
    {
      config: { access: 'signed-in' },
      schema: { body: recordSearchParams, response: { 200: envelopeOf(recordSearchResult) } },
    },
    async (request) => {
      const { merchantId, permissions } = request.auth!;
      const pattern = `%${escapeLike(request.body.q)}%`;
      const groups: RecordSearchResult['groups'] = [];

      if (permissions.has('client-list')) {
        const showPhone = permissions.has('client-list.phone');
        const rows = await db
          .select({ id: customers.id, name: customers.name, phone: customers.phone })
          .from(customers)
          .where(
            and(
              eq(customers.merchantId, merchantId),
              // A phone is matched only by those who may see it: no guessing numbers.
              showPhone
                ? or(ilike(customers.name, pattern), ilike(customers.phone, pattern))
                : ilike(customers.name, pattern),
            ),
          )
          .orderBy(desc(customers.id))
          .limit(RECORD_HITS);
        if (rows.length > 0)
          groups.push({
            screen: 'client-list',
            hits: rows.map((c) => ({
              title: c.name,
              note: showPhone ? c.phone : maskPhone(c.phone),
              link: `/client-list?keyword=${encodeURIComponent(c.name)}`,
            })),
          });
      }

      const types = ARTICLE_TYPE_ROUTES.filter(({ name }) => permissions.has(name));
      if (types.length > 0) {
        const rows = await db
          .select({ id: articles.id, title: articles.title, type: articles.articleType })
          .from(articles)
          .where(
            and(
              eq(articles.merchantId, merchantId),
              inArray(
                articles.articleType,
                types.map(({ type }) => type),
              ),
              ilike(articles.title, pattern),
            ),
          )
          .orderBy(desc(articles.id))
          .limit(RECORD_HITS * 2);
        for (const { name, type } of types) {
          const hits = rows
            .filter((a) => a.type === type)
            .slice(0, RECORD_HITS)
            .map((a) => ({ title: a.title, note: '', link: `/article-store/${type}?id=${a.id}` }));
          if (hits.length > 0) groups.push({ screen: name, hits });
        }
      }
      return ok({ groups });
    },
  );
};
