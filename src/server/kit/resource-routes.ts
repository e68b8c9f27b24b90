import { and, asc, desc, eq, getTableColumns, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ResultCode } from '../../shared/envelope';
import { isLinkTarget, PAGE_PARAM_SOURCES } from '../../shared/link';
import { message } from '../../shared/messages';
import {
  type FieldDef,
  fieldEntries,
  fieldsWhere,
  has,
  inExport,
  isMasked,
  isNumberKind,
  isUpdatable,
  isWritable,
  linkFields,
  maskValue,
  type ResourceDef,
  type ResourceDictionary,
  rangeParam,
  referenceFields,
  screenRoutes,
  transitionField,
  variantRoute,
} from '../../shared/resource';
import { type EntityOf, resourceSchemas } from '../../shared/resource-schema';
import { resources } from '../../shared/resources';
import type { AppContext } from '../context';
import type { Executor } from '../db/client';
import { AppError, fieldError, notFound } from '../errors';
import { can } from '../plugins/auth';
import { envelopeOf, ok } from '../plugins/envelope';
import { changedFields } from './changes';
import { pgErrorCode, UNIQUE_VIOLATION } from './db-errors';
import { between, escapeLike, hasTag, within } from './filters';
import { type ListRequest, listPage } from './list';
import { actorOf, recordOperation } from './operation-log';
import { repeatGuard, repeatKeyOf } from './repeat-guard';
import { type LinkLabels, resourceLinks } from './resource-links';
import { sanitizeRichTextFields } from './sanitize-html';
import { columnOf, type ResourceTable } from './tables';
import { type ExportColumn, sendXlsx } from './xlsx-export';

export type { ResourceTable };

type Row = Record<string, unknown> & { id: number };
type AuthContext = NonNullable<FastifyRequest['auth']>;
/** An export's body: the list's filters and order, and how the file should read. */
type ExportRequest = ListRequest &
  Record<string, unknown> & { columns?: string[]; lang: 'zh' | 'en'; tz: number };

/**
 * What an area adds to its derived routes (src/server/modules/<name>/hooks.ts, default export).
 * A create or an update runs, in order: `beforeWrite` (in the transaction, before the row is
 * written), `afterWrite` (in the transaction, with the row written), `afterCommit` (once the
 * change is committed); `before` is the row as it was (an update's), absent on a create.
 */
