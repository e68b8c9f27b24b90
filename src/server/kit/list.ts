import { createHash } from 'node:crypto';
import {
  and,
  asc,
  desc,
  getTableColumns,
  getTableName,
  inArray,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { type PgColumn, PgDialect, type PgTable } from 'drizzle-orm/pg-core';
import { COUNT_LIMIT, type ListResult } from '../../shared/list';
import { message } from '../../shared/messages';
import type { Executor } from '../db/client';
import { listVersions } from '../db/schema/list-version';
import { fieldError } from '../errors';
import { decoderOf, filterTemplate, prepareArrayQuery } from './drizzle-internals';

export interface ListRequest {
  page: number;
  pageSize: number;
  sort: string;
  order: 'asc' | 'desc';
  /** From the previous page's `nextCursor`: pages on by keyset instead of OFFSET. */
  cursor?: string;
}

/** A table joined to a list's rows to read more of their columns (e.g. a reference's title). */
export interface ListJoin {
  table: PgTable;
  on: SQL;
}

/**
 * A key a list is ordered by before its sort column, always ascending and never null: an area's
 * grouping of rows under its default sort (a variation family's rows together). Its values ride
 * in the cursor beside the sort column's.
 */
export interface ListKey {
  expression: SQL;
  kind: 'text' | 'integer';
}

export interface ListSpec<TRow> {
  table: PgTable;
  idColumn: PgColumn;
  /** Conditions ANDed together; `undefined` entries are skipped. Include the merchant scope. */
  where: (SQL | undefined)[];
  /** The whitelist: sort key → column. */
  sortColumns: Record<string, PgColumn>;
  request: ListRequest;
  /** Columns to select; every row of the table by default. */
  columns?: Record<string, PgColumn | SQL | SQL.Aliased>;
  /** Tables the columns read beside the rows (LEFT JOIN, one row or none each): fixed per `columns`. */
  joins?: readonly ListJoin[];
  map?: (row: Record<string, unknown>) => TRow;
  /** The merchant whose rows these are: its number in list_versions decides when a count is reused. */
  merchantId: number;
  /**
   * Find the page's ids first on the first page too (as every later page does): for filters the
   * table's sort indexes hold (INCLUDE), so that rows failing them are tested in the index,
   * never read from the table (a number range: the house list's three ranges, 16 → 3 ms).
   */
  idsFirst?: boolean;
  /** Keys ordered by before the sort column (see ListKey); the same array for the same order. */
  leading?: readonly ListKey[];
}

export type Page<T> = ListResult<T> & { nextCursor: string | null };

function encodeCursor(leading: unknown[], value: unknown, id: unknown): string {
  const v = value instanceof Date ? value.toISOString() : value;
  return Buffer.from(JSON.stringify([...leading, v, id])).toString('base64url');
}

/**
 * The cursor's values, checked against the sort column's kind: a forged cursor is refused with
 * 400 here rather than failing in the database (invalid input, out of range) with a 500.
 */
function decodeCursor(
  cursor: string,
  sortColumn: PgColumn,
  leading: readonly ListKey[],
): { leading: unknown[]; value: unknown; id: number } {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    const n = leading.length;
    if (
      Array.isArray(parsed) &&
      parsed.length === n + 2 &&
      Number.isSafeInteger(parsed[n + 1]) &&
      parsed[n + 1] > 0 &&
      fitsColumn(sortColumn, parsed[n]) &&
      leading.every((key, i) => fitsKey(key, parsed[i]))
    ) {
      return { leading: parsed.slice(0, n), value: parsed[n], id: parsed[n + 1] };
    }
  } catch {}
  throw fieldError('cursor', message('validation.cursor'));
}

function fitsKey(key: ListKey, value: unknown): boolean {
  return key.kind === 'integer'
    ? Number.isInteger(value) && Math.abs(value as number) < 2 ** 31
    : typeof value === 'string';
}

const INTEGER_BOUNDS: Record<string, number> = { PgSmallInt: 2 ** 15, PgInteger: 2 ** 31 };

