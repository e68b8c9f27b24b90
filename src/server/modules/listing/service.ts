import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { listings } from '../../db/schema';
import type { JobQueue } from '../../kit/jobs';
import { createFeed } from '../feeds/service';

/** A listing as the goods side names it (a refusal, a question before a delete). */
export interface ListingHolder {
  id: number;
  sellerSku: string;
  marketplace: string;
  site: string;
  listingId: string;
  status: string;
}

/**
 * The merchant's listings (live or once live: every status) of these seller SKUs, on any
 * marketplace and site. A code a listed variant carries has been on the marketplace with it.
 */
export async function listingsOfSkus(
  ex: Executor,
  merchantId: number,
  skus: string[],
): Promise<ListingHolder[]> {
  if (skus.length === 0) return [];
  return ex
    .select({
      id: listings.id,
      sellerSku: listings.sellerSku,
      marketplace: listings.marketplace,
      site: listings.site,
      listingId: listings.listingId,
      status: listings.status,
    })
    .from(listings)
    .where(and(eq(listings.merchantId, merchantId), inArray(listings.sellerSku, skus)))
    .orderBy(listings.id);
}

/**
 * Takes these SKUs' listings off sale, in the caller's transaction: each becomes inactive with no
 * stock, so that no order can be placed on it (the sandbox orders only active listings with
 * stock); one through a seller account is sent a stock of 0 as well, so that the marketplace stops
 * selling it. Returns how many were live (active) before.
 */
export async function delistSkus(
  tx: Executor,
  jobs: JobQueue,
  merchantId: number,
  skus: string[],
): Promise<number> {
  const held = skus.length
    ? await tx
        .select()
        .from(listings)
        .where(and(eq(listings.merchantId, merchantId), inArray(listings.sellerSku, skus)))
        .for('update')
    : [];
  if (held.length === 0) return 0;
  await tx
    .update(listings)
    .set({ status: 'inactive', stock: 0, updatedAt: new Date() })
    .where(
      inArray(
        listings.id,
        held.map((l) => l.id),
      ),
    );
  for (const l of held.filter((x) => x.accountId && x.stock > 0))
    await createFeed(tx, jobs, {
      merchantId,
      kind: 'inventory',
      settingId: null,
      marketplace: l.marketplace,
      site: l.site,
      accountId: l.accountId,
      productType: l.productType,
      items: [
        {
          goodsId: null,
          sellerSku: l.sellerSku,
          title: l.title,
          upc: '',
          images: [],
          bulletPoints: [],
          price: null,
          currency: l.currency,
          stock: 0,
        },
      ],
    });
  return held.filter((l) => l.status === 'active').length;
}
