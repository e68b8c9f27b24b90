import { listing } from '../../../shared/resources/listing';
import { listings } from '../../db/schema';
import { resourceContract } from '../../kit/resource-contract';

/**
 * A listing comes to be when a marketplace accepts a feed's item (feeds/service.ts): here written
 * straight into its table as that leaves it, live on Amazon US. The queue's worker stays off, so
 * the feed a price or stock change queues leaves the listing as the update made it.
 */
resourceContract(
  listing,
  { price: '19.99', stock: 8 },
  { price: '21.50' },
  {
    env: { JOBS: 'off' },
    madeBy: async ({ t }, n) => {
      const [row] = await t.db
        .insert(listings)
        .values({
          merchantId: 1,
          marketplace: 'amazon',
          site: 'US',
          sellerSku: `PAN-${n}`,
          listingId: `B00000000${n}`,
          title: `Steel pan ${n}`,
          price: '25.00',
          currency: 'USD',
          stock: 10,
          status: 'active',
          lastSyncAt: new Date(),
        })
        .returning({ id: listings.id });
      return row!.id;
    },
  },
);
