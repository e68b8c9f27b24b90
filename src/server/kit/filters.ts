import { gte, ilike, lte, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** `text` as a LIKE pattern that matches it literally (%, _ and \ escaped). */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Case-insensitive "contains" on a text column; nothing when no text is given. */
export function contains(column: PgColumn, text: string | undefined): SQL | undefined {
  return text ? ilike(column, `%${escapeLike(text)}%`) : undefined;
}

/** A number range filter, inclusive; an open end (null) is no bound. */
export function between(
  column: PgColumn,
  range: [string | null, string | null] | undefined,
): SQL[] {
  if (!range) return [];
  return [
    ...(range[0] !== null ? [gte(column, range[0])] : []),
    ...(range[1] !== null ? [lte(column, range[1])] : []),
  ];
}

/** A date range filter, inclusive: whole days for dates ("2026-01-31"), instants as given. */
export function within(column: PgColumn, range: [string, string] | undefined): SQL[] {
  if (!range) return [];
  const from = range[0].length === 10 ? `${range[0]}T00:00:00.000Z` : range[0];
  const to = range[1].length === 10 ? `${range[1]}T23:59:59.999Z` : range[1];
  return [gte(column, new Date(from)), lte(column, new Date(to))];
}