export interface ResourceHooks {
  /** Conditions every list and export adds (beyond the merchant). */
  scope?(request: FastifyRequest): (SQL | undefined)[];
  /**
   * A field's filter written by the area in place of the derived one, given the list's value for
   * it (e.g. a table beside the rows that answers it faster than the column's own index).
   */
  filters?: Record<string, (value: unknown, merchantId: number) => SQL>;
  /**
   * Whether a list with these filters finds its page's ids first (kit/list.ts idsFirst): where
   * the sort index they walk also holds another filtered column (INCLUDE, in the area's
   * migration), so that rows failing it are tested in the index, never read from the table.
   */
  idsFirst?(params: Record<string, unknown>): boolean;
  /** Values about to be inserted or set; may change them (e.g. sanitise HTML) or refuse. */
  beforeWrite?(
    values: Record<string, unknown>,
    context: { request: FastifyRequest; tx: Executor; before?: Row },
  ): Promise<Record<string, unknown>> | Record<string, unknown>;
  /**
   * A row just inserted or updated, in the same transaction: what the change entails elsewhere
   * (e.g. ending an account's sessions); throwing undoes the change. Not run when an update
   * changed nothing.
   */
  afterWrite?(
    row: Row,
    context: { request: FastifyRequest; tx: Executor; before?: Row },
  ): Promise<void>;
  /**
   * A row once its create or update is committed: what must not happen before (e.g. dropping
   * what this server keeps in memory about it, so that no request reads it again before the
   * commit). Its errors no longer undo the change.
   */
  afterCommit?(
    row: Row,
    context: { request: FastifyRequest; before?: Row; app: AppContext },
  ): void | Promise<void>;
  /**
   * A single-row resource's first row, made on the merchant's first `get`: values besides the
   * columns' defaults (a website's name starts as the platform's).
   */
  firstRow?(context: { request: FastifyRequest; ex: Executor }): Promise<Record<string, unknown>>;
  /** Rows about to be answered (list, detail, create, update): fills in `computed` fields. */
  decorate?(rows: Row[], context: { request: FastifyRequest; ex: Executor }): Promise<void>;
  /** Rows about to be deleted; may refuse (e.g. still in use). */
  beforeDelete?(rows: Row[], context: { request: FastifyRequest; tx: Executor }): Promise<void>;
  /**
   * Rows once their delete is committed: what goes with them outside the database (a material's
   * file). Its errors no longer undo the delete.
   */
  afterDelete?(rows: Row[], context: { request: FastifyRequest; app: AppContext }): Promise<void>;
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
  // A variant resource's calls are each allowed by the route of the screen they name; the screen
  // over every value (when there is one) may name any, or none.
  const all = resource.variants?.all?.route;
  const config = {
    permission: variant
      ? (request: FastifyRequest) => {
          if (all && request.auth && can(request.auth, all)) return all;
          return (
            variantRoute(resource, (request.body as Record<string, unknown> | null)?.[variant]) ??
            `${resource.name}-unknown`
          );
        }
      : resource.route,
  };
  const tags = [resource.name];
  const fields = fieldEntries(resource);
  const column = (key: string): PgColumn => columnOf(resource, table, key);
  const links = resourceLinks(resource, table);
  // A computed field is filled in by `decorate`; a secret may be stored by `beforeWrite` (a hash).
  for (const [key, f] of fields) {
    if (f.computed && !f.readOnly)
      throw new Error(`${resource.name}: computed ${key} is not readOnly`);
    const stored = key in getTableColumns(table);
    if (!f.computed && !(f.kind === 'secret' && !stored)) column(key);
  }
  const writable = fieldsWhere(resource, isWritable);
  const updatable = fieldsWhere(resource, isUpdatable);
  const secrets = fields.filter(([, f]) => f.kind === 'secret').map(([key]) => key);
  // A form sends its create with a key of its own: a double click or a retry makes one row.
  const createOnce = repeatGuard();
  const sortColumns = Object.fromEntries(
    [resource.defaultSort, ...fieldsWhere(resource, (f) => !!f.sortable)].map((k) => [
      k,
      column(k),
    ]),
  );
  const tableColumns = getTableColumns(table);
  const hasUpdatedAt = 'updatedAt' in tableColumns;
  /**
   * What a list (and a tree) reads: the id, the stored fields it answers but rich text (a body is
   * read on its own page), and the sort columns (the next page's cursor is made of them). Not
   * every column of the table: once a page is one index scan, turning its values into JavaScript
   * is most of what a list call costs (an order row has 29 columns; its list answers 19).
   */
  const listColumns: Record<string, PgColumn> = { id: table.id, ...sortColumns };
  for (const [key, f] of fields)
    if (key in tableColumns && !f.computed && f.kind !== 'secret' && f.kind !== 'richText')
      listColumns[key] = column(key);
  // The titles of the rows its references point at, joined.
  const labelJoins = links.labelJoins();
  Object.assign(listColumns, labelJoins.columns);
  /** A variant resource's rows are reached only through their own screen. */
  const variantScope = (body: Record<string, unknown>) =>
    variant && body[variant] !== undefined ? eq(column(variant), body[variant]) : undefined;
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

  function toEntity(row: Row, masked: string[], labels?: LinkLabels) {
    const entity: Record<string, unknown> = { id: row.id };
    for (const [key, f] of fields) {
      if (f.kind === 'secret') continue;
      let value = row[key];
      if (value instanceof Date) value = value.toISOString();
      if (masked.includes(key)) value = maskValue(f.kind, value);
      entity[key] = value ?? null;
    }
    if (links.labelled.length > 0)
      entity.labels = Object.fromEntries(
        links.labelled.map((key) => [key, links.labelOf(labels, key, row)]),
      );
    return entity as EntityOf<typeof resource>;
  }

