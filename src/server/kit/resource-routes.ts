import {
  and,
  arrayContains,
  asc,
  desc,
  eq,
  getTableColumns,
  ilike,
  inArray,
  or,
  type SQL,
} from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ResultCode } from '../../shared/envelope';
import { message } from '../../shared/messages';
import {
  type FieldDef,
  fieldEntries,
  fieldsWhere,
  has,
  inExport,
  isMasked,
  isWritable,
  maskValue,
  type ResourceDef,
  type ResourceDictionary,
  rangeParam,
  transitionField,
  variantRoute,
} from '../../shared/resource';
import { type EntityOf, resourceSchemas } from '../../shared/resource-schema';
import type { AppContext } from '../context';
import type { Executor } from '../db/client';
import { AppError, fieldError, notFound } from '../errors';
import { actorOf, recordOperation } from '../modules/system/operation-log';
import { can } from '../plugins/auth';
import { envelopeOf, ok } from '../plugins/envelope';
import { changedFields } from './changes';
import { pgErrorCode, UNIQUE_VIOLATION } from './db-errors';
import { escapeLike, within } from './filters';
import { type ListRequest, listPage } from './list';
import { type ExportColumn, sendXlsx } from './xlsx-export';

type Row = Record<string, unknown> & { id: number };
type AuthContext = NonNullable<FastifyRequest['auth']>;
/** An export's body: the list's filters and order, and how the file should read. */
type ExportRequest = ListRequest &
  Record<string, unknown> & { columns?: string[]; lang: 'zh' | 'en'; tz: number };
/** A table with the columns every resource has. */
export type ResourceTable = PgTable & {
  id: PgColumn;
  merchantId: PgColumn;
  updatedAt?: PgColumn;
};

/** What an area adds to its derived routes (src/server/modules/<name>/hooks.ts, default export). */
export interface ResourceHooks {
  /** Conditions every list and export adds (beyond the merchant). */
  scope?(request: FastifyRequest): (SQL | undefined)[];
  /** Values about to be inserted or set; may change them (e.g. sanitise HTML) or refuse. */
  beforeWrite?(
    values: Record<string, unknown>,
    context: { request: FastifyRequest; tx: Executor; before?: Row },
  ): Promise<Record<string, unknown>> | Record<string, unknown>;
  /** Rows about to be deleted; may refuse (e.g. still in use). */
  beforeDelete?(rows: Row[], context: { request: FastifyRequest; tx: Executor }): Promise<void>;
}

/** The operation-log actions a resource writes: `<name>.create`, `.update`, `.delete`, `.export`. */
export const resourceAction = (resource: ResourceDef, verb: string) => `${resource.name}.${verb}`;

/**
 * The calls of a resource, derived from its definition: `POST /admin/<name>/list`, `detail`,
 * `create`, `update`, `delete` and `export` (those its actions name), each with the route's
 * permission, the merchant's scope, request and response schemas, and an operation-log row in
 * the same transaction as the change. Masked fields answer masked without their permission, and
 * an update that sends the masked value back keeps the stored one.
 */
