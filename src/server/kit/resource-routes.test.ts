import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { message } from '../../shared/messages';
import {
  defineResource,
  integer,
  longText,
  type ResourceDictionary,
  secret,
  text,
} from '../../shared/resource';
import type { AppContext } from '../context';
import { helpArticles } from '../db/schema/help';
import { operationLogs } from '../db/schema/operation-log';
import { fieldError } from '../errors';
import { createTestApp, type TestApp } from '../test-support';
import { type ResourceHooks, resourceRoutes } from './resource-routes';

/**
 * A probe over the help articles' table: a title given on create only, a secret without a
 * column of its own (kept in the body by its hook, as a password is kept as its hash), and a
 * computed field.
 */
const probe = defineResource({
  name: 'kit-probe',
  route: 'service-help',
  titles: { zh: { title: '探针' }, en: { title: 'Probe' } },
  table: 'help_articles',
  menu: { group: '/setting' },
  fields: {
    title: text({ required: true, max: 200, createOnly: true, list: true }),
    body: longText({ readOnly: true }),
    sortOrder: integer({ max: 999_999, list: true }),
    code: secret({
      required: true,
      rule: [
        { test: (v: string) => /\d/.test(v), message: 'password.digit' },
        { test: (v: string) => v.length >= 4, message: 'password.length', params: { min: 4 } },
      ],
    }),
    shout: text({ readOnly: true, computed: true, list: true }),
  },
  titleField: 'title',
  actions: ['list', 'detail', 'create', 'update'],
  defaultSort: 'sortOrder',
});

const texts: ResourceDictionary = { title: 'Probe', new: 'New', edit: 'Edit', fields: {} };

let t: TestApp;
let token: string;
/** What the hooks saw, in order. */
let calls: string[];
let failAfterWrite: boolean;

const hooks: ResourceHooks = {
  beforeWrite(values, { before }) {
    calls.push(`beforeWrite ${before ? 'update' : 'create'} ${Object.keys(values).sort()}`);
    const next = { ...values };
    if (typeof next.code === 'string') next.body = `code:${next.code}`;
    delete next.code;
    return next;
  },
  async afterWrite(row, { tx, before }) {
    calls.push(`afterWrite ${before ? 'update' : 'create'}`);
    // In the transaction: it sees the row as written.
    const [seen] = await tx.select().from(helpArticles).where(eq(helpArticles.id, row.id));
    expect(seen?.sortOrder).toBe(row.sortOrder);
    if (failAfterWrite) throw fieldError('sortOrder', message('validation.invalid'));
  },
  afterCommit(row, { before, app }) {
    expect(app.db).toBe(t.db);
    calls.push(`afterCommit ${before ? 'update' : 'create'} ${row.sortOrder}`);
  },
  async decorate(rows) {
    calls.push(`decorate ${rows.length}`);
    for (const row of rows) row.shout = String(row.title).toUpperCase();
  },
};

beforeEach(async () => {
  calls = [];
  failAfterWrite = false;
  // Registers its own routes: an app of its own.
  t = await createTestApp({}, { shared: false });
  const context = { db: t.db, config: t.config } as AppContext;
  await t.app.register(
    resourceRoutes(probe, helpArticles, { zh: texts, en: texts }, hooks),
    context,
  );
  token = await t.login();
});
afterEach(() => t.close());

const call = async (action: string, body: Record<string, unknown>) =>
  (await t.post(`/admin/kit-probe/${action}`, body, token)).json();
const stored = async (id: number) =>
  (await t.db.select().from(helpArticles).where(eq(helpArticles.id, id)))[0]!;
const logged = async () =>
  (await t.db.select().from(operationLogs))
    .filter((row) => row.action === 'kit-probe.update')
    .map((row) => row.detail);