  /** Rows as the API answers them, with the titles their references point at. */
  async function entities(ex: Executor, auth: AuthContext, rows: Row[]) {
    const labels = links.labelled.length
      ? await links.labelsOf(ex, auth.merchantId, rows)
      : undefined;
    const masked = maskedFor(auth);
    return rows.map((row) => toEntity(row, masked, labels));
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
      const own = hooks.filters?.[key];
      if (own) {
        if (params[key] !== undefined && params[key] !== '')
          where.push(own(params[key], merchantId));
        continue;
      }
      if (f.filter === 'select' && params[key] !== undefined)
        where.push(eq(column(key), params[key]));
      if (f.filter === 'tag' && params[key]) where.push(hasTag(column(key), String(params[key])));
      if (f.filter === 'exact' && params[key]) where.push(eq(column(key), params[key]));
      if (f.filter === 'range' && isNumberKind(f.kind))
        where.push(...between(column(key), params[rangeParam(key)] as [string, string]));
      else if (f.filter === 'range')
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
      joins: labelJoins.joins,
      request: params as unknown as ListRequest,
      // A number range is tested in the sort index where it holds the column (INCLUDE), as
      // are the filters the area says its indexes hold.
      idsFirst:
        fields.some(
          ([key, f]) => f.filter === 'range' && isNumberKind(f.kind) && params[rangeParam(key)],
        ) || hooks.idsFirst?.(params) === true,
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

  const plugin: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
    const { db } = context;
    const decorate = async (rows: Row[], request: FastifyRequest, ex: Executor) => {
      if (hooks.decorate && rows.length > 0) await hooks.decorate(rows, { request, ex });
    };
    if (has(resource, 'list'))
      app.post(
        `${base}/list`,
        {
          config,
          schema: { tags, body: schemas.list, response: { 200: envelopeOf(schemas.listResult) } },
        },
        async (request) => {
          const page = await list(db, request.auth!.merchantId, request.body, request);
          await decorate(page.items, request, db);
          return ok({ ...page, items: await entities(db, request.auth!, page.items) });
        },
      );

    if (resource.single)
      app.post(
        `${base}/get`,
        {
          config,
          schema: {
            tags,
            body: z.object({}).strict().optional(),
            response: { 200: envelopeOf(schemas.entity) },
          },
        },
        async (request) => {
          const auth = request.auth!;
          const mine = async () =>
            (
              (await db.select().from(table).where(eq(table.merchantId, auth.merchantId))) as Row[]
            )[0];
          let row = await mine();
          if (!row) {
            // Made on the first call, with the fields' defaults (the column defaults) and the
            // area's first values; of concurrent first calls one inserts, the others find it.
            const first = (await hooks.firstRow?.({ request, ex: db })) ?? {};
            await db
              .insert(table)
              .values({ ...toColumns(first), merchantId: auth.merchantId } as never)
              .onConflictDoNothing();
            row = await mine();
          }
          if (!row) throw notFound(message(`${resource.name}:noun`));
          await decorate([row], request, db);
          const [entity] = await entities(db, auth, [row]);
          return ok(entity);
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
          const row = await load(db, auth.merchantId, body);
          await decorate([row], request, db);
          const [entity] = await entities(db, auth, [row]);
          return ok(entity);
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
          const repeat = repeatKeyOf(request.headers);
          const key = repeat && `${auth.merchantId}:${auth.adminId}:${repeat}`;
          return createOnce(key, () => create(request));
        },
      );

    async function create(request: FastifyRequest) {
      const auth = request.auth!;
      const row = await db.transaction(async (tx) => {
        let values = pick(request.body as Record<string, unknown>, writable);
        refuseMasked(values);
        // Rich text is kept only in the sanitiser's safe subset, whichever area it is in.
        values = sanitizeRichTextFields(fields, values);
        if (hooks.beforeWrite) values = await hooks.beforeWrite(values, { request, tx });
        await links.check(tx, auth.merchantId, values);
        values = { ...values, ...(await links.lastPlace(tx, auth.merchantId, values)) };
        const [row] = (await tx
          .insert(table)
          .values({ ...toColumns(values), merchantId: auth.merchantId } as never)
          .returning()
          .catch(takenField)) as Row[];
        if (!row) throw new Error('insert returned nothing');
        await hooks.afterWrite?.(row, { request, tx });
        await recordOperation(tx, actorOf(request), {
          action: resourceAction(resource, 'create'),
          targetType: resource.name,
          targetId: row.id,
          detail: { [resource.titleField]: row[resource.titleField] },
        });
        await decorate([row], request, tx);
        return row;
      });
      await hooks.afterCommit?.(row, { request, app: context });
      const [entity] = await entities(db, auth, [row]);
      return ok(entity);
    }

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
          const done = await db.transaction(async (tx) => {
            const body = request.body as Record<string, unknown> & { id: number };
            const before = await load(tx, auth.merchantId, body, true);
            // The screen a row belongs to does not change.
            let next = pick(
              body,
              updatable.filter((key) => key !== variant),
            );
            // A secret left out or empty keeps the stored one; one given is logged without it.
            for (const key of secrets) if (!next[key]) delete next[key];
            const secretChanges = Object.fromEntries(
              secrets.filter((key) => key in next).map((key) => [key, ['***', '***']]),
            );
            // A masked value sent back unchanged keeps the stored one.
            for (const key of masked) {
              const f = resource.fields[key] as FieldDef;
              if (next[key] === maskValue(f.kind, before[key])) next[key] = before[key];
            }
            refuseMasked(next);
            next = sanitizeRichTextFields(fields, next);
            if (hooks.beforeWrite) next = await hooks.beforeWrite(next, { request, tx, before });
            await links.check(tx, auth.merchantId, next, before);
            // A row under another parent goes last there.
            const parent = links.parent;
            if (parent && parent in next && (next[parent] ?? null) !== (before[parent] ?? null))
              next = { ...next, ...(await links.lastPlace(tx, auth.merchantId, next)) };
            next = toColumns(next);
            const compared = updatable.filter((key) => !secrets.includes(key));
            const changes = { ...changedFields(before, next, compared, masked), ...secretChanges };
            if (Object.keys(changes).length === 0) {
              await decorate([before], request, tx);
              return { row: before };
            }
            const [row] = (await tx
              .update(table)
              .set({ ...next, ...(hasUpdatedAt ? { updatedAt: new Date() } : {}) } as never)
              .where(eq(table.id, before.id))
              .returning()
              .catch(takenField)) as Row[];
            if (!row) throw notFound(message(`${resource.name}:noun`));
            await hooks.afterWrite?.(row, { request, tx, before });
            await recordOperation(tx, actorOf(request), {
              action: resourceAction(resource, 'update'),
              targetType: resource.name,
              targetId: row.id,
              detail: changes,
            });
            await decorate([row], request, tx);
            return { row, before };
          });
          if (done.before)
            await hooks.afterCommit?.(done.row, { request, before: done.before, app: context });
          const [entity] = await entities(db, auth, [done.row]);
          return ok(entity);
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
          const body = request.body as unknown as Record<string, unknown> & { ids: number[] };
          const gone = await db.transaction(async (tx) => {
            const scope = and(
              eq(table.merchantId, auth.merchantId),
              inArray(table.id, body.ids),
              variantScope(body),
            );
            await links.refuseInUse(tx, auth.merchantId, body.ids);
            if (hooks.beforeDelete) {
              const rows = (await tx
                .select()
                .from(table as PgTable)
                .where(scope)) as Row[];
              await hooks.beforeDelete(rows, { request, tx });
            }
            const deleted = (await tx.delete(table).where(scope).returning()) as Row[];
            if (deleted.length === 0) throw notFound(message(`${resource.name}:noun`));
            await recordOperation(tx, actorOf(request), {
              action: resourceAction(resource, 'delete'),
              targetType: resource.name,
              targetId: deleted.map((d) => d.id).join(','),
              detail: {
                names: deleted.map((d) => d[resource.titleField]).slice(0, 20),
                count: deleted.length,
              },
            });
            return deleted;
          });
          await hooks.afterDelete?.(gone, { request, app: context });
          return ok({ deleted: gone.length });
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

    // A picker's search of titles: allowed on this screen and on every screen whose rows point here
    // (a goods form picks a category without the right to edit categories); rows a link names,
    // itself or as a page's parameter, are picked on every screen with a link and in the
    // page-path tool.
    const linked = isLinkTarget(resource.name) || PAGE_PARAM_SOURCES.includes(resource.name);
    const pickers = [
      resource.route,
      ...resources.flatMap((other) =>
        referenceFields(other).some(([, to]) => to === resource.name) ||
        (linkFields(other).length > 0 && linked)
          ? screenRoutes(other)
          : [],
      ),
      ...(linked ? ['page-path'] : []),
    ];
    const titleColumn = column(resource.titleField);
    // (A single-row resource is never picked from a list.)
    if (!resource.single)
      app.post(
        `${base}/options`,
        {
          config: {
            permission: (request: FastifyRequest) =>
              pickers.find((route) => can(request.auth!, route)) ?? resource.route,
          },
          schema: {
            tags,
            body: schemas.options,
            response: {
              200: envelopeOf(
                z.object({
                  items: z.array(
                    z.object({
                      id: z.number(),
                      title: z.string(),
                      parentId: z.number().nullable(),
                    }),
                  ),
                }),
              ),
            },
          },
        },
        async (request) => {
          const { keyword, ids } = request.body as { keyword?: string; ids?: number[] };
          const parentColumn = links.parent ? column(links.parent) : undefined;
          // A tree's picker shows the whole tree; a plain one the first 50 matches.
          const rows = await db
            .select({ id: table.id, title: titleColumn, parentId: parentColumn ?? table.id })
            .from(table as PgTable)
            .where(
              and(
                eq(table.merchantId, request.auth!.merchantId),
                ids ? inArray(table.id, ids) : undefined,
                keyword ? ilike(titleColumn, `%${escapeLike(keyword)}%`) : undefined,
              ),
            )
            .orderBy(...(links.parent ? links.treeOrder() : [asc(titleColumn)]))
            .limit(links.parent ? 5000 : 50);
          return ok({
            items: rows.map((row) => ({
              id: row.id as number,
              title: String(row.title),
              parentId: parentColumn ? ((row.parentId as number | null) ?? null) : null,
            })),
          });
        },
      );

    if (links.parent && has(resource, 'list'))
      app.post(
        `${base}/tree`,
        {
          config,
          schema: {
            tags,
            response: {
              200: envelopeOf(z.object({ items: z.array(schemas.listItem) })),
            },
          },
        },
        async (request) => {
          // Every row at once (a tree of categories is hundreds, not millions): the screen nests
          // them by parent in this order.
          let query = db
            .select(listColumns)
            .from(table as PgTable)
            .$dynamic();
          for (const join of labelJoins.joins) query = query.leftJoin(join.table, join.on);
          const rows = (await query
            .where(
              and(
                eq(table.merchantId, request.auth!.merchantId),
                ...(hooks.scope?.(request) ?? []),
              ),
            )
            .orderBy(...links.treeOrder())
            .limit(5000)) as Row[];
          return ok({ items: await entities(db, request.auth!, rows) });
        },
      );

    if (has(resource, 'order'))
      app.post(
        `${base}/move`,
        {
          config,
          schema: {
            tags,
            body: schemas.move,
            response: { 200: envelopeOf(z.object({ moved: z.number() })) },
          },
        },
        async (request) => {
          const auth = request.auth!;
          const body = request.body as { id: number; parentId?: number | null; index: number };
          return db.transaction(async (tx) => {
            const row = await load(tx, auth.merchantId, body, true);
            const detail = await links.move(tx, auth.merchantId, row, body);
            await recordOperation(tx, actorOf(request), {
              action: resourceAction(resource, 'move'),
              targetType: resource.name,
              targetId: row.id,
              detail,
            });
            return ok({ moved: 1 });
          });
        },
      );

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
              if (links.labelled.length > 0) {
                const labels = await links.labelsOf(db, request.auth!.merchantId, rows);
                for (const row of rows)
                  row.labels = Object.fromEntries(
                    links.labelled.map((key) => [key, links.labelOf(labels, key, row)]),
                  );
              }
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
  // A figure a row lacks is an empty cell, as the list shows a dash: never a 0.
  const figure = (row: Row) =>
    row[key] === null || row[key] === undefined ? null : Number(row[key]);
  switch (f.kind) {
    case 'money':
      return { ...base, numFmt: '0.00', value: figure };
    case 'decimal':
      return { ...base, numFmt: `0.${'0'.repeat(f.scale ?? 4)}`, value: figure };
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
      return { ...base, width: 10, value: figure };
    case 'reference':
    case 'parent':
      return {
        ...base,
        value: (row) =>
          ((row.labels as Record<string, string> | undefined)?.[key] ?? null) as string | null,
      };
    case 'references':
      return {
        ...base,
        width: 24,
        value: (row) =>
          ((row.labels as Record<string, string[]> | undefined)?.[key] ?? []).join('、'),
      };
    default:
      return {
        ...base,
        width: f.kind === 'longText' ? 30 : 16,
        value: (row) =>
          (masked.includes(key) ? maskValue(f.kind, row[key]) : row[key]) as string | null,
      };
  }
}
