import { and, eq, inArray } from 'drizzle-orm';
import { articleRouteName } from '../../../shared/routes';
import type { Executor } from '../../db/client';
import { admins, articles, customers, helpArticles } from '../../db/schema';
import { areaVisible } from './visibility';

export interface Target {
  name: string | null;
  link: string | null;
}

type Permissions = ReadonlySet<string>;
const key = (type: string, id: string) => `${type}:${id}`;
const ids = (rows: { targetType: string; targetId: string }[], type: string) => [
  ...new Set(
    rows
      .filter((r) => r.targetType === type && /^\d+$/.test(r.targetId))
      .map((r) => Number(r.targetId)),
  ),
];

/**
 * The names of a page of log rows' targets, and where each opens, for the areas the reader may
 * open (one query per area). A target deleted since has no name; the log's detail may still say.
 */
export async function resolveTargets(
  db: Executor,
  merchantId: number,
  permissions: Permissions,
  rows: { targetType: string; targetId: string }[],
): Promise<Map<string, Target>> {
  const found = new Map<string, Target>();
  const wanted = (type: string) => (areaVisible(permissions, type) ? ids(rows, type) : []);

  const articleIds = wanted('article');
  if (articleIds.length > 0) {
    const list = await db
      .select({ id: articles.id, title: articles.title, type: articles.articleType })
      .from(articles)
      .where(and(eq(articles.merchantId, merchantId), inArray(articles.id, articleIds)));
    for (const a of list) {
      const route = articleRouteName(a.type);
      const canOpen = !!route && permissions.has(route);
      if (!canOpen) continue;
      found.set(key('article', String(a.id)), {
        name: a.title,
        link: `/article-store/${a.type}?id=${a.id}`,
      });
    }
  }
  const customerIds = wanted('customer');
  if (customerIds.length > 0) {
    const list = await db
      .select({ id: customers.id, name: customers.name })
      .from(customers)
      .where(and(eq(customers.merchantId, merchantId), inArray(customers.id, customerIds)));
    for (const c of list)
      found.set(key('customer', String(c.id)), {
        name: c.name,
        link: `/client-list?keyword=${encodeURIComponent(c.name)}`,
      });
  }
  const accountIds = wanted('account');
  if (accountIds.length > 0) {
    const list = await db
      .select({ id: admins.id, name: admins.name, realname: admins.realname })
      .from(admins)
      .where(and(eq(admins.merchantId, merchantId), inArray(admins.id, accountIds)));
    for (const a of list)
      found.set(key('account', String(a.id)), {
        name: a.realname ? `${a.realname} (${a.name})` : a.name,
        link: `/permission-account?keyword=${encodeURIComponent(a.name)}`,
      });
  }
  const helpIds = wanted('help');
  if (helpIds.length > 0) {
    const list = await db
      .select({ id: helpArticles.id, title: helpArticles.title })
      .from(helpArticles)
      .where(and(eq(helpArticles.merchantId, merchantId), inArray(helpArticles.id, helpIds)));
    for (const h of list)
      found.set(key('help', String(h.id)), {
        name: h.title,
        link: `/service-help?keyword=${encodeURIComponent(h.title)}`,
      });
  }
  if (areaVisible(permissions, 'site'))
    for (const r of rows)
      if (r.targetType === 'site')
        found.set(key('site', r.targetId), { name: null, link: '/website-setting' });
  return found;
}

export const targetKey = key;