describe('resource routes: hooks and field options', () => {
  it('runs beforeWrite, afterWrite and afterCommit in order, and decorate on every answer', async () => {
    const created = await call('create', { title: 'hello', code: 'abc1', sortOrder: 3 });
    expect(created.data).toEqual({
      id: created.data.id,
      title: 'hello',
      body: 'code:abc1',
      sortOrder: 3,
      shout: 'HELLO',
    });
    expect(calls).toEqual([
      'beforeWrite create code,sortOrder,title',
      'afterWrite create',
      'decorate 1',
      'afterCommit create 3',
    ]);
    calls = [];
    expect((await call('detail', { id: created.data.id })).data.shout).toBe('HELLO');
    expect((await call('list', {})).data.items[0].shout).toBe('HELLO');
    expect(calls).toEqual(['decorate 1', 'decorate 1']);
  });

  it('changes only what an update names; a title given on create only stays', async () => {
    const { data } = await call('create', { title: 'hello', code: 'abc1', sortOrder: 3 });
    calls = [];
    const updated = await call('update', { id: data.id, title: 'renamed', sortOrder: 4 });
    expect(updated.data).toMatchObject({ title: 'hello', body: 'code:abc1', sortOrder: 4 });
    expect(calls[0]).toBe('beforeWrite update sortOrder');
    expect(calls.at(-1)).toBe('afterCommit update 4');
    // Nothing changed: no write, no log, nothing after.
    calls = [];
    expect((await call('update', { id: data.id, sortOrder: 4 })).code).toBe(200);
    expect(calls).toEqual(['beforeWrite update sortOrder', 'decorate 1']);
    expect(await logged()).toEqual([{ sortOrder: [3, 4] }]);
  });

  it('keeps a secret left out or empty; a new one is logged as changed without its value', async () => {
    const { data } = await call('create', { title: 'hello', code: 'abc1' });
    expect((await call('update', { id: data.id, code: '' })).code).toBe(200);
    expect((await stored(data.id)).body).toBe('code:abc1');
    expect((await call('update', { id: data.id, code: 'xyz9' })).code).toBe(200);
    expect((await stored(data.id)).body).toBe('code:xyz9');
    expect(await logged()).toEqual([{ code: ['***', '***'] }]);
  });

  it('requires a secret on create and reports each of its checks that fails', async () => {
    const empty = await call('create', { title: 'hello', code: '' });
    expect(empty.data.fields[0].field).toBe('code');
    const weak = await call('create', { title: 'hello', code: 'ab' });
    expect(weak.data.fields.map((f: { message: string }) => f.message)).toEqual([
      '密码须包含数字',
      '密码至少 4 位',
    ]);
    expect((await call('update', { id: 1, code: 'ab' })).code).toBe(40000);
  });

  it('undoes the change when afterWrite refuses, and does not run afterCommit', async () => {
    const { data } = await call('create', { title: 'hello', code: 'abc1', sortOrder: 3 });
    failAfterWrite = true;
    calls = [];
    const refused = await call('update', { id: data.id, sortOrder: 9 });
    expect(refused.data.fields[0].field).toBe('sortOrder');
    expect((await stored(data.id)).sortOrder).toBe(3);
    expect(await logged()).toEqual([]);
    expect(calls.some((c) => c.startsWith('afterCommit'))).toBe(false);
  });
});

describe('resource routes: a create sent twice', () => {
  const create = (body: Record<string, unknown>, key?: string) =>
    t
      .post('/admin/kit-probe/create', body, token, key ? { 'idempotency-key': key } : {})
      .then((res) => res.json());
  const count = async () => (await t.db.select().from(helpArticles)).length;

  it('makes one row of two creates with the same key, at once or after, and answers both with it', async () => {
    const body = { title: 'twice', code: 'abc1' };
    const [first, second] = await Promise.all([
      create(body, 'form-key-0001'),
      create(body, 'form-key-0001'),
    ]);
    expect(first.code).toBe(200);
    expect(second).toEqual(first);
    expect((await create(body, 'form-key-0001')).data.id).toBe(first.data.id);
    expect(await count()).toBe(1);
    // Another key, or none, is another create.
    expect((await create(body, 'form-key-0002')).data.id).not.toBe(first.data.id);
    await create(body);
    await create(body);
    expect(await count()).toBe(4);
  });

  it('forgets a create that failed, so the same key can be sent again', async () => {
    const refused = await create({ title: 'x', code: 'abc' }, 'form-key-0003');
    expect(refused.code).not.toBe(200);
    expect((await create({ title: 'x', code: 'abc1' }, 'form-key-0003')).code).toBe(200);
    expect(await count()).toBe(1);
  });
});
