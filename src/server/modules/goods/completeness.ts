import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { goodsVariants } from '../../db/schema/goods';

/** What a goods still lacks before it can be listed (empty: complete), by field name. */
export async function missingOf(ex: Executor, row: Record<string, unknown>): Promise<string[]> {
  const missing: string[] = [];
  if (!row.categoryId) missing.push('categoryId');
  if (!(row.images as string[] | undefined)?.length) missing.push('images');
  if (!(row.bulletPoints as string[] | undefined)?.length) missing.push('bulletPoints');
  const variants = await ex
    .select({ upc: goodsVariants.upc, price: goodsVariants.price })
    .from(goodsVariants)
    .where(eq(goodsVariants.goodsId, row.id as number));
  if (variants.length === 0) missing.push('variants');
  else {
    if (variants.some((v) => !v.upc)) missing.push('upc');
    if (variants.some((v) => Number(v.price) <= 0)) missing.push('price');
  }
  return missing;
}
