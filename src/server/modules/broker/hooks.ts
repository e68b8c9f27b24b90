import { and, inArray, sql } from 'drizzle-orm';
import { secondHandHouses } from '../../db/schema/second-hand-house';
import type { ResourceHooks } from '../../kit/resource-routes';

/** A broker's listings counted: on sale now, and sold. */
export default {
  async decorate(rows, { ex }) {
    if (rows.length === 0) return;
    const counts = await ex
      .select({
        id: secondHandHouses.brokerId,
        onSale: sql<number>`count(*) filter (where ${secondHandHouses.status} = 'onSale')::int`,
        sold: sql<number>`count(*) filter (where ${secondHandHouses.status} = 'sold')::int`,
      })
      .from(secondHandHouses)
      .where(
        and(
          inArray(
            secondHandHouses.brokerId,
            rows.map((row) => row.id as number),
          ),
        ),
      )
      .groupBy(secondHandHouses.brokerId);
    const byId = new Map(counts.map((c) => [Number(c.id), c]));
    for (const row of rows) {
      row.onSaleCount = Number(byId.get(row.id as number)?.onSale ?? 0);
      row.soldCount = Number(byId.get(row.id as number)?.sold ?? 0);
    }
  },
} satisfies ResourceHooks;
