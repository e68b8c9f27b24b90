import { bigint, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { ref } from './columns';

/**
 * A number per merchant and list table that every write to the table's rows raises (statement
 * triggers, migration 0007), in the same transaction as the write. A list keeps a count it has
 * made beside the number it read with it, and uses the count again only while the number is
 * unchanged: page turns and repeated calls skip the count, and a count is never stale.
 */
export const listVersions = pgTable(
  'list_versions',
  {
    merchantId: ref('merchant_id').notNull(),
    tableName: text('table_name').notNull(),
    version: bigint('version', { mode: 'number' }).notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.tableName] })],
);
