import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { goods, goodsVariants } from '../../db/schema/goods';
import { type ListingHolder, listingsOfSkus } from '../listing/service';

/** Who holds a pool code: the goods and variant that carry it, and that SKU's listings. */
export interface CodeHolder {
  code: string;
  goodsId: number;
  title: string;
  sellerSku: string;
  listings: ListingHolder[];
}

/** The holders of these codes, by code (a code not on any variant is not in the map). */
export async function holdersOf(
  ex: Executor,
  merchantId: number,
  codes: string[],
): Promise<Map<string, CodeHolder>> {
  const wanted = [...new Set(codes.filter(Boolean))];
  if (wanted.length === 0) return new Map();
  const rows = await ex
    .select({
      code: goodsVariants.upc,
      goodsId: goodsVariants.goodsId,
      sellerSku: goodsVariants.sellerSku,
      title: goods.title,
    })
    .from(goodsVariants)
    .innerJoin(goods, eq(goods.id, goodsVariants.goodsId))
    .where(and(eq(goodsVariants.merchantId, merchantId), inArray(goodsVariants.upc, wanted)));
  const listed = await listingsOfSkus(
    ex,
    merchantId,
    rows.map((r) => r.sellerSku),
  );
  return new Map(
    rows.map((r) => [
      r.code,
      {
        code: r.code,
        goodsId: Number(r.goodsId),
        title: r.title,
        sellerSku: r.sellerSku,
        listings: listed.filter((l) => l.sellerSku === r.sellerSku),
      },
    ]),
  );
}

/** A listing as one phrase the merchant recognises: `amazon US B0C1234567`. */
export const listingWords = (l: ListingHolder) =>
  [l.marketplace, l.site, l.listingId || l.sellerSku].filter(Boolean).join(' ');
