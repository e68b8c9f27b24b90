import { randomInt } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { listings } from '../../db/schema/listing';
import { currencyOf, orderNoFor, PAID_JOB, receiveOrder } from './service';
import { sandboxShipTo } from './ship-to';

export const BUYERS_JOB = 'marketplace-order.sandbox-buyers';

/**
 * A sandbox buyer's order of `quantity` of a live listing (locked and checked by the caller): it
 * comes pending, with a ship-to address in the listing's country, and the marketplace confirms
 * its payment after MARKETPLACE_SANDBOX_PAY_MS.
 */
export async function sandboxBuy(
  tx: Executor,
  { jobs, config }: Pick<AppContext, 'jobs' | 'config'>,
  listing: typeof listings.$inferSelect,
  quantity: number,
  buyer: string,
) {
  const order = await receiveOrder(
    tx,
    {
      merchantId: listing.merchantId,
      marketplace: listing.marketplace,
      site: listing.site,
      orderNo: orderNoFor(listing.marketplace),
      buyer,
      shipTo: sandboxShipTo(listing.site, buyer, randomInt(1000)),
      orderedAt: new Date(),
      currency: currencyOf(listing),
      shippingAmount: '0',
      lines: [
        {
          listingId: listing.id,
          goodsId: listing.goodsId,
          sellerSku: listing.sellerSku,
          title: listing.title,
          quantity,
          unitPrice: listing.price,
        },
      ],
      status: 'pending',
    },
    jobs,
  );
  await jobs.enqueue(
    PAID_JOB,
    { id: order.id },
    { delayMs: config.MARKETPLACE_SANDBOX_PAY_MS, merchantId: listing.merchantId },
    tx,
  );
  return order;
}

const NAMES = ['Emma', 'Liam', 'Olivia', 'Noah', 'Ava', 'Lucas', 'Mia', 'Leon', 'Yuki', 'Chloe'];
const SURNAMES = ['Smith', 'Brown', 'Müller', 'Martin', 'Sato', 'Wilson', 'Taylor', 'Rossi'];

/**
 * The sandbox marketplace's own buyers: with MARKETPLACE_SANDBOX_ORDERS_PER_HOUR above 0, a job
 * places an order on one live listing (in stock) of each merchant that has one, at that rate,
 * as a marketplace sends orders while nobody watches. Each run queues the next.
 */
export function registerSandboxBuyers({ db, jobs, config, marketplace }: AppContext) {
  const rate = config.MARKETPLACE_SANDBOX_ORDERS_PER_HOUR;
  const every = rate > 0 ? Math.round(3_600_000 / rate) : 0;
  // Keyed by its moment's slot: several servers queue the same run once, and a run (which holds
  // its own key while it runs) can queue the next.
  const next = () =>
    jobs.enqueue(
      BUYERS_JOB,
      {},
      {
        delayMs: every,
        dedupeKey: String(Math.floor((Date.now() + every) / every)),
        maxAttempts: 1,
      },
    );
  jobs.register(BUYERS_JOB, async () => {
    if (!every || marketplace.name !== 'sandbox') return { off: true };
    const picked = await db
      .selectDistinctOn([listings.merchantId])
      .from(listings)
      .where(and(eq(listings.status, 'active'), gt(listings.stock, 0), isNull(listings.accountId)))
      .orderBy(listings.merchantId, sql`random()`);
    for (const listing of picked)
      await db.transaction(async (tx) => {
        const buyer = `${NAMES[randomInt(NAMES.length)]} ${SURNAMES[randomInt(SURNAMES.length)]}`;
        await sandboxBuy(
          tx,
          { jobs, config },
          listing,
          Math.min(listing.stock, 1 + randomInt(2)),
          buyer,
        );
      });
    await next();
    return { orders: picked.length };
  });
  return { start: () => (every ? next() : Promise.resolve(null)) };
}
