import { sql } from 'drizzle-orm';
import { bigint, timestamp } from 'drizzle-orm/pg-core';

/** Millisecond timestamps: keyset cursors survive a round trip through a JS Date. */
export const at = (name: string) =>
  timestamp(name, { withTimezone: true, precision: 3, mode: 'date' });
export const id = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();
export const ref = (name: string) => bigint(name, { mode: 'number' });
/** Ids of rows of another table (a list of references): none by default. */
export const refs = (name: string) =>
  bigint(name, { mode: 'number' }).array().notNull().default(sql`'{}'::bigint[]`);

/** When a row was made and last changed. */
export const timestamps = () => ({
  createdAt: at('created_at').notNull().defaultNow(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});
