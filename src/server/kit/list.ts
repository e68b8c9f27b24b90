import { and, asc, count, desc, type SQL, sql } from 'drizzle-orm';
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
  const select = spec.columns ? ex.select(spec.columns) : ex.select();
  const rows = (await select
    .from(table)
    .where(pageWhere)
    .orderBy(direction(sortColumn), direction(idColumn))
    .limit(request.pageSize)
    .offset(offset)) as Record<string, unknown>[];

  const capped = ex
    .select({ one: sql`1` })
    .from(table)
    .where(filter)
    .limit(COUNT_LIMIT + 1)
    .as('capped');
  const [counted] = await ex.select({ n: count() }).from(capped);
  const n = counted?.n ?? 0;

  const sortKey = Object.entries(spec.columns ?? {}).find(([, c]) => c === sortColumn)?.[0];
  const last = rows.at(-1);
  const lastSort = last ? last[sortKey ?? columnKey(table, sortColumn)] : undefined;
  const lastId = last ? last[columnKey(table, idColumn)] : undefined;
  return {
    total: Math.min(n, COUNT_LIMIT),
    totalExact: n <= COUNT_LIMIT,
    items: spec.map ? rows.map(spec.map) : (rows as TRow[]),
    nextCursor: last && rows.length === request.pageSize ? encodeCursor(lastSort, lastId) : null,
  };
}

/** The property name drizzle gives a column of `table` in a plain `select()`. */
function columnKey(table: PgTable, column: PgColumn): string {
  for (const [key, value] of Object.entries(table)) if (value === column) return key;
  return column.name;
}
