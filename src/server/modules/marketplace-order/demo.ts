import { eq } from 'drizzle-orm';
import { addDays, beijingDay } from '../../../shared/marketplace-order';
import type { Executor } from '../../db/client';
import { listings } from '../../db/schema/listing';
import { marketplaceOrders } from '../../db/schema/marketplace-order';
import { addEvent, orderNoFor, receiveOrder } from './service';
import { sandboxShipTo } from './ship-to';

const BUYERS = [
  'Emma Johnson',
  'Liam Smith',
  'Olivia Brown',
  'Noah Davis',
  'Ava Wilson',
  'Lucas Müller',
  'Sophie Martin',
  'Hiroshi Tanaka',
  'Yuki Sato',
  'Oliver Taylor',
  'Mia Anderson',
  'Leon Schmidt',
  'Chloe Thomas',
  'Jack White',
  'Isla Harris',
];

/** Six live listings of the demo's goods, on three marketplaces and four sites. */
const LISTINGS = [
  ['amazon', 'US', 'PAN-28', 'Nonstick frying pan 28 cm', '25.99', 'USD'],
  ['amazon', 'US', 'KNIFE-8', 'Chef knife 8 inch, German steel', '39.90', 'USD'],
  ['amazon', 'UK', 'PAN-28', 'Nonstick frying pan 28 cm', '21.50', 'GBP'],
  ['amazon', 'DE', 'POT-24', 'Edelstahl-Kochtopf 24 cm', '34.95', 'EUR'],
  ['walmart', 'US', 'BOARD-L', 'Bamboo cutting board, large', '18.49', 'USD'],
  ['ebay', 'JP', 'KNIFE-8', 'Chef knife 8 inch', '5980.00', 'JPY'],
] as const;

/**
 * The demo's marketplace side: live listings and three months of orders placed on them, through
 * the same path as the marketplace's own (amounts, fees, rates and the daily figures as any order
 * gets them); the older ones shipped and delivered, a few cancelled or refunded, the last days'
 * still to ship.
 */
export async function seedMarketplaceDemo(ex: Executor, merchantId: number, now = Date.now()) {
  const day = 86_400_000;
  const live = await ex
    .insert(listings)
    .values(
      LISTINGS.map(([marketplace, site, sellerSku, title, price, currency], i) => ({
        merchantId,
        marketplace,
        site,
        sellerSku,
        listingId: `B0DEMO${String(i + 1).padStart(4, '0')}`,
        title,
        price,
        currency,
        stock: 500,
        status: 'active' as const,
        lastSyncAt: new Date(now - day),
      })),
    )
    .returning();
  let n = 0;
  for (let back = 89; back >= 0; back--) {
    // Two to six orders a day, more towards today.
    const count = 2 + ((back * 7) % 5);
    for (let k = 0; k < count; k++, n++) {
      const listing = live[(n * 5 + back) % live.length]!;
      // Within its Beijing day; today's before now.
      const start = Date.parse(`${addDays(beijingDay(new Date(now)), -back)}T00:00:00+08:00`);
      const span = back === 0 ? Math.max(now - start - 60_000, 60_000) : day;
      const orderedAt = new Date(start + ((n * 7_919 * 60_000) % span));
      const order = await receiveOrder(
        ex,
        {
          merchantId,
          marketplace: listing.marketplace,
          site: listing.site,
          orderNo: orderNoFor(listing.marketplace),
          buyer: BUYERS[(n * 7) % BUYERS.length]!,
          shipTo: sandboxShipTo(listing.site, BUYERS[(n * 7) % BUYERS.length]!, n),
          orderedAt,
          currency: listing.currency,
          shippingAmount: '0',
          lines: [
            {
              listingId: listing.id,
              goodsId: null,
              sellerSku: listing.sellerSku,
              title: listing.title,
              quantity: 1 + (n % 3),
              unitPrice: listing.price,
            },
          ],
          status: 'unshipped',
        },
        null,
      );
      const at = (hours: number) =>
        new Date(Math.min(orderedAt.getTime() + hours * 3_600_000, now));
      if (n % 29 === 3) {
        await ex
          .update(marketplaceOrders)
          .set({ status: 'cancelled' })
          .where(eq(marketplaceOrders.id, order.id));
        await addEvent(ex, order.id, 'cancelled', 'marketplace', 'buyer asked', at(2));
      } else if (back >= 2) {
        const delivered = back >= 8;
        const refunded = delivered && n % 23 === 5;
        await ex
          .update(marketplaceOrders)
          .set({
            status: refunded ? 'refunded' : delivered ? 'delivered' : 'shipped',
            carrier: n % 2 ? 'UPS' : 'YunExpress',
            trackingNo: `DEMO${String(100000 + n)}`,
            shippedAt: at(30),
            deliveredAt: delivered ? at(24 * 7) : null,
            ...(refunded
              ? {
                  refundAmount: order.totalAmount,
                  refundCny: order.totalCny,
                  refundedAt: at(24 * 8),
                }
              : {}),
          })
          .where(eq(marketplaceOrders.id, order.id));
        const carrier = n % 2 ? 'UPS' : 'YunExpress';
        await addEvent(ex, order.id, 'shipped', 'admin', `${carrier} DEMO${100000 + n}`, at(30));
        if (delivered) await addEvent(ex, order.id, 'delivered', 'marketplace', '', at(24 * 7));
        if (refunded)
          await addEvent(ex, order.id, 'refunded', 'admin', order.totalAmount, at(24 * 8));
      }
    }
  }
  return { listings: live.length, orders: n };
}
