import { and, asc, desc, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { COUNT_LIMIT, type ListResult } from '../../shared/list';
import type { Executor } from '../db/client';
import { fieldError } from '../errors';

export interface ListRequest {
  page: number;
  pageSize: number;
  sort: string;
  order: 'asc' | 'desc';
  /** From the previous page's `nextCursor`: pages on by keyset instead of OFFSET. */
  cursor?: string;
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
  columns?: Record<string, PgColumn | SQL.Aliased>;
  map?: (row: Record<string, unknown>) => TRow;
}

export type Page<T> = ListResult<T> & { nextCursor: string | null };

function encodeCursor(value: unknown, id: unknown): string {
  const v = value instanceof Date ? value.toISOString() : value;
  return Buffer.from(JSON.stringify([v, id])).toString('base64url');
}

function decodeCursor(cursor: string): [unknown, number] {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && parsed.length === 2 && Number.isInteger(parsed[1])) {
      return parsed as [unknown, number];
    }
  } catch {}
  throw fieldError('cursor', 'is not a cursor this list gave out');
}

/**
 * One page of a filtered, sorted list and its (capped) count. Ties on the sort column are broken
 * by id, so pages never repeat or skip a row; with a cursor the page starts after the cursor's row
 * through the (sort, id) index instead of counting past `OFFSET` rows.
 */
export async function listPage<TRow = Record<string, unknown>>(
  ex: Executor,
  spec: ListSpec<TRow>,
): Promise<Page<TRow>> {
  const { table, idColumn, request } = spec;
  const sortColumn = spec.sortColumns[request.sort];
  if (!sortColumn) throw fieldError('sort', `cannot sort by ${request.sort}`);
  const direction = request.order === 'asc' ? asc : desc;
  const filter = and(...spec.where);
  let pageWhere = filter;
  let offset = (request.page - 1) * request.pageSize;
  if (request.cursor) {
    const [value, id] = decodeCursor(request.cursor);
    const after =
      request.order === 'asc'
        ? sql`(${sortColumn}, ${idColumn}) > (${value}, ${id})`
        : sql`(${sortColumn}, ${idColumn}) < (${value}, ${id})`;
    pageWhere = and(filter, after);
    offset = 0;
  }
  // One round trip for the page and its capped count: the count is an uncorrelated subquery,
  // evaluated once, beside the page's rows.
  const rows = (await ex
    .select({
      ...(spec.columns ?? getTableColumns(table)),
      [TOTAL]: cappedCount(ex, table, filter),
    })
    .from(table)
    .where(pageWhere)
    .orderBy(direction(sortColumn), direction(idColumn))
    .limit(request.pageSize)
    .offset(offset)) as Record<string, unknown>[];
  let counted: number;
  if (rows.length) counted = Number(rows[0]![TOTAL]);
  else if (offset === 0 && !request.cursor) counted = 0;
  // A page past the end says nothing about the count: ask for it alone.
  else {
    const alone = await ex.execute(sql`select ${cappedCount(ex, table, filter)} as n`);
    counted = Number(rowsOf<{ n: number }>(alone)[0]?.n ?? 0);
  }
  for (const row of rows) delete row[TOTAL];
  const { total, totalExact } = await countMatches(ex, table, filter, counted);
  const sortKey = Object.entries(spec.columns ?? {}).find(([, c]) => c === sortColumn)?.[0];
  const last = rows.at(-1);
  const lastSort = last ? last[sortKey ?? columnKey(table, sortColumn)] : undefined;
  const lastId = last ? last[columnKey(table, idColumn)] : undefined;
  return {
    total,
    totalExact,
    items: spec.map ? rows.map(spec.map) : (rows as TRow[]),
    nextCursor: last && rows.length === request.pageSize ? encodeCursor(lastSort, lastId) : null,
  };
}

const TOTAL = '__total';

/** `count(*)` of the rows matching `filter`, stopping at COUNT_LIMIT + 1. */
function cappedCount(ex: Executor, table: PgTable, filter: SQL | undefined) {
  const capped = ex
    .select({ one: sql`1` })
    .from(table)
    .where(filter)
    .limit(COUNT_LIMIT + 1)
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
  n: number,
): Promise<{ total: number; totalExact: boolean }> {
  if (n <= COUNT_LIMIT) return { total: n, totalExact: true };
  const matching = ex.select({ one: sql`1` }).from(table).where(filter);
  const { sql: text, params } = matching.toSQL();
  const key = `${text}\u0000${JSON.stringify(params)}`;
  const now = Date.now();
  let estimate = estimates.get(key);
  if (!estimate || estimate.until <= now) {
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
