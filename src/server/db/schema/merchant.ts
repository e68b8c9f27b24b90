import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  index,
  numeric,
  type PgColumn,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { at, id, ref } from './columns';

/** The tenants: every merchant table's rows belong to one (merchantKeys). */
export const merchants = pgTable(
  'merchants',
  {
    id: id(),
    name: text('name').notNull(),
    /**
     * The store code: its sub-accounts sign in as `name@code` (account names are unique within a
     * merchant only). Set by the platform operator; random until then.
     */
    code: text('code').notNull().default(sql`substr(md5(random()::text), 1, 8)`),
    /** Yuan, exact. Moves only through ledger entries written in the same transaction. */
    balance: numeric('balance', { precision: 14, scale: 2 }).notNull().default('0.00'),
    status: text('status', { enum: ['active', 'suspended'] })
      .notNull()
      .default('active'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('merchants_code_key').on(sql`lower(${t.code})`)],
);

/** The keys of a merchant's row: its id, and the merchant it belongs to. */
export const merchantKeys = () => ({
  id: id(),
  merchantId: ref('merchant_id')
    .notNull()
    .references((): AnyPgColumn => merchants.id),
});

type IndexColumn = Parameters<ReturnType<typeof index>['on']>[number];

/**
 * An index for a merchant's list in one order: led by the merchant, then the sort columns, then
 * the id (the keyset's tie-break).
 */
export const merchantListIndex = (
  name: string,
  t: { merchantId: PgColumn; id: PgColumn },
  ...columns: IndexColumn[]
) => index(name).on(t.merchantId, ...columns, t.id);
