// drizzle's internals, in one place: list pages prepare each shape once and map rows without
// drizzle's per-value checks, which cut drizzle's share of a list call's busy time 22% → 10%
// (CPU profile under autocannon, list page 1, 1,000,000 rows, PostgreSQL); docs/internals.md.
import { Column, type DriverValueDecoder, is, SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client';

/** How drizzle reads a selected value back: a column's own mapping, or an expression's `mapWith`. */
export function decoderOf(
  field: PgColumn | SQL | SQL.Aliased,
): DriverValueDecoder<unknown, unknown> {
  if (is(field, Column)) return field;
  // `decoder` is drizzle's own (internal) name for what `mapWith` sets; noop when not set.
  const expression = (is(field, SQL) ? field : field.sql) as unknown as {
    decoder: DriverValueDecoder<unknown, unknown>;
  };
  return expression.decoder;
}

/**
 * A `$n` parameter of a filter's text, or a string literal (`'…'`, quotes doubled inside, or
 * `E'…'` with backslashes doubled too, as pg's escapeLiteral writes a tag) to be passed over: a
 * tag filter for `$1` holds `'$1'`, which is text, not a parameter.
 */
const PARAMETER_OR_LITERAL = /'(?:[^']|'')*'|\$(\d+)/g;

/**
 * The filter's text as SQL whose values are placeholders `f1`…`fn` (its `$1`…`$n` in order), so
 * the statement can be prepared once and run with each call's values.
 */
export function filterTemplate(text: string, count: number): SQL {
  const template = sql.empty();
  let at = 0;
  let expected = 1;
  for (const match of text.matchAll(PARAMETER_OR_LITERAL)) {
    if (match[1] === undefined) continue;
    const n = Number(match[1]);
    // Values are always parameters, in order; anything else is not a filter this can template.
    if (n !== expected++) throw new Error(`unexpected parameter $${n} in a list filter`);
    template.append(sql.raw(text.slice(at, match.index)));
    template.append(sql`${sql.placeholder(`f${n}`)}`);
    at = match.index + match[0].length;
  }
  if (expected - 1 !== count) throw new Error('list filter parameters do not match its text');
  template.append(sql.raw(text.slice(at)));
  return template;
}

/**
 * A statement prepared through drizzle's internal session (`_.session.prepareQuery`): named, so
 * PostgreSQL also skips parse and plan; answered as arrays (isResponseInArrayMode) that `toRows`
 * maps. Neither `_` nor the arguments' order are drizzle's public API.
 */
export function prepareArrayQuery<T>(
  ex: Executor,
  query: { sql: string; params: unknown[] },
  fields: { path: string[]; field: PgColumn | SQL | SQL.Aliased }[],
  name: string,
  toRows: (arrays: unknown[][]) => T,
): { execute(values: Record<string, unknown>): Promise<T> } {
  return ex._.session.prepareQuery(query, fields as never, name, true, toRows as never) as never;
}
