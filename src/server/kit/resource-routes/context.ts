import { and, eq, getTableColumns, ilike, or, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ResultCode } from '../../../shared/envelope';
import { message } from '../../../shared/messages';
import {
  fieldEntries,
  fieldsWhere,
  isMasked,
  isNumberKind,
  isUpdatable,
  isWritable,
  maskValue,
  type ResourceDef,
  rangeParam,
  variantRoute,
} from '../../../shared/resource';
import { type EntityOf, resourceSchemas } from '../../../shared/resource-schema';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { fieldError, notFound } from '../../errors';
import { can } from '../../plugins/auth';
import { pgErrorCode, UNIQUE_VIOLATION } from '../db-errors';
import { between, escapeLike, hasTag, within } from '../filters';
import { type ListRequest, listPage } from '../list';
import { type LinkLabels, resourceLinks } from '../resource-links';
import { columnOf, type ResourceTable } from '../tables';
import type { ResourceHooks, Row } from './hooks';

export type AuthContext = NonNullable<FastifyRequest['auth']>;
/** The Fastify instance a resource's routes are added to. */
export type ResourceApp = Parameters<FastifyPluginAsyncZod<AppContext>>[0];

/** The operation-log actions a resource writes: `<name>.create`, `.update`, `.delete`, `.export`. */
export const resourceAction = (resource: ResourceDef, verb: string) => `${resource.name}.${verb}`;

/**
 * What every action's routes share, worked out once per resource from its definition: its
 * schemas, permission, columns, filters, the way a row becomes what the API answers, and the
 * loading of one row within the merchant's scope.
 */
export function resourceContext(resource: ResourceDef, table: ResourceTable, hooks: ResourceHooks) {
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

  /** `hooks.decorate` on rows about to be answered, when there are any. */
  const decorate = async (rows: Row[], request: FastifyRequest, ex: Executor) => {
    if (hooks.decorate && rows.length > 0) await hooks.decorate(rows, { request, ex });
  };

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
      // The area's grouping of its rows, under its default sort only: a column's sort is flat.
      leading: params.sort === resource.defaultSort ? hooks.grouping : undefined,
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

  return {
    resource,
    table,
    hooks,
    schemas,
    base,
    variant,
    config,
    tags,
    fields,
    column,
    links,
    writable,
    updatable,
    secrets,
    sortColumns,
    hasUpdatedAt,
    listColumns,
    labelJoins,
    variantScope,
    toColumns,
    maskedFor,
    entities,
    decorate,
    filter,
    list,
    takenField,
    refuseMasked,
    load,
  };
}

/** What every action's routes of one resource share (see `resourceContext`). */
export type ResourceContext = ReturnType<typeof resourceContext>;

/** Values of the keys named, where present. */
export function pick(values: Record<string, unknown>, keys: string[]): Record<string, unknown> {
  const picked: Record<string, unknown> = {};
  for (const key of keys) if (key in values) picked[key] = values[key];
  return picked;
}
