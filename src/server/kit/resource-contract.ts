import { inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  fieldEntries,
  has,
  inExport,
  isNumberKind,
  isUpdatable,
  isWritable,
  maskValue,
  type ResourceDef,
  rangeParam,
  transitionField,
} from '../../shared/resource';
import { invalidValues } from '../../shared/resource-samples';
import { operationLogs } from '../db/schema/operation-log';
import { createAccount, createOtherMerchant, createTestApp, type TestApp } from '../test-support';
import { tableOf } from './modules';

/** Who a contract's made rows belong to: the test's app and its first merchant's owner. */
export interface MadeFor {
  t: TestApp;
  /** The first merchant's owner's token. */
  token: string;
}

/**
 * How the system makes a resource's rows when no call of its own creates them (an order comes
 * from the storefront, a job from the queue, a ledger entry from a payment): makes the n-th row
 * (n from 1) of the first merchant, through the area's own service or straight in its table, and
 * answers its id. A row made later comes later in the resource's default order.
 */
export type MadeBy = (made: MadeFor, n: number) => Promise<number>;

export interface ContractOptions {
  /** The n-th of several rows (n from 1), when a test needs more than one: unique fields differ. */
  another?: (n: number) => Record<string, unknown>;
  /**
   * Transitions whose hooks need more than the sample row (a goods is ready only when
   * complete): the area's own tests cover them.
   */
  guarded?: string[];
  /**
   * How the system makes the rows of a resource without a create call (its list filters are
   * then tried on them too). `sample` is then a full valid update that changes such a row,
   * `change` a valid partial one.
   */
  madeBy?: MadeBy;
  /** The app's environment (e.g. `JOBS: 'off'`, so that the worker leaves made rows as made). */
  env?: Record<string, string>;
}

/**
 * The contract every resource keeps, run against the real app on a fresh database: the round
 * trip with its operation-log rows, every field's rule, permission refusals, merchant isolation,
 * masking and the export. `sample` is a valid create body; `change` a valid partial update. A
 * single-row resource (settings) keeps its own (singleContract): `sample` is then a valid update.
 * A resource whose rows the system makes (`madeBy`) keeps it with them, and its list filters too.
 */
export function resourceContract(
  resource: ResourceDef,
  sample: Record<string, unknown>,
  change: Record<string, unknown>,
  options: ContractOptions = {},
) {
  if (resource.single) return singleContract(resource, sample, change, options.env);
  if (!has(resource, 'create') && !options.madeBy)
    throw new Error(`${resource.name} has no create call: say how its rows are made (madeBy)`);
  if (!has(resource, 'create') && !has(resource, 'update'))
    throw new Error(`${resource.name} neither creates nor updates rows: readContract`);
  rowsContract(resource, sample, change, options);
}

/**
 * The contract of a resource whose rows only the system writes (orders, jobs, ledger entries,
 * feeds…): with rows made by `madeBy`, its list and detail, every list filter, permission
 * refusals, merchant isolation, masking and the export, that it takes no create or update, and
 * the deletes and transitions it has, logged.
 */
export function readContract(
  resource: ResourceDef,
  madeBy: MadeBy,
  options: Pick<ContractOptions, 'guarded' | 'env'> = {},
) {
  if (has(resource, 'create') || has(resource, 'update') || resource.single)
    throw new Error(`${resource.name} writes rows: resourceContract`);
  rowsContract(resource, {}, {}, { ...options, madeBy });
}

/**
 * List calls that must find `row` (true) or must not (false): each filter of the list with the
 * row's own value and with another one.
 */