/** Whether `value` is one the column can hold, as encodeCursor writes it. */
function fitsColumn(column: PgColumn, value: unknown): boolean {
  if (value === null) return !column.notNull;
  switch (column.columnType) {
    case 'PgTimestamp':
    case 'PgTimestampString':
    case 'PgDate':
    case 'PgDateString': {
      if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(value)) return false;
      const year = new Date(value).getUTCFullYear();
      return year >= 1 && year <= 9999;
    }
    case 'PgSmallInt':
    case 'PgInteger': {
      const bound = INTEGER_BOUNDS[column.columnType]!;
      return Number.isInteger(value) && (value as number) >= -bound && (value as number) < bound;
    }
    case 'PgBigInt53':
      return Number.isSafeInteger(value);
    case 'PgNumeric':
      return typeof value === 'string' && /^-?\d{1,30}(\.\d{1,30})?$/.test(value);
    case 'PgBoolean':
      return typeof value === 'boolean';
    default:
      return typeof value === 'string';
  }
}

/**
 * One page of a filtered, sorted list and its (capped) count. Ties on the sort column are broken
 * by id, so pages never repeat or skip a row; with a cursor the page starts after the cursor's row
 * through the (sort, id) index instead of counting past `OFFSET` rows.
 *
 * The page's statement is built once per shape (table, columns, filter text, sort, order, cursor
 * or not, page size, first page or not) and kept as a prepared statement with the filter's values
 * as parameters: a named statement on PostgreSQL, so neither the query builder here nor the
 * server's parser and planner redo that work on every page turn.
 *
 * The count (capped, see countMatches) is made only when the page cannot tell it: a last page
 * reached by number says it itself, and a count made before is used again while the merchant's
 * rows of the table are unchanged (see `counts`). Most calls are one statement.
 */
export async function listPage<TRow = Record<string, unknown>>(
  ex: Executor,
  spec: ListSpec<TRow>,
): Promise<Page<TRow>> {
  const { request } = spec;
  const sortColumn = spec.sortColumns[request.sort];
  if (!sortColumn) throw fieldError('sort', message('validation.sort', { field: request.sort }));
  const filter = and(...spec.where);
  let offset = (request.page - 1) * request.pageSize;
  const leading = spec.leading ?? [];
  let cursor: ReturnType<typeof decodeCursor> | undefined;
  if (request.cursor) {
    cursor = decodeCursor(request.cursor, sortColumn, leading);
    offset = 0;
  }
  const built = filter ? dialect.sqlToQuery(filter) : { sql: '', params: [] };
  const cursorKind = !cursor ? 'none' : cursor.value === null ? 'null' : 'value';
  const statement = pageStatement(ex, spec, sortColumn, built, cursorKind, offset > 0);
  const values: Record<string, unknown> = { merchantId: spec.merchantId };
  for (let i = 0; i < built.params.length; i++) values[`f${i + 1}`] = built.params[i];
  if (cursor) {
    values.cursorValue = cursor.value;
    values.cursorId = cursor.id;
    cursor.leading.forEach((value, i) => {
      values[`lead${i}`] = value;
    });
  }
  if (offset > 0) values.offset = offset;
  const { rows, version, lastLeading } = (await statement.query.execute(values)) as PageRows;
  let counted: { total: number; totalExact: boolean };
  if (!cursor && rows.length < request.pageSize && (rows.length > 0 || offset === 0)) {
    // The last page, reached by number: the rows before it and on it are all there are.
    counted = { total: offset + rows.length, totalExact: true };
  } else {
    counted = await countOf(ex, spec, filter, built, version);
  }
  const { total, totalExact } = counted;
  const last = rows.at(-1);
  const lastSort = last ? last[statement.sortKey] : undefined;
  const lastId = last ? last[statement.idKey] : undefined;
  return {
    total,
    totalExact,
    items: spec.map ? rows.map(spec.map) : (rows as TRow[]),
    nextCursor:
      last && rows.length === request.pageSize ? encodeCursor(lastLeading, lastSort, lastId) : null,
  };
}

/** Renders filters alone (their text is the shape, their values the parameters). */
const dialect = new PgDialect();

