import { desc, eq, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import ExcelJS from 'exceljs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COUNT_LIMIT } from '../../../shared/list';
import { beijingDay } from '../../../shared/marketplace-order';
import { article } from '../../../shared/resources/article';
import { articles } from '../../db/schema/article';
import { operationLogs } from '../../db/schema/operation-log';
import { resourceContract } from '../../kit/resource-contract';
import {
  createAccount,
  createOtherMerchant,
  createTestApp,
  type TestApp,
} from '../../test-support';

resourceContract(
  article,
  {
    articleType: 2,
    title: '新品发布会',
    coverUrl: '/uploads/1/cover.png',
    summary: '一场发布会',
    body: '<p>正文</p>',
    author: '小王',
    sortOrder: 3,
    status: 'published',
    publishedAt: '2026-11-01T08:00:00.000Z',
  },
  { title: '新品发布会（更新）', status: 'draft' },
);

let t: TestApp;
let token: string;

beforeEach(async () => {
  t = await createTestApp();
  token = await t.login();
});
afterEach(() => t.close());

const base = {
  articleType: 1,
  title: '新品发布会',
  summary: '摘要',
  body: '<p>正文</p>',
  author: '小王',
};

async function create(body: Record<string, unknown> = {}, as = token) {
  const res = await t.post('/admin/article/create', { ...base, ...body }, as);
  return res.json();
}

async function logs() {
  return t.db
    .select()
    .from(operationLogs)
    .where(eq(operationLogs.action, 'article.update'))
    .orderBy(desc(operationLogs.id));
}

describe('articles', () => {
  it('counts exactly up to COUNT_LIMIT and estimates past it', async () => {
    const rows = (n: number, articleType: number) =>
      Array.from({ length: n }, (_, i) => ({
        merchantId: 1,
        articleType,
        title: `第 ${i} 篇`,
        status: 'published' as const,
      }));
    await t.db.insert(articles).values(rows(COUNT_LIMIT, 2));
    await t.db.insert(articles).values(rows(COUNT_LIMIT + 300, 3));
    await t.db.execute(sql`analyze articles`);

    const exact = (await t.post('/admin/article/list', { articleType: 2 }, token)).json();
    expect(exact.data).toMatchObject({ total: COUNT_LIMIT, totalExact: true });
    expect(exact.data.items[0]).not.toHaveProperty('__total');
    // A page past the end still says how many there are.
    const pastEnd = (
      await t.post('/admin/article/list', { articleType: 2, page: 999 }, token)
    ).json();
    expect(pastEnd.data).toMatchObject({ total: COUNT_LIMIT, totalExact: true, items: [] });
    const none = (await t.post('/admin/article/list', { articleType: 4 }, token)).json();
    expect(none.data).toMatchObject({ total: 0, totalExact: true, items: [] });
    const past = (await t.post('/admin/article/list', { articleType: 3 }, token)).json();
    expect(past.data.totalExact).toBe(false);
    expect(past.data.total).toBeGreaterThan(COUNT_LIMIT);
    expect(past.data.items).toHaveLength(20);
    // A filter that narrows below the limit is exact again.
    const narrowed = (
      await t.post('/admin/article/list', { articleType: 3, keyword: '第 12' }, token)
    ).json();
    expect(narrowed.data.totalExact).toBe(true);
    expect(narrowed.data.total).toBe(
      Array.from({ length: COUNT_LIMIT + 300 }, (_, i) => `第 ${i} 篇`).filter((x) =>
        x.includes('第 12'),
      ).length,
    );
  });

  it('counts again only after a write to the merchant’s articles, however it was made', async () => {
    const rows = (n: number, merchantId = 1) =>
      Array.from({ length: n }, (_, i) => ({ merchantId, articleType: 1, title: `第 ${i} 篇` }));
    await t.db.insert(articles).values(rows(25));
    // The count is the one statement a list runs through execute(); pages are prepared. Only
    // counts are counted: the app's own work (its job queue) may run other statements meanwhile.
    const execute = vi.spyOn(t.db, 'execute');
    const dialect = new PgDialect();
    const counting = {
      get count() {
        return execute.mock.calls.filter(([query]) =>
          dialect.sqlToQuery(query as SQL).sql.includes('count(*)'),
        ).length;
      },
      mockClear: () => execute.mockClear(),
    };
    const total = async (body: Record<string, unknown> = {}) => {
      const res = (await t.post('/admin/article/list', { articleType: 1, ...body }, token)).json();
      expect(res.code).toBe(200);
      return res.data.total as number;
    };

    expect(await total()).toBe(25);
    expect(counting.count).toBe(1);
    // Asked again, and a page turn by cursor: the count holds, nothing is counted.
    expect(await total()).toBe(25);
    const first = (await t.post('/admin/article/list', { articleType: 1 }, token)).json();
    expect(await total({ cursor: first.data.nextCursor })).toBe(25);
    // The last page, by number: its rows say how many there are.
    expect(await total({ page: 2 })).toBe(25);
    expect(counting.count).toBe(1);

    // Another merchant's articles change nothing here.
    const other = await createOtherMerchant(t);
    await t.db.insert(articles).values(rows(3, other.merchant.id));
    expect(await total()).toBe(25);
    expect(counting.count).toBe(1);

    // A write through the API, then one straight in SQL: each is counted at once.
    expect((await create()).code).toBe(200);
    expect(await total()).toBe(26);
    expect(counting.count).toBe(2);
    await t.db.execute(sql`delete from articles where merchant_id = 1 and title = '第 0 篇'`);
    counting.mockClear();
    expect(await total()).toBe(25);
    expect(counting.count).toBe(1);
  });

  it('creates, reads, lists, updates and deletes an article of a type', async () => {
    const created = await create({ status: 'published' });
    expect(created.code).toBe(200);
    expect(created.data).toMatchObject({
      articleType: 1,
      title: '新品发布会',
      status: 'published',
      views: 0,
    });
    expect(created.data.publishedAt).toBeTruthy();

    const detail = (
      await t.post('/admin/article/detail', { id: created.data.id, articleType: 1 }, token)
    ).json();
    expect(detail.data.body).toBe('<p>正文</p>');

    const list = (await t.post('/admin/article/list', { articleType: 1 }, token)).json();
    expect(list.data).toMatchObject({ total: 1, totalExact: true });
    expect(list.data.items[0]).not.toHaveProperty('body');

    const updated = (
      await t.post(
        '/admin/article/update',
        { ...base, id: created.data.id, title: '新标题', status: 'draft' },
        token,
      )
    ).json();
    expect(updated.data).toMatchObject({ title: '新标题', status: 'draft' });
    const [log] = await logs();
    expect(log?.detail).toMatchObject({
      title: ['新品发布会', '新标题'],
      status: ['published', 'draft'],
    });
    expect(log?.adminName).toBe('admin');

    const removed = (
      await t.post('/admin/article/delete', { articleType: 1, ids: [created.data.id] }, token)
    ).json();
    expect(removed.data).toEqual({ deleted: 1 });
    const after = (await t.post('/admin/article/list', { articleType: 1 }, token)).json();
    expect(after.data.total).toBe(0);
  });

  it('keeps types apart: an article of type 1 is not found as type 2', async () => {
    const created = await create();
    const res = (
      await t.post('/admin/article/detail', { id: created.data.id, articleType: 2 }, token)
    ).json();
    expect(res.code).toBe(40400);
    expect((await t.post('/admin/article/list', { articleType: 2 }, token)).json().data.total).toBe(
      0,
    );
  });

  it('names the field of a validation error', async () => {
    const res = await create({ title: '   ' });
    expect(res.code).toBe(40000);
    expect(res.data.fields[0]).toMatchObject({ field: 'title' });
    const cover = await create({ coverUrl: 'javascript:alert(1)' });
    expect(cover.data.fields[0].field).toBe('coverUrl');
  });

  it('sanitizes the body before storing it', async () => {
    const res = await create({
      body: '<p onclick="x()">hi</p><script>alert(1)</script><a href="javascript:x">l</a><img src=x onerror=steal()>',
    });
    expect(res.data.body).toBe('<p>hi</p><a>l</a>');
  });

  it('sorts only by whitelisted columns and caps the page size', async () => {
    for (const [i, title] of ['b', 'a', 'c'].entries()) await create({ title, sortOrder: i });
    const byTitle = (
      await t.post('/admin/article/list', { articleType: 1, sort: 'title', order: 'asc' }, token)
    ).json();
    expect(byTitle.data.items.map((a: { title: string }) => a.title)).toEqual(['a', 'b', 'c']);
    const bad = (
      await t.post('/admin/article/list', { articleType: 1, sort: 'body' }, token)
    ).json();
    expect(bad.code).toBe(40000);
    expect(bad.data.fields[0].field).toBe('sort');
    const big = (
      await t.post('/admin/article/list', { articleType: 1, pageSize: 101 }, token)
    ).json();
    expect(big.code).toBe(40000);
    expect(big.data.fields[0].field).toBe('pageSize');
  });

  it('filters by title, status and creation date; pages by keyset', async () => {
    await create({ title: '春季活动', status: 'published' });
    await create({ title: '夏季活动' });
    await create({ title: '100% 折扣' });
    const spring = (
      await t.post('/admin/article/list', { articleType: 1, keyword: '春季' }, token)
    ).json();
    expect(spring.data.items.map((a: { title: string }) => a.title)).toEqual(['春季活动']);
    const percent = (
      await t.post('/admin/article/list', { articleType: 1, keyword: '%' }, token)
    ).json();
    expect(percent.data.total).toBe(1);
    const drafts = (
      await t.post('/admin/article/list', { articleType: 1, status: 'draft' }, token)
    ).json();
    expect(drafts.data.total).toBe(2);
    // A whole-day filter reads Beijing days (as the figures count them): today there, not in UTC.
    const today = beijingDay();
    const dated = (
      await t.post('/admin/article/list', { articleType: 1, createdAtRange: [today, today] }, token)
    ).json();
    expect(dated.data.total).toBe(3);
    const old = (
      await t.post(
        '/admin/article/list',
        { articleType: 1, createdAtRange: ['2000-01-01', '2000-01-02'] },
        token,
      )
    ).json();
    expect(old.data.total).toBe(0);

    const first = (
      await t.post('/admin/article/list', { articleType: 1, pageSize: 2 }, token)
    ).json();
    const next = (
      await t.post(
        '/admin/article/list',
        { articleType: 1, pageSize: 2, cursor: first.data.nextCursor },
        token,
      )
    ).json();
    const ids = [...first.data.items, ...next.data.items].map((a: { id: number }) => a.id);
    expect(new Set(ids).size).toBe(3);
    expect(next.data.nextCursor).toBeNull();
  });

  it('answers each call’s own values when a list of the same shape is asked again', async () => {
    // The page statement is prepared once per shape; the values must still be each call's.
    const spring = await create({ title: '春季活动', status: 'published' });
    const summer = await create({ title: '夏季活动', status: 'published' });
    const list = async (body: Record<string, unknown>) =>
      (await t.post('/admin/article/list', { articleType: 1, ...body }, token)).json().data;
    const titles = (data: { items: { title: string }[] }) => data.items.map((a) => a.title);
    expect(titles(await list({ keyword: '春季' }))).toEqual(['春季活动']);
    expect(titles(await list({ keyword: '夏季' }))).toEqual(['夏季活动']);
    expect(titles(await list({ pageSize: 1, page: 1 }))).toEqual(['夏季活动']);
    expect(titles(await list({ pageSize: 1, page: 2 }))).toEqual(['春季活动']);
    expect(titles(await list({ pageSize: 1, page: 3 }))).toEqual([]);
    expect(titles(await list({ sort: 'createdAt', order: 'asc', pageSize: 1 }))).toEqual([
      '春季活动',
    ]);
    // Timestamps read as text come out exactly as the article's own (a Date's ISO form).
    const [item] = (await list({ keyword: '春季' })).items;
    expect(item).toMatchObject({
      id: spring.data.id,
      createdAt: spring.data.createdAt,
      updatedAt: spring.data.updatedAt,
      publishedAt: spring.data.publishedAt,
    });
    expect(item).not.toHaveProperty('body');
    expect(summer.data.id).not.toBe(spring.data.id);
  });

  it('answers the same page by number as by cursor, ties broken by id, filters kept', async () => {
    // 7 published in 3 sort groups (ties), and drafts in between that the filter leaves out.
    for (let i = 0; i < 9; i++) {
      await create({
        title: `a${i}`,
        sortOrder: i % 3,
        status: i % 4 === 3 ? 'draft' : 'published',
      });
    }
    const body = {
      articleType: 1,
      status: 'published',
      sort: 'sortOrder',
      order: 'asc',
      pageSize: 2,
    };
    const list = async (extra: Record<string, unknown>) =>
      (await t.post('/admin/article/list', { ...body, ...extra }, token)).json().data;
    const byNumber: number[][] = [];
    for (let page = 1; page <= 4; page++) {
      byNumber.push((await list({ page })).items.map((a: { id: number }) => a.id));
    }
    const byCursor: number[][] = [];
    let cursor: string | undefined;
    for (let page = 1; page <= 4; page++) {
      const data = await list(cursor ? { cursor } : {});
      byCursor.push(data.items.map((a: { id: number }) => a.id));
      cursor = data.nextCursor ?? undefined;
    }
    expect(byNumber).toEqual(byCursor);
    expect(byNumber.map((ids) => ids.length)).toEqual([2, 2, 2, 1]);
    const all = (await list({ pageSize: 10 })).items as { id: number; sortOrder: number }[];
    expect(byNumber.flat()).toEqual(all.map((a) => a.id));
    const sorted = [...all].sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id);
    expect(all).toEqual(sorted);
  });

  it('refuses an account without the type’s route, and allows one with it', async () => {
    const { token: sub } = await createAccount(t, {
      name: 'editor',
      permissions: ['article-activity'],
    });
    expect((await t.post('/admin/article/list', { articleType: 1 }, sub)).json().code).toBe(40300);
    expect((await create({}, sub)).code).toBe(40300);
    expect((await t.post('/admin/article/list', { articleType: 3 }, sub)).json().code).toBe(200);
    expect((await create({ articleType: 3 }, sub)).code).toBe(200);
  });

  it('never shows, changes or deletes another merchant’s article', async () => {
    const mine = await create();
    const other = await createOtherMerchant(t);
    expect(
      (await t.post('/admin/article/list', { articleType: 1 }, other.token)).json().data.total,
    ).toBe(0);
    expect(
      (
        await t.post('/admin/article/detail', { id: mine.data.id, articleType: 1 }, other.token)
      ).json().code,
    ).toBe(40400);
    const update = await t.post(
      '/admin/article/update',
      { ...base, id: mine.data.id, title: 'hacked' },
      other.token,
    );
    expect(update.json().code).toBe(40400);
    const del = await t.post(
      '/admin/article/delete',
      { articleType: 1, ids: [mine.data.id] },
      other.token,
    );
    expect(del.json().code).toBe(40400);
    const still = (
      await t.post('/admin/article/detail', { id: mine.data.id, articleType: 1 }, token)
    ).json();
    expect(still.data.title).toBe(base.title);
    expect(await logs()).toHaveLength(0);
  });

  it('writes no operation-log row when the change fails', async () => {
    const res = await t.post('/admin/article/update', { ...base, id: 999, title: 'x' }, token);
    expect(res.json().code).toBe(40400);
    expect(await logs()).toHaveLength(0);
    // An update that changes nothing logs nothing either.
    const created = await create();
    await t.post('/admin/article/update', { ...base, id: created.data.id }, token);
    expect(await logs()).toHaveLength(0);
  });

  it('exports the filtered list as a readable .xlsx', async () => {
    await create({ title: '导出一' });
    await create({ title: '导出二', status: 'published' });
    await create({ title: '别的', articleType: 2 });
    const res = await t.post('/admin/article/export', { articleType: 1 }, token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain('attachment');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.getRow(1).getCell(2).value).toBe('标题');
    // In the list's order: the newest first.
    const titles = [2, 3].map((r) => sheet?.getRow(r).getCell(2).value);
    expect(titles).toEqual(['导出二', '导出一']);
    expect(sheet?.rowCount).toBe(3);
  });
});