function filterProbes(
  resource: ResourceDef,
  row: Record<string, unknown>,
): [Record<string, unknown>, boolean][] {
  const probes: [Record<string, unknown>, boolean][] = [];
  const DAY = 86_400_000;
  const iso = (ms: number) => new Date(ms).toISOString();
  const isDecimal = (value: unknown) => /^\d{1,12}(\.\d{1,4})?$/.test(String(value));
  for (const key of resource.keyword ?? []) {
    const value = row[key];
    if (typeof value === 'string' && value.trim())
      probes.push([{ keyword: value.slice(0, 64) }, true]);
  }
  if (resource.keyword?.length) probes.push([{ keyword: 'zz-no-such-row-zz' }, false]);
  for (const [key, f] of fieldEntries(resource)) {
    const value = row[key];
    if (value === null || value === undefined || !f.filter) continue;
    if (f.filter === 'select' && f.kind === 'enum') {
      probes.push([{ [key]: value }, true]);
      const other = f.values?.find((v) => v !== value);
      if (other) probes.push([{ [key]: other }, false]);
    } else if (f.filter === 'select' && f.kind === 'boolean') {
      probes.push([{ [key]: value }, true], [{ [key]: !value }, false]);
    } else if (f.filter === 'select') {
      probes.push([{ [key]: value }, true], [{ [key]: Number(value) + 1 }, false]);
    } else if (f.filter === 'tag' && Array.isArray(value) && value.length > 0) {
      probes.push([{ [key]: value[0] }, true], [{ [key]: 'zz-no-such-tag' }, false]);
    } else if (f.filter === 'exact' && typeof value === 'string' && value) {
      probes.push([{ [key]: value }, true], [{ [key]: 'zz-nobody' }, false]);
    } else if (f.filter === 'range' && isNumberKind(f.kind) && isDecimal(value)) {
      const above = String(Math.floor(Number(value)) + 1);
      probes.push(
        [{ [rangeParam(key)]: [String(value), String(value)] }, true],
        [{ [rangeParam(key)]: [above, null] }, false],
      );
    } else if (f.filter === 'range' && f.kind === 'date' && typeof value === 'string') {
      const next = iso(Date.parse(`${value}T00:00:00Z`) + 2 * DAY).slice(0, 10);
      probes.push(
        [{ [rangeParam(key)]: [value, value] }, true],
        [{ [rangeParam(key)]: [next, next] }, false],
      );
    } else if (f.filter === 'range' && typeof value === 'string') {
      const at = Date.parse(value);
      probes.push(
        [{ [rangeParam(key)]: [iso(at - 60_000), iso(at + 60_000)] }, true],
        [{ [rangeParam(key)]: [iso(at + DAY), iso(at + 2 * DAY)] }, false],
      );
    }
  }
  return probes;
}

