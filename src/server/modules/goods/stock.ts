import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { goods, goodsVariants } from '../../db/schema/goods';

/**
 * Units sold (negative) or given back (positive) on the goods' variants of these seller SKUs, in
 * the caller's transaction: the goods is the one stock behind every listing of its SKUs, so a unit
 * a marketplace sells leaves it too (never below 0), and the goods' total follows. A SKU of no
 * goods (deleted) is left alone. Answers the variants' new stock, which their listings follow
 * (listing/service.ts syncListingStock).
 */
export async function moveGoodsStock(
  ex: Executor,
  merchantId: number,
  moves: { sellerSku: string; quantity: number }[],
) {
  const bySku = new Map<string, number>();
  for (const m of moves) bySku.set(m.sellerSku, (bySku.get(m.sellerSku) ?? 0) + m.quantity);
  const touched = new Set<number>();
  const stocks: { sellerSku: string; stock: number }[] = [];
  for (const [sellerSku, quantity] of bySku) {
    if (quantity === 0) continue;
    const rows = await ex
      .update(goodsVariants)
      .set({ stock: sql`greatest(${goodsVariants.stock} + ${quantity}, 0)` })
      .where(and(eq(goodsVariants.merchantId, merchantId), eq(goodsVariants.sellerSku, sellerSku)))
      .returning({ goodsId: goodsVariants.goodsId, stock: goodsVariants.stock });
    for (const row of rows) {
      touched.add(row.goodsId);
      stocks.push({ sellerSku, stock: row.stock });
    }
  }
  if (touched.size === 0) return stocks;
  await ex
    .update(goods)
    .set({
      stockTotal: sql`(select coalesce(sum(${goodsVariants.stock}), 0)::int from ${goodsVariants} where ${goodsVariants.goodsId} = ${goods.id})`,
    })
    .where(inArray(goods.id, [...touched]));
  return stocks;
}