export function resourceRoutes(
  resource: ResourceDef,
  table: ResourceTable,
  dictionaries: Record<'zh' | 'en', ResourceDictionary>,
  hooks: ResourceHooks = {},
) {
  const schemas = resourceSchemas(resource);
  const base = `/admin/${resource.name}`;
  const variant = resource.variants?.field;
  // A variant resource's calls are each allowed by the route of the screen they name.
  const config = {
    permission: variant
      ? (request: FastifyRequest) =>
          variantRoute(resource, (request.body as Record<string, unknown> | null)?.[variant]) ??
          `${resource.name}-unknown`
      : resource.route,
  };
  const tags = [resource.name];
  const fields = fieldEntries(resource);
  const column = (key: string): PgColumn => {
    const c = (table as unknown as Record<string, PgColumn>)[key];
    if (!c) throw new Error(`${resource.name}: table ${resource.table} has no column ${key}`);
    return c;
  };
  for (const [key] of fields) column(key);
  const writable = fieldsWhere(resource, isWritable);
  const sortColumns = Object.fromEntries(
    [resource.defaultSort, ...fieldsWhere(resource, (f) => !!f.sortable)].map((k) => [
      k,
      column(k),
    ]),
  );
  const tableColumns = getTableColumns(table);
  const hasUpdatedAt = 'updatedAt' in tableColumns;
  /** A list reads every column but rich text (a body is read on its own page). */
  const listColumns = Object.fromEntries(
    Object.entries(tableColumns).filter(([key]) => resource.fields[key]?.kind !== 'richText'),
  );
  /** A variant resource's rows are reached only through their own screen. */
  const variantScope = (body: Record<string, unknown>) =>
    variant ? eq(column(variant), body[variant]) : undefined;
  /** Values as the table takes them: times as Dates. */
  const toColumns = (values: Record<string, unknown>) => {
    const out = { ...values };
    for (const [key, f] of fields)
      if (f.kind === 'datetime' && typeof out[key] === 'string') out[key] = new Date(out[key]);
    return out;
  };

  /** Fields the account sees masked. */
  const maskedFor = (auth: AuthContext) =>
    fields.filter(([, f]) => f.masked && !can(auth, f.masked)).map(([key]) => key);

  function toEntity(row: Row, masked: string[]) {
    const entity: Record<string, unknown> = { id: row.id };
    for (const [key, f] of fields) {
      if (f.kind === 'secret') continue;
      let value = row[key];
      if (value instanceof Date) value = value.toISOString();
      if (masked.includes(key)) value = maskValue(f.kind, value);
      entity[key] = value ?? null;
    }
    return entity as EntityOf<typeof resource>;
  }

  function filter(
    merchantId: number,
    params: Record<string, unknown>,
    request?: FastifyRequest,
  ): (SQL | undefined)[] {
    const where: (SQL | undefined)[] = [
      eq(table.merchantId, merchantId),
      variantScope(params),
      ...((request && hooks.scope?.(request)) ?? []),
    ];
    const keyword = params.keyword as string | undefined;
    if (keyword && resource.keyword?.length) {
      // A masked field is not searched for an account that may not see it: matches would tell
      // its digits one by one.
      const searched = resource.keyword.filter(
        (key) => !(request && maskedFor(request.auth!).includes(key)),
      );
      const like = `%${escapeLike(keyword)}%`;
      where.push(or(...searched.map((key) => ilike(column(key), like))));
    }
    for (const [key, f] of fields) {
      if (f.filter === 'select' && params[key] !== undefined)
        where.push(eq(column(key), params[key]));
      if (f.filter === 'tag' && params[key]) where.push(arrayContains(column(key), [params[key]]));
      if (f.filter === 'range')
        where.push(...within(column(key), params[rangeParam(key)] as [string, string] | undefined));
    }
    return where;
  }

  /** One page of the merchant's rows, filtered and sorted as the list call asks. */
  const list = (
    ex: Executor,
    merchantId: number,
    params: Record<string, unknown>,
    request?: FastifyRequest,
  ) =>
    listPage<Row>(ex, {
      table,
      merchantId,
      idColumn: table.id,
      where: filter(merchantId, params, request),
      sortColumns,
      columns: listColumns,
      request: params as unknown as ListRequest,
    });

  /** A unique field's value another row of the merchant holds: said on that field. */
  function takenField(error: unknown): never {
    const unique = fields.find(([, f]) => f.unique)?.[0];
    if (unique && pgErrorCode(error) === UNIQUE_VIOLATION)
      throw fieldError(unique, message('validation.unique'), ResultCode.CONFLICT);
    throw error;
  }

  /** A masked value is only ever the stored one sent back: anywhere else it is refused. */
  function refuseMasked(values: Record<string, unknown>) {
    for (const [key, f] of fields)
      if (f.masked && isMasked(f.kind, values[key]))
        throw fieldError(key, message('validation.masked'));
  }

  async function load(
    ex: Executor,
    merchantId: number,
    body: Record<string, unknown> & { id: number },
    lock = false,
  ) {
    const query = ex
      .select()
      .from(table as PgTable)
      .where(and(eq(table.id, body.id), eq(table.merchantId, merchantId), variantScope(body)));
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw notFound(message(`${resource.name}:noun`));
    return row as Row;
  }

  const plugin: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
    if (has(resource, 'list'))
      app.post(
        `${base}/list`,
        {
          config,
          schema: { tags, body: schemas.list, response: { 200: envelopeOf(schemas.listResult) } },
        },
        async (request) => {
          const masked = maskedFor(request.auth!);
          const page = await list(db, request.auth!.merchantId, request.body, request);
          return ok({ ...page, items: page.items.map((row) => toEntity(row, masked)) });
        },
      );

    if (has(resource, 'detail'))
      app.post(
        `${base}/detail`,
        {
          config,
          schema: { tags, body: schemas.detail, response: { 200: envelopeOf(schemas.entity) } },
        },
        async (request) => {
          const auth = request.auth!;
          const body = request.body as unknown as Record<string, unknown> & { id: number };
          return ok(toEntity(await load(db, auth.merchantId, body), maskedFor(auth)));
        },
      );

    if (has(resource, 'create'))
      app.post(
        `${base}/create`,
        {
          config,
          schema: { tags, body: schemas.create, response: { 200: envelopeOf(schemas.entity) } },
        },
        async (request) => {
          const auth = request.auth!;
          return db.transaction(async (tx) => {
            let values = pick(request.body as Record<string, unknown>, writable);
            refuseMasked(values);
            if (hooks.beforeWrite) values = await hooks.beforeWrite(values, { request, tx });
            const [row] = (await tx
              .insert(table)
              .values({ ...toColumns(values), merchantId: auth.merchantId } as never)
              .returning()
              .catch(takenField)) as Row[];
            if (!row) throw new Error('insert returned nothing');
            await recordOperation(tx, actorOf(request), {
              action: resourceAction(resource, 'create'),
              targetType: resource.name,
              targetId: row.id,
              detail: { [resource.titleField]: row[resource.titleField] },
            });
            return ok(toEntity(row, maskedFor(auth)));
          });
        },
      );

    if (has(resource, 'update'))
      app.post(
        `${base}/update`,
        {
          config,
          schema: { tags, body: schemas.update, response: { 200: envelopeOf(schemas.entity) } },
        },
        async (request) => {
          const auth = request.auth!;
          const masked = maskedFor(auth);
          return db.transaction(async (tx) => {
            const body = request.body as Record<string, unknown> & { id: number };
            const before = await load(tx, auth.merchantId, body, true);
            // The screen a row belongs to does not change.
            let next = pick(
              body,
              writable.filter((key) => key !== variant),
            );
            // A masked value sent back unchanged keeps the stored one.
            for (const key of masked) {
              const f = resource.fields[key] as FieldDef;
              if (next[key] === maskValue(f.kind, before[key])) next[key] = before[key];
            }
            refuseMasked(next);
            if (hooks.beforeWrite) next = await hooks.beforeWrite(next, { request, tx, before });
            next = toColumns(next);
            const secret = fields
              .filter(([key, f]) => f.kind === 'secret' || masked.includes(key))
              .map(([key]) => key);
            const changes = changedFields(before, next, writable, secret);
            if (Object.keys(changes).length === 0) return ok(toEntity(before, masked));
            const [row] = (await tx
              .update(table)
              .set({ ...next, ...(hasUpdatedAt ? { updatedAt: new Date() } : {}) } as never)
              .where(eq(table.id, before.id))
              .returning()
              .catch(takenField)) as Row[];
            if (!row) throw notFound(message(`${resource.name}:noun`));
            await recordOperation(tx, actorOf(request), {
              action: resourceAction(resource, 'update'),
              targetType: resource.name,
              targetId: row.id,
              detail: changes,
            });
            return ok(toEntity(row, masked));
          });
        },
      );

    if (has(resource, 'delete'))
      app.post(
        `${base}/delete`,
        {
          config,
          schema: {
            tags,
            body: schemas.remove,
            response: { 200: envelopeOf(z.object({ deleted: z.number() })) },
          },
        },
        async (request) => {
          const auth = request.auth!;
          const title = column(resource.titleField);
          const body = request.body as unknown as Record<string, unknown> & { ids: number[] };
          return db.transaction(async (tx) => {
            const scope = and(
              eq(table.merchantId, auth.merchantId),
              inArray(table.id, body.ids),
              variantScope(body),
            );
            if (hooks.beforeDelete) {
              const rows = (await tx
                .select()
                .from(table as PgTable)
                .where(scope)) as Row[];
              await hooks.beforeDelete(rows, { request, tx });
            }
            const deleted = await tx.delete(table).where(scope).returning({ id: table.id, title });
            if (deleted.length === 0) throw notFound(message(`${resource.name}:noun`));
            await recordOperation(tx, actorOf(request), {
              action: resourceAction(resource, 'delete'),
              targetType: resource.name,
              targetId: deleted.map((d) => d.id).join(','),
              detail: { names: deleted.map((d) => d.title).slice(0, 20), count: deleted.length },
            });
            return ok({ deleted: deleted.length });
          });
        },
      );

    for (const [name, transition] of Object.entries(resource.transitions ?? {})) {
      const field = transitionField(transition);
      const own = transition.permission;
      app.post(
        `${base}/${name}`,
        {
          config: own
            ? {
                permission: (request: FastifyRequest) => {
                  // The screen's route, then the transition's own permission.
                  const route =
                    typeof config.permission === 'string'
                      ? config.permission
                      : config.permission(request);
                  return can(request.auth!, route) ? own : route;
                },
              }
            : config,
          schema: {
            tags,
            body: schemas.transition,
            response: { 200: envelopeOf(z.object({ changed: z.number() })) },
          },
        },
        async (request) => {
          const auth = request.auth!;
          const body = request.body as unknown as Record<string, unknown> & { ids: number[] };
          return db.transaction(async (tx) => {
            const rows = (await tx
              .select()
              .from(table as PgTable)
              .where(
                and(
                  eq(table.merchantId, auth.merchantId),
                  inArray(table.id, body.ids),
                  variantScope(body),
                ),
              )
              .for('update')) as Row[];
            if (rows.length === 0) throw notFound(message(`${resource.name}:noun`));
            const stuck = rows.filter((row) => !transition.from.includes(row[field] as string));
            if (stuck.length > 0)
              throw new AppError(
                ResultCode.CONFLICT,
                message('record.cannotMove', { count: stuck.length }),
              );
            for (const before of rows) {
              let next: Record<string, unknown> = { [field]: transition.to };
              if (hooks.beforeWrite) next = await hooks.beforeWrite(next, { request, tx, before });
              await tx
                .update(table)
                .set({
                  ...toColumns(next),
                  ...(hasUpdatedAt ? { updatedAt: new Date() } : {}),
                } as never)
                .where(eq(table.id, before.id));
            }
            await recordOperation(tx, actorOf(request), {
              action: resourceAction(resource, name),
              targetType: resource.name,
              targetId: rows.map((row) => row.id).join(','),
              detail: {
                [field]: [rows[0]![field], transition.to],
                names: rows.map((row) => row[resource.titleField]).slice(0, 20),
                count: rows.length,
              },
            });
            return ok({ changed: rows.length });
          });
        },
      );
    }

    if (has(resource, 'export'))
      app.post(
        `${base}/export`,
        { config, schema: { tags, body: schemas.exportParams } },
        async (request, reply) => {
          const params = request.body as ExportRequest;
          const masked = maskedFor(request.auth!);
          const dictionary = dictionaries[params.lang];
          const exportable = fieldsWhere(resource, inExport);
          const chosen = params.columns?.filter((key) => exportable.includes(key)) ?? [];
          const keys = chosen.length > 0 ? chosen : exportable;
          const where = filter(request.auth!.merchantId, params, request);
          const { keyword, cursor: _c, page: _p, pageSize: _s, columns: _k, ...rest } = params;
          await recordOperation(db, actorOf(request), {
            action: resourceAction(resource, 'export'),
            targetType: resource.name,
            detail: { keyword, ...rest },
          });
          // The list's order: ids first (small), then their rows batch by batch in that order.
          const sort = sortColumns[params.sort] ?? column(resource.defaultSort);
          const direction = params.order === 'asc' ? asc : desc;
          const ids = (
            await db
              .select({ id: table.id })
              .from(table as PgTable)
              .where(and(...where))
              .orderBy(direction(sort), direction(table.id))
          ).map((r) => r.id as number);
          let at = 0;
          const date = new Date(Date.now() - params.tz * 60_000).toISOString().slice(0, 10);
          return sendXlsx<Row>(reply, {
            filename: `${dictionary.title}-${date}.xlsx`,
            sheet: dictionary.title,
            columns: [
              { header: 'ID', key: 'id', width: 10, value: (row) => row.id },
              ...keys.map((key) =>
                exportColumn(key, resource.fields[key] as FieldDef, dictionary, params.tz, masked),
              ),
            ],
            async nextBatch() {
              const batch = ids.slice(at, at + 1000);
              at += batch.length;
              if (batch.length === 0) return [];
              const rows = (await db
                .select()
                .from(table as PgTable)
                .where(inArray(table.id, batch))) as Row[];
              const byId = new Map(rows.map((row) => [row.id, row]));
              return batch.map((id) => byId.get(id)).filter((row): row is Row => !!row);
            },
          });
        },
      );
  };
  return Object.assign(plugin, { list });
}