interface PageStatement {
  query: { execute(values: Record<string, unknown>): Promise<unknown> };
  /** The row properties holding the sort column and the id (for the next cursor). */
  sortKey: string;
  idKey: string;
}
/** A page's rows, and the list's number in list_versions read beside them (absent when no rows came). */
interface PageRows {
  rows: Record<string, unknown>[];
  version: unknown;
  /** The last row's leading keys (ListSpec.leading), for the next cursor. */
  lastLeading: unknown[];
}

/** Prepared page statements by executor, then by shape. Shapes are few: filters × sorts. */
const statements = new WeakMap<Executor, Map<string, PageStatement>>();
const STATEMENT_CACHE_SIZE = 500;
/** A number per table or column set, for the shape key. */
const shapeIds = new WeakMap<object, number>();
let nextShapeId = 1;
function shapeId(of: object): number {
  let id = shapeIds.get(of);
  if (id === undefined) {
    id = nextShapeId++;
    shapeIds.set(of, id);
  }
  return id;
}

function pageStatement<TRow>(
  ex: Executor,
  spec: ListSpec<TRow>,
  sortColumn: PgColumn,
  filter: { sql: string; params: unknown[] },
  cursorKind: 'none' | 'value' | 'null',
  withOffset: boolean,
): PageStatement {
  const { table, idColumn, request } = spec;
  const pageSize = Math.trunc(request.pageSize);
  const key = [
    shapeId(table),
    shapeId(spec.columns ?? table),
    request.sort,
    request.order,
    cursorKind,
    withOffset ? 1 : 0,
    spec.idsFirst ? 1 : 0,
    spec.leading ? shapeId(spec.leading) : 0,
    pageSize,
    filter.sql,
  ].join('\u0000');
  let byShape = statements.get(ex);
  if (!byShape) {
    byShape = new Map();
    statements.set(ex, byShape);
  }
  const cached = byShape.get(key);
  if (cached) return cached;

  const direction = request.order === 'asc' ? asc : desc;
  const where = filter.sql ? filterTemplate(filter.sql, filter.params.length) : undefined;
  let pageWhere = where;
  if (cursorKind !== 'none') {
    const value = sql.placeholder('cursorValue');
    const id = sql.placeholder('cursorId');
    const asc = request.order === 'asc';
    let after = asc
      ? sql`(${sortColumn}, ${idColumn}) > (${value}, ${id})`
      : sql`(${sortColumn}, ${idColumn}) < (${value}, ${id})`;
    if (!sortColumn.notNull) {
      // NULLs sort last going up and first going down (PostgreSQL's default), and a row
      // comparison with a NULL is never true: the rows with no value are reached explicitly.
      if (cursorKind === 'null') {
        after = asc
          ? sql`(${sortColumn} is null and ${idColumn} > ${id})`
          : sql`((${sortColumn} is null and ${idColumn} < ${id}) or ${sortColumn} is not null)`;
      } else if (asc) {
        after = sql`(${after} or ${sortColumn} is null)`;
      }
    }
    const leading = spec.leading ?? [];
    if (leading.length > 0) {
      // Past the cursor: a later leading key, or the same leading keys and a later (sort, id).
      const lead = leading.map((key, i) => ({
        key: key.expression,
        value: sql.placeholder(`lead${i}`),
      }));
      const same = (n: number) => lead.slice(0, n).map(({ key, value }) => sql`${key} = ${value}`);
      after = or(
        ...lead.map(({ key, value }, i) => and(...same(i), sql`${key} > ${value}`)),
        and(...same(lead.length), after),
      )!;
    }
    pageWhere = and(where, after);
  }
  // The page, and beside its rows the list's number in list_versions (an uncorrelated subquery,
  // evaluated once, in the same snapshot as the rows), which says whether a count made before
  // still holds. The page size is part of the shape (a literal, so the planner knows it); OFFSET
  // is a parameter, absent on first pages and keyset pages.
  const leadingKeys = (spec.leading ?? []).map((key) => key.expression);
  const selection: Record<string, PgColumn | SQL | SQL.Aliased> = {
    ...(spec.columns ?? getTableColumns(table)),
    ...Object.fromEntries(leadingKeys.map((key, i) => [`${LEADING}${i}`, key])),
    [VERSION]: versionOf(table, sql.placeholder('merchantId')),
  };
  const order = [...leadingKeys.map((key) => asc(key)), direction(sortColumn), direction(idColumn)];
  const limit = sql.raw(String(pageSize)) as unknown as number;
  // Past the first page, the page's ids are found first and only its own rows are read: the rows
  // skipped over are counted off the list's index (an index-only scan where the index holds the
  // filter and the sort), not each read from the table. Page 500 of a million rows: 3 against
  // 10 ms on PostgreSQL.
  const ids = ex
    .select({ id: idColumn })
    .from(table)
    .where(pageWhere)
    .orderBy(...order)
    .limit(limit);
  let rows = ex.select(selection).from(table).$dynamic();
  for (const join of spec.joins ?? []) rows = rows.leftJoin(join.table, join.on);
  const { sql: text, params } =
    withOffset || spec.idsFirst
      ? rows
          .where(inArray(idColumn, withOffset ? ids.offset(sql.placeholder('offset')) : ids))
          .orderBy(...order)
          .toSQL()
      : rows
          .where(pageWhere)
          .orderBy(...order)
          .limit(limit)
          .toSQL();
  const name = `list_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
  // Rows come as arrays in the selection's order; each value goes through its column's decoder.
  const keys = Object.keys(selection);
  const decoders = keys.map((key) => decoderOf(selection[key]!));
  // The leading keys, then the version, are the last columns: kept beside the rows, never put
  // on them.
  const columns = keys.length - 1 - leadingKeys.length;
  const toRows = (arrays: unknown[][]): PageRows => ({
    rows: arrays.map((values) => {
      const row: Record<string, unknown> = {};
      for (let i = 0; i < columns; i++) {
        const value = values[i];
        row[keys[i]!] = value === null ? null : decoders[i]!.mapFromDriverValue(value);
      }
      return row;
    }),
    version: arrays[0]?.[keys.length - 1],
    lastLeading: leadingKeys.map((_, i) => {
      const value = arrays.at(-1)?.[columns + i];
      return spec.leading![i]!.kind === 'integer' ? Number(value) : value;
    }),
  });
  const fields = keys.map((key) => ({ path: [key], field: selection[key]! }));
  const sortKey = Object.entries(spec.columns ?? {}).find(([, c]) => c === sortColumn)?.[0];
  const statement: PageStatement = {
    query: prepareArrayQuery(ex, { sql: text, params }, fields, name, toRows),
    sortKey: sortKey ?? columnKey(table, sortColumn),
    idKey: columnKey(table, idColumn),
  };
  if (byShape.size >= STATEMENT_CACHE_SIZE) byShape.delete(byShape.keys().next().value!);
  byShape.set(key, statement);
  return statement;
}

const VERSION = '__list_version';
const LEADING = '__list_leading_';

/** The merchant's number for `table` in list_versions (null while nothing raised it). */
function versionOf(table: PgTable, merchantId: unknown) {
  return sql`(select ${listVersions.version} from ${listVersions} where ${listVersions.merchantId} = ${merchantId} and ${listVersions.tableName} = ${getTableName(table)})`;
}

/**
 * Counts made, by executor, then by table, filter text and values: each with the list's
 * number in list_versions read in the same statement. A count is used again only while a page
 * reads the same number, that is while no write to the merchant's rows of the table has
 * committed since: paging through a list or calling it again skips the count, and a count is
 * never stale. Tables without the triggers (the operation log) read no number and always count.
 */
const counts = new WeakMap<
  Executor,
  Map<string, { version: string; total: number; totalExact: boolean }>
>();
const COUNT_CACHE_SIZE = 1_000;

async function countOf(
  ex: Executor,
  spec: ListSpec<unknown>,
  filter: SQL | undefined,
  built: { sql: string; params: unknown[] },
  version: unknown,
): Promise<{ total: number; totalExact: boolean }> {
  let byFilter = counts.get(ex);
  if (!byFilter) {
    byFilter = new Map();
    counts.set(ex, byFilter);
  }
  const key = `${getTableName(spec.table)}\u0000${built.sql}\u0000${JSON.stringify(built.params)}`;
  const kept = byFilter.get(key);
  if (kept && version != null && kept.version === String(version)) return kept;
  const answer = await ex.execute(
    sql`select ${cappedCount(ex, spec.table, filter)} as n, ${versionOf(spec.table, spec.merchantId)} as v`,
  );
  const [row] = rowsOf<{ n: number; v: unknown }>(answer);
  const counted = await countMatches(ex, spec.table, filter, built, Number(row?.n ?? 0));
  byFilter.delete(key);
  if (row?.v != null) {
    if (byFilter.size >= COUNT_CACHE_SIZE) byFilter.delete(byFilter.keys().next().value!);
    byFilter.set(key, { version: String(row.v), ...counted });
  }
  return counted;
}

/** `count(*)` of the rows matching `filter`, stopping at COUNT_LIMIT + 1. */
function cappedCount(ex: Executor, table: PgTable, filter: SQL | undefined) {
  const capped = ex
    .select({ one: sql`1` })
    .from(table)
    .where(filter)
    .limit(sql.raw(String(COUNT_LIMIT + 1)) as unknown as number)
    .as('capped');
  return sql<number>`(select count(*)::int from ${capped})`;
}

/**
 * The total from `n`, the capped count: exact up to COUNT_LIMIT (an index-only scan of at most
 * COUNT_LIMIT + 1 entries, well under a millisecond), past it the planner's estimate, which
 * costs one planning round and no scan. Counting every match of a million-row table on every
 * call would cost more than the page itself; "about 124,000" is what a person paging a list
 * needs to know.
 */
async function countMatches(
  ex: Executor,
  table: PgTable,
  filter: SQL | undefined,
  built: { sql: string; params: unknown[] },
  n: number,
): Promise<{ total: number; totalExact: boolean }> {
  if (n <= COUNT_LIMIT) return { total: n, totalExact: true };
  const key = `${getTableName(table)}\u0000${built.sql}\u0000${JSON.stringify(built.params)}`;
  const now = Date.now();
  let estimate = estimates.get(key);
  if (!estimate || estimate.until <= now) {
    const matching = ex.select({ one: sql`1` }).from(table).where(filter);
    const plan = await ex.execute(sql`explain (format json) ${matching}`);
    const rows = planRows(rowsOf(plan));
    estimate = { rows, until: now + ESTIMATE_TTL_MS };
    if (estimates.size >= ESTIMATE_CACHE_SIZE) estimates.delete(estimates.keys().next().value!);
    estimates.set(key, estimate);
  }
  return { total: Math.max(COUNT_LIMIT + 1, estimate.rows), totalExact: false };
}

/**
 * Planner estimates by query and parameters. An estimate is approximate by nature (the planner's
 * own statistics are refreshed only by ANALYZE), so keeping it a minute loses nothing and saves
 * a planning round trip on every page turn of a big list. Exact counts are never kept.
 */
const estimates = new Map<string, { rows: number; until: number }>();
const ESTIMATE_TTL_MS = 60_000;
const ESTIMATE_CACHE_SIZE = 1_000;

/** The rows of `execute()`: both drivers (pg, PGlite) answer `{ rows }`. */
function rowsOf<T = Record<string, unknown>>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** `Plan Rows` of the top node of an `EXPLAIN (FORMAT JSON)` answer (0 when unreadable). */
function planRows(rows: Record<string, unknown>[]): number {
  let doc = rows[0]?.['QUERY PLAN'];
  if (typeof doc === 'string') doc = JSON.parse(doc);
  const top = (doc as { Plan?: { 'Plan Rows'?: number } }[] | undefined)?.[0]?.Plan;
  return Math.round(top?.['Plan Rows'] ?? 0);
}

/** The property name drizzle gives a column of `table` in a plain `select()`. */
function columnKey(table: PgTable, column: PgColumn): string {
  for (const [key, value] of Object.entries(table)) if (value === column) return key;
  return column.name;
}
