import { PgDialect, pgTable, text } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { between, hasTag } from './filters';

const orders = pgTable('orders', { status: text('status'), skus: text('skus').array() });
const query = (s: Parameters<PgDialect['sqlToQuery']>[0]) => new PgDialect().sqlToQuery(s);

describe('list filters written into the statement', () => {
  it('quotes a tag as a literal, so each tag gets its own plan', () => {
    expect(query(hasTag(orders.skus, 'PAN-28'))).toEqual({
      sql: `"orders"."skus" @> array['PAN-28']::text[]`,
      params: [],
    });
    expect(query(hasTag(orders.skus, "PAN'28 or '1'='1")).sql).toBe(
      `"orders"."skus" @> array['PAN''28 or ''1''=''1']::text[]`,
    );
  });

  it('writes number bounds only when they are decimals', () => {
    expect(between(orders.status, ['1.5', null]).map((s) => query(s).sql)).toEqual([
      `"orders"."status" >= 1.5`,
    ]);
    expect(() => between(orders.status, ['1; drop table orders', null])).toThrow();
  });
});
