import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ResultCode } from '../../shared/envelope';
import { createTestApp, type TestApp } from '../test-support';

let t: TestApp;
let token: string;
beforeEach(async () => {
  t = await createTestApp();
  token = await t.login();
});
afterEach(() => t.close());

const forge = (value: unknown, id: unknown = 1) =>
  Buffer.from(JSON.stringify([value, id])).toString('base64url');
const list = (body: Record<string, unknown>) =>
  t.post('/admin/article/list', { articleType: 1, ...body }, token);

describe('list cursors', () => {
  it('pages on with the cursors it gives out', async () => {
    for (let i = 0; i < 3; i++) {
      await t.post(
        '/admin/article/create',
        { articleType: 1, title: `t${i}`, sortOrder: i },
        token,
      );
    }
    for (const sort of ['createdAt', 'sortOrder', 'views', 'title']) {
      const first = (await list({ sort, pageSize: 2 })).json();
      expect(first.data.nextCursor).toEqual(expect.any(String));
      const next = (await list({ sort, pageSize: 2, cursor: first.data.nextCursor })).json();
      expect(next.code).toBe(200);
      expect(next.data.items).toHaveLength(1);
    }
  });

  it('pages through rows without a value in the sort column, both ways', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) {
      const status = i % 2 ? 'published' : 'draft';
      const res = await t.post(
        '/admin/article/create',
        { articleType: 1, title: `t${i}`, status },
        token,
      );
      ids.push(res.json().data.id);
    }
    for (const order of ['asc', 'desc']) {
      const seen: number[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < 5; page++) {
        const res = (await list({ sort: 'publishedAt', order, pageSize: 2, cursor })).json();
        seen.push(...res.data.items.map((a: { id: number }) => a.id));
        cursor = res.data.nextCursor ?? undefined;
        if (!cursor) break;
      }
      expect(seen.sort()).toEqual([...ids].sort());
    }
  });

  const forged: [string, string, string][] = [
    ['a date that is not one', 'createdAt', forge('not a date')],
    ['a date past what the database holds', 'createdAt', forge('+275760-09-13T00:00:00.000Z')],
    ['a number for a date', 'createdAt', forge(12)],
    ['text for an integer column', 'views', forge('abc')],
    ['an integer past the column', 'sortOrder', forge(2 ** 40)],
    ['a fraction for an integer column', 'views', forge(1.5)],
    ['an object for text', 'title', forge({ a: 1 })],
    ['an id past bigint', 'createdAt', forge('2026-01-01T00:00:00.000Z', 1e300)],
    ['an id that is not one', 'createdAt', forge('2026-01-01T00:00:00.000Z', -1)],
  ];
  for (const [what, sort, cursor] of forged) {
    it(`refuses a forged cursor holding ${what} with 400`, async () => {
      const res = await list({ sort, cursor });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe(ResultCode.VALIDATION);
      expect(res.json().data.fields[0].field).toBe('cursor');
    });
  }
});

describe('date ranges', () => {
  for (const range of [
    ['0000-01-01', '0000-12-31'],
    ['1899-12-31', '2026-01-01'],
    ['2026-01-01T00:00:00Z', '0000-01-01T00:00:00Z'],
  ]) {
    it(`refuses ${range.join(' – ')} with 400`, async () => {
      const res = await list({ createdAtRange: range });
      expect(res.statusCode).toBe(400);
      expect(res.json().data.fields[0].field).toMatch(/^createdAtRange/);
    });
  }

  it('accepts the years 1900 to 9999', async () => {
    const res = await list({ createdAtRange: ['1900-01-01', '9999-12-31'] });
    expect(res.json().code).toBe(200);
  });
});