function pick(values: Record<string, unknown>, keys: string[]): Record<string, unknown> {
  const picked: Record<string, unknown> = {};
  for (const key of keys) if (key in values) picked[key] = values[key];
  return picked;
}

/** A column of the export: labels in the UI's language, money with two decimals, local times. */
function exportColumn(
  key: string,
  f: FieldDef,
  dictionary: ResourceDictionary,
  tz: number,
  masked: string[],
): ExportColumn<Row> {
  const header = dictionary.fields[key] ?? key;
  const local = (value: unknown) =>
    value instanceof Date ? new Date(value.getTime() - tz * 60_000) : null;
  const base = { header, key, width: 16 };
  switch (f.kind) {
    case 'money':
      return { ...base, numFmt: '0.00', value: (row) => Number(row[key]) };
    case 'decimal':
      return {
        ...base,
        numFmt: `0.${'0'.repeat(f.scale ?? 4)}`,
        value: (row) => Number(row[key]),
      };
    case 'datetime':
      return { ...base, width: 20, numFmt: 'yyyy-mm-dd hh:mm', value: (row) => local(row[key]) };
    case 'enum':
      return {
        ...base,
        width: 10,
        value: (row) => dictionary.enums?.[key]?.[row[key] as string] ?? (row[key] as string),
      };
    case 'boolean':
      return { ...base, width: 8, value: (row) => (row[key] ? '✓' : '') };
    case 'tags':
    case 'images':
      return { ...base, width: 24, value: (row) => (row[key] as string[]).join('，') };
    case 'integer':
      return { ...base, width: 10, value: (row) => row[key] as number };
    default:
      return {
        ...base,
        width: f.kind === 'longText' ? 30 : 16,
        value: (row) =>
          (masked.includes(key) ? maskValue(f.kind, row[key]) : row[key]) as string | null,
      };
  }
}