/** The contract of a resource of many rows per merchant (resourceContract, readContract). */
function rowsContract(
  resource: ResourceDef,
  sample: Record<string, unknown>,
  change: Record<string, unknown>,
  options: ContractOptions,
) {
  const base = `/admin/${resource.name}`;
  const title = resource.titleField;
  // A variant resource's calls name their screen's value (the sample's).
  const field = resource.variants?.field;
  const scope = field ? { [field]: sample[field] } : {};
  const another =
    options.another ?? ((n: number) => ({ ...sample, [title]: `${sample[title]}-${n}` }));
  const madeBy = options.madeBy;
  const updates = has(resource, 'update');
  const deletes = has(resource, 'delete');

  describe(`${resource.name}: the ${madeBy && !updates ? 'read-side' : 'resource'} contract`, () => {
    let t: TestApp;
    let token: string;
    beforeEach(async () => {
      t = await createTestApp(options.env, { shared: true });
      token = await t.login();
    });
    afterEach(() => t.close());
    const call = async (action: string, body: Record<string, unknown>, as = token) =>
      (await t.post(`${base}/${action}`, { ...scope, ...body }, as)).json();
    const logged = async () =>
      (await t.db.select().from(operationLogs)).filter((row) =>
        row.action.startsWith(`${resource.name}.`),
      );
    /** Rows a merchant's list holds before the test adds any (an account list: its owner). */
    const listed = async (as = token) => (await call('list', {}, as)).data.total as number;
    // An update sends a secret only to change it: left out, the stored one stays.
    const kept = Object.fromEntries(
      Object.entries(sample).filter(([key]) => resource.fields[key]?.kind !== 'secret'),
    );
    /**
     * The n-th row of the first merchant as the owner reads it: created from the sample (n = 0)
     * or `another(n)`, or made by the system.
     */
    const make = async (n: number): Promise<Record<string, unknown> & { id: number }> => {
      if (!madeBy) return (await call('create', n === 0 ? sample : another(n))).data;
      const id = await madeBy({ t, token }, Math.max(n, 1));
      const answer = await call('detail', { id });
      expect(answer.code, answer.msg).toBe(200);
      return answer.data;
    };
    // A list row is the row without its rich text (read on its own page).
    const listRow = (row: Record<string, unknown>) => {
      const out = { ...row };
      for (const [key, f] of fieldEntries(resource)) if (f.kind === 'richText') delete out[key];
      return out;
    };

    if (!madeBy)
      it('creates, reads, lists, updates and deletes, and logs each change', async () => {
        const already = await listed();
        const created = await call('create', sample);
        expect(created.code, created.msg).toBe(200);
        const id = created.data.id;
        for (const [key, value] of Object.entries(sample))
          if (resource.fields[key]?.kind !== 'secret') expect(created.data[key]).toEqual(value);
        expect((await call('detail', { id })).data).toEqual(created.data);
        const list = await call('list', {});
        expect(list.data.total).toBe(already + 1);
        expect(list.data.items.find((item: { id: number }) => item.id === id)).toEqual(
          listRow(created.data),
        );

        const updated = await call('update', { ...kept, ...change, id });
        expect(updated.code, updated.msg).toBe(200);
        for (const [key, value] of Object.entries(change))
          if (resource.fields[key]?.kind !== 'secret') expect(updated.data[key]).toEqual(value);

        const verbs = ['create', 'update'];
        if (deletes) {
          expect((await call('delete', { ids: [id] })).data.deleted).toBe(1);
          expect((await call('detail', { id })).code).toBe(40400);
          verbs.push('delete');
        }
        const actions = (await logged()).map((row) => [row.action, row.targetId]);
        expect(actions).toEqual(verbs.map((verb) => [`${resource.name}.${verb}`, String(id)]));
        const [, update] = await logged();
        expect(Object.keys(update?.detail as object).sort()).toEqual(Object.keys(change).sort());
      });
    else
      it(`reads and lists a row the system made${updates ? ', updates it' : ''}${deletes ? ', deletes it' : ''}, and logs ${updates || deletes ? 'each change' : 'nothing'}`, async () => {
        const already = await listed();
        const made = await make(1);
        const id = made.id;
        const since = (await logged()).length;
        const list = await call('list', {});
        expect(list.data.total).toBe(already + 1);
        expect(list.data.items.find((item: { id: number }) => item.id === id)).toEqual(
          listRow(made),
        );
        expect((await call('detail', { id: id + 1_000_000 })).code).toBe(40400);

        const verbs: string[] = [];
        if (updates) {
          const saved = await call('update', { ...kept, id });
          expect(saved.code, saved.msg).toBe(200);
          for (const [key, value] of Object.entries(kept)) expect(saved.data[key]).toEqual(value);
          const updated = await call('update', { ...change, id });
          expect(updated.code, updated.msg).toBe(200);
          for (const [key, value] of Object.entries(change))
            if (resource.fields[key]?.kind !== 'secret') expect(updated.data[key]).toEqual(value);
          expect((await call('detail', { id })).data).toEqual(updated.data);
          verbs.push('update', 'update');
        }
        if (deletes) {
          const deleted = await call('delete', { ids: [id] });
          expect(deleted.data?.deleted, deleted.msg).toBe(1);
          expect((await call('detail', { id })).code).toBe(40400);
          verbs.push('delete');
        }
        const rows = (await logged()).slice(since);
        expect(rows.map((row) => [row.action, row.targetId])).toEqual(
          verbs.map((verb) => [`${resource.name}.${verb}`, String(id)]),
        );
        if (updates)
          expect(Object.keys(rows[1]?.detail as object).sort()).toEqual(Object.keys(change).sort());
      });

    if (!madeBy)
      it('refuses a bad value of every field, naming the field, and writes nothing', async () => {
        const already = await listed();
        let tried = 0;
        for (const [key, f] of fieldEntries(resource).filter(([, f]) => isWritable(f))) {
          for (const value of invalidValues(f)) {
            const answer = await call('create', { ...sample, [key]: value });
            expect(answer.code, `${key} = ${JSON.stringify(value).slice(0, 40)}`).toBe(40000);
            expect(answer.data.fields[0].field.split('.')[0]).toBe(key);
            tried++;
          }
        }
        expect(tried).toBeGreaterThan(0);
        expect(await listed()).toBe(already);
        expect(await logged()).toEqual([]);
      });
    else if (updates)
      it('refuses a bad value of every field an update takes, naming the field, and changes nothing', async () => {
        const made = await make(1);
        const since = (await logged()).length;
        let tried = 0;
        for (const [key, f] of fieldEntries(resource).filter(([, f]) => isUpdatable(f))) {
          for (const value of invalidValues(f)) {
            const answer = await call('update', { ...kept, [key]: value, id: made.id });
            expect(answer.code, `${key} = ${JSON.stringify(value).slice(0, 40)}`).toBe(40000);
            expect(answer.data.fields[0].field.split('.')[0]).toBe(key);
            tried++;
          }
        }
        expect(tried).toBeGreaterThan(0);
        expect((await call('detail', { id: made.id })).data).toEqual(made);
        expect((await logged()).slice(since)).toEqual([]);
      });
    else
      it('takes no create or update: such a call finds no route, and nothing changes', async () => {
        const already = await listed();
        const made = await make(1);
        const since = (await logged()).length;
        for (const action of ['create', 'update'])
          expect((await call(action, { id: made.id }))?.code, action).toBe(40400);
        expect((await call('detail', { id: made.id })).data).toEqual(made);
        expect(await listed()).toBe(already + 1);
        expect((await logged()).slice(since)).toEqual([]);
      });

    if (madeBy && filterProbes(resource, {}).length > 0)
      it('finds a row by each filter of its list with its own value, and not with another', async () => {
        const made = await make(1);
        const probes = filterProbes(resource, made);
        for (const [params, found] of probes) {
          const answer = await call('list', params);
          expect(answer.code, `${JSON.stringify(params)}: ${answer.msg}`).toBe(200);
          const ids = answer.data.items.map((item: { id: number }) => item.id);
          expect(ids.includes(made.id), JSON.stringify(params)).toBe(found);
        }
        // Every filter of the list was tried, but on a field the made row leaves empty.
        const empty = (value: unknown) =>
          value === null || value === '' || (Array.isArray(value) && value.length === 0);
        const filtered = fieldEntries(resource).filter(([key, f]) => f.filter && !empty(made[key]));
        for (const [key] of filtered)
          expect(
            probes.some(([params]) => key in params || rangeParam(key) in params),
            key,
          ).toBe(true);
      });

    it('refuses every call to an account without the route, and to no account', async () => {
      const data = await make(0);
      const { token: other } = await createAccount(t, { name: 'no-route', permissions: [] });
      const bodies: Record<string, Record<string, unknown>> = {
        list: {},
        detail: { id: data.id },
        create: sample,
        update: { ...kept, id: data.id },
        delete: { ids: [data.id] },
        export: {},
      };
      for (const [action, body] of Object.entries(bodies)) {
        if (!has(resource, action as never)) continue;
        expect((await call(action, body, other)).code, action).toBe(40300);
        expect((await t.post(`${base}/${action}`, { ...scope, ...body })).json().code, action).toBe(
          50008,
        );
      }
      expect((await call('detail', { id: data.id })).data).toEqual(data);
    });

    it("keeps merchants apart: another merchant's owner neither sees nor changes a row", async () => {
      const data = await make(0);
      const other = await createOtherMerchant(t);
      const list = (await call('list', {}, other.token)).data;
      expect(list.items.map((item: { id: number }) => item.id)).not.toContain(data.id);
      expect((await call('detail', { id: data.id }, other.token)).code).toBe(40400);
      if (updates)
        expect((await call('update', { ...kept, id: data.id }, other.token)).code).toBe(40400);
      if (deletes) expect((await call('delete', { ids: [data.id] }, other.token)).code).toBe(40400);
      expect((await call('detail', { id: data.id })).data).toEqual(data);
    });

    for (const [name, transition] of Object.entries(resource.transitions ?? {}))
      it.skipIf(options.guarded?.includes(name))(
        `moves rows by ${name}, only from where it may, and logs it`,
        async () => {
          const field = transitionField(transition);
          const from = transition.from[0]!;
          const a = await make(1);
          const b = await make(2);
          // Put both where the transition starts (straight in the table: the field may be read-only).
          const table = tableOf(resource);
          await t.db
            .update(table)
            .set({ [field]: from } as never)
            .where(inArray(table.id, [a.id, b.id]));
          const moved = await call(name, { ids: [a.id, b.id] });
          expect(moved.data, moved.msg).toEqual({ changed: 2 });
          expect((await call('detail', { id: a.id })).data[field]).toBe(transition.to);
          if (!transition.from.includes(transition.to))
            expect((await call(name, { ids: [a.id] })).code).toBe(40900);
          const { token: other } = await createAccount(t, { name: 'no-route', permissions: [] });
          expect((await call(name, { ids: [b.id] }, other)).code).toBe(40300);
          const outsider = await createOtherMerchant(t);
          expect((await call(name, { ids: [b.id] }, outsider.token)).code).toBe(40400);
          const rows = (await logged()).filter((row) => row.action === `${resource.name}.${name}`);
          expect(rows.map((row) => row.targetId)).toEqual([`${a.id},${b.id}`]);
        },
      );

    const masked = fieldEntries(resource).filter(([, f]) => f.masked);
    if (masked.length > 0)
      it('masks fields for accounts without their permission, and keeps them on save', async () => {
        const data = await make(0);
        const { token: clerk } = await createAccount(t, {
          name: 'clerk',
          permissions: [resource.route],
        });
        const seen = (await call('detail', { id: data.id }, clerk)).data;
        for (const [key, f] of masked) expect(seen[key]).toBe(maskValue(f.kind, data[key]));
        if (!updates) return;
        expect((await call('update', { ...seen, ...change, id: data.id }, clerk)).code).toBe(200);
        const after = (await call('detail', { id: data.id })).data;
        for (const [key] of masked) expect(after[key]).toBe(data[key]);
        const update = (await logged()).find((row) => row.action === `${resource.name}.update`);
        for (const [key] of masked) expect(update?.detail).not.toHaveProperty(key);
      });

    if (has(resource, 'export') && has(resource, 'import'))
      it('imports its own export back: every row valid, found again by its key', async () => {
        await make(0);
        const exported = await t.post(`${base}/export`, { ...scope, lang: 'zh' }, token);
        const boundary = '----contract';
        const fields = {
          kind: resource.name,
          ...(field ? { variant: String(sample[field]) } : {}),
        };
        const body = Buffer.concat([
          ...Object.entries(fields).map(([name, value]) =>
            Buffer.from(
              `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
            ),
          ),
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="e.xlsx"\r\n\r\n`,
          ),
          exported.rawPayload,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]);
        const checked = (
          await t.app.inject({
            method: 'POST',
            url: '/admin/import/validate',
            payload: body,
            headers: {
              'content-type': `multipart/form-data; boundary=${boundary}`,
              authorization: `Bearer ${token}`,
            },
          })
        ).json();
        expect(checked.data, checked.msg).toMatchObject({
          total: 1,
          valid: 1,
          errors: [],
          existing: resource.importKey ? 1 : 0,
        });
      });

    if (has(resource, 'export'))
      it('exports what the list shows, in its order, with headers in the UI language', async () => {
        const first = await make(1);
        const second = await make(2);
        const exportable = fieldEntries(resource).filter(([, f]) => inExport(f));
        for (const [lang, dictionary] of [
          ['zh', (await import(`../../shared/resources/${resource.name}.zh.ts`)).default],
          ['en', (await import(`../../shared/resources/${resource.name}.en.ts`)).default],
        ]) {
          const res = await t.post(
            `${base}/export`,
            { ...scope, sort: resource.defaultSort, order: 'asc', lang },
            token,
          );
          expect(res.headers['content-disposition']).toContain(
            encodeURIComponent(dictionary.title),
          );
          const workbook = new ExcelJS.Workbook();
          await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
          const sheet = workbook.worksheets[0]!;
          expect(sheet.rowCount).toBe(3);
          // The row's ID first, or the field the area names its rows by (hooks' export.key).
          const headers = (sheet.getRow(1).values as unknown[]).slice(1);
          const lead = exportable.find(([key]) => dictionary.fields[key] === headers[0])?.[0];
          expect(headers).toEqual([
            lead ? dictionary.fields[lead] : 'ID',
            ...exportable.filter(([key]) => key !== lead).map(([key]) => dictionary.fields[key]),
          ]);
          const column = headers.indexOf(dictionary.fields[title]) + 1;
          expect(sheet.getRow(2).getCell(column).value).toBe(first[title]);
          expect(sheet.getRow(3).getCell(column).value).toBe(second[title]);
        }
      });
  });
}

/**
 * The contract of a resource with one row per merchant: `get` makes the row once, even under
 * concurrent first calls; updates round-trip and are logged with what changed; every field's rule
 * refuses a bad value, naming the field, writing nothing; an account without the route and no
 * account are refused; another merchant neither reads nor changes the row.
 */
function singleContract(
  resource: ResourceDef,
  sample: Record<string, unknown>,
  change: Record<string, unknown>,
  env?: Record<string, string>,
) {
  const base = `/admin/${resource.name}`;
  describe(`${resource.name}: the single-row resource contract`, () => {
    let t: TestApp;
    let token: string;
    beforeEach(async () => {
      t = await createTestApp(env, { shared: true });
      token = await t.login();
    });
    afterEach(() => t.close());
    const call = async (action: string, body: Record<string, unknown>, as = token) =>
      (await t.post(`${base}/${action}`, body, as)).json();
    const logged = async () =>
      (await t.db.select().from(operationLogs)).filter((row) =>
        row.action.startsWith(`${resource.name}.`),
      );

    it('makes the row once on the first calls, reads, updates it and logs each change', async () => {
      const first = await Promise.all(Array.from({ length: 10 }, () => call('get', {})));
      expect(first.map((r) => r.code)).toEqual(first.map(() => 200));
      expect(new Set(first.map((r) => r.data.id)).size).toBe(1);
      const id = first[0].data.id;
      expect((await call('detail', { id })).data).toEqual(first[0].data);
      const saved = await call('update', { ...sample, id });
      expect(saved.code, saved.msg).toBe(200);
      for (const [key, value] of Object.entries(sample)) expect(saved.data[key]).toEqual(value);
      const changed = await call('update', { ...change, id });
      expect(changed.code, changed.msg).toBe(200);
      for (const [key, value] of Object.entries(change)) expect(changed.data[key]).toEqual(value);
      expect((await call('get', {})).data).toEqual(changed.data);
      const rows = await logged();
      expect(rows.map((row) => [row.action, row.targetId])).toEqual([
        [`${resource.name}.update`, String(id)],
        [`${resource.name}.update`, String(id)],
      ]);
      expect(Object.keys(rows[1]?.detail as object).sort()).toEqual(Object.keys(change).sort());
    });

    it('refuses a bad value of every field, naming the field, and writes nothing', async () => {
      const before = (await call('get', {})).data;
      let tried = 0;
      for (const [key, f] of fieldEntries(resource).filter(([, f]) => isWritable(f))) {
        for (const value of invalidValues(f)) {
          const answer = await call('update', { ...sample, [key]: value, id: before.id });
          expect(answer.code, `${key} = ${JSON.stringify(value).slice(0, 40)}`).toBe(40000);
          expect(answer.data.fields[0].field.split('.')[0]).toBe(key);
          tried++;
        }
      }
      expect(tried).toBeGreaterThan(0);
      expect((await call('get', {})).data).toEqual(before);
      expect(await logged()).toEqual([]);
    });

    it('refuses every call to an account without the route, and to no account', async () => {
      const { data } = await call('get', {});
      const { token: other } = await createAccount(t, { name: 'no-route', permissions: [] });
      const bodies: Record<string, Record<string, unknown>> = {
        get: {},
        detail: { id: data.id },
        update: { ...sample, id: data.id },
      };
      for (const [action, body] of Object.entries(bodies)) {
        expect((await call(action, body, other)).code, action).toBe(40300);
        expect((await t.post(`${base}/${action}`, body)).json().code, action).toBe(50008);
      }
      expect((await call('get', {})).data).toEqual(data);
    });

    it("keeps merchants apart: another merchant's owner neither sees nor changes the row", async () => {
      const { data } = await call('get', {});
      const other = await createOtherMerchant(t);
      expect((await call('get', {}, other.token)).data.id).not.toBe(data.id);
      expect((await call('detail', { id: data.id }, other.token)).code).toBe(40400);
      expect((await call('update', { ...sample, id: data.id }, other.token)).code).toBe(40400);
      expect((await call('get', {})).data).toEqual(data);
    });
  });
}
