import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

export interface Discrepancy {
  merchantId: number;
  name: string;
  balance: string;
  /** Σ of the merchant's ledger entries. */
  ledger: string;
  /** The last entry's balance after it (null without entries). */
  lastBalanceAfter: string | null;
}

/**
 * Merchants whose balance is not the sum of their ledger, or not what their last entry left:
 * none, as long as the balance moves only through postEntry. `npm run money:check` prints them.
 */
export async function reconcile(ex: Executor): Promise<Discrepancy[]> {
  const { rows } = (await ex.execute(sql`
    select m.id as "merchantId", m.name, m.balance::text as balance,
      coalesce(l.total, 0)::numeric(14, 2)::text as ledger,
      l.last::text as "lastBalanceAfter"
    from merchants m
    left join lateral (
      select sum(amount) as total,
        (select balance_after from ledger_entries e
          where e.merchant_id = m.id order by e.id desc limit 1) as last
      from ledger_entries where merchant_id = m.id
    ) l on true
    where m.balance <> coalesce(l.total, 0)
      or (l.last is not null and l.last <> m.balance)
    order by m.id`)) as unknown as { rows: Discrepancy[] };
  return rows.map((row) => ({ ...row, merchantId: Number(row.merchantId) }));
}
