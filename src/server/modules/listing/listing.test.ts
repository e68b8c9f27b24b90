import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listing } from '../../../shared/resources/listing';
import { listings } from '../../db/schema/listing';
import { resourceContract } from '../../kit/resource-contract';
import { createTestApp, type TestApp } from '../../test-support';

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

describe('listing: what an edit refuses', () => {
  let t: TestApp;
  let token: string;
  beforeEach(async () => {
    t = await createTestApp({ JOBS: 'off' });
    token = await t.login();
  });
  afterEach(() => t.close());

  it('refuses a price of 0 and a stock below 0, said on the field, and keeps the listing', async () => {
    const [row] = await t.db
      .insert(listings)
      .values({
        merchantId: 1,
        marketplace: 'amazon',
        site: 'US',
        sellerSku: 'PAN-0',
        listingId: 'B000000000',
        title: 'Steel pan',
        price: '25.00',
        currency: 'USD',
        stock: 10,
        status: 'active',
      })
      .returning();
    for (const [field, value] of [
      ['price', '0'],
      ['price', '0.00'],
      ['stock', -1],
    ] as const) {
      const res = (
        await t.post('/admin/listing/update', { id: row!.id, [field]: value }, token)
      ).json();
      expect(res.code, `${field} ${value}`).toBe(40000);
      expect(res.data.fields.map((f: { field: string }) => f.field)).toEqual([field]);
    }
    const [kept] = await t.db.select().from(listings).where(eq(listings.id, row!.id));
    expect([kept!.price, kept!.stock]).toEqual(['25.00', 10]);
  });
});
