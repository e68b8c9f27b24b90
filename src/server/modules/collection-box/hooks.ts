import { eq } from 'drizzle-orm';
import type { CollectedVariants } from '../../../shared/collected-variants';
import { combinations } from '../../../shared/goods';
import { UPLOADED_IMAGE } from '../../../shared/resource-schema';
import type { Executor } from '../../db/client';
import { goods, goodsVariants } from '../../db/schema/goods';
import type { ResourceHooks } from '../../kit/resource-routes';
import { sanitizeArticleHtml } from '../../kit/sanitize-html';

/** What a goods takes (shared/resources/goods.ts): its title, brand, images and description. */
const GOODS_TITLE_MAX = 200;
const GOODS_BRAND_MAX = 50;
const GOODS_IMAGES_MAX = 9;
const GOODS_DESCRIPTION_MAX = 20_000;

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * The item's plain description as the goods' rich text: a paragraph a line (a collected list's
 * items stay apart), escaped, and within its limit.
 */
function richTextOf(text: string): string {
  let html = '';
  for (const line of text.split('\n').filter((l) => l.trim())) {
    let escaped = '';
    for (const c of line) escaped += ENTITIES[c] ?? c;
    const part = `<p>${escaped}</p>`;
    if (html.length + part.length > GOODS_DESCRIPTION_MAX) break;
    html += part;
  }
  return html ? sanitizeArticleHtml(html) : '';
}

const keyOf = (options: Record<string, string>, names: string[]) =>
  JSON.stringify(names.map((n) => options[n] ?? ''));

/**
 * The draft's variant grid from the item: a row for every combination of the collected
 * attributes' values (the goods' grid has them all), each with the collected variant's price and
 * picture (a combination the page did not sell takes the item's price), SKU `CB-<item>-<n>`; or,
 * without variants, one row of the item's price, SKU `CB-<item>`. The SKUs are the merchant's to
 * change. When one of them is taken already (by another goods of the merchant's) the draft has
 * no grid: the merchant makes it on the draft's page.
 */
async function gridOf(
  tx: Executor,
  {
    merchantId,
    goodsId,
    itemId,
    price,
    variants,
  }: {
    merchantId: number;
    goodsId: number;
    itemId: number;
    price: string;
    variants: CollectedVariants;
  },
) {
  const names = variants.attributes.map((a) => a.name);
  const collected = new Map(variants.items.map((v) => [keyOf(v.options, names), v]));
  const rows =
    variants.items.length > 1
      ? combinations(variants.attributes).map((options, i) => {
          const v = collected.get(keyOf(options, names));
          return {
            options,
            sellerSku: `CB-${itemId}-${i + 1}`,
            price: v && Number(v.price) > 0 ? v.price : price,
            image: v?.image ?? '',
          };
        })
      : Number(price) > 0
        ? [{ options: {}, sellerSku: `CB-${itemId}`, price, image: '' }]
        : [];
  if (rows.length === 0) return;
  // (Another merchant's SKUs are theirs: the unique index is per merchant.)
  const made = await tx
    .insert(goodsVariants)
    .values(rows.map((r, i) => ({ ...r, merchantId, goodsId, sortOrder: i })))
    .onConflictDoNothing()
    .returning({ id: goodsVariants.id, price: goodsVariants.price });
  if (made.length < rows.length) {
    await tx.delete(goodsVariants).where(eq(goodsVariants.goodsId, goodsId));
    return;
  }
  const prices = made.map((r) => Number(r.price)).filter((p) => p > 0);
  await tx
    .update(goods)
    .set({
      attributes: rows.length > 1 ? variants.attributes : [],
      variantCount: made.length,
      priceMin: prices.length > 0 ? Math.min(...prices).toFixed(2) : '0',
    })
    .where(eq(goods.id, goodsId));
}

/**
 * Claiming an item makes a goods draft of it in the same transaction (each of a bulk claim its
 * own), and the item keeps the draft's id. Its images (the merchant's own copies, or addresses
 * from a file of collected products) and its variants come along (gridOf).
 */
export default {
  async beforeWrite(values, { tx, before }) {
    if (values.status === 'new' && before?.status === 'ignored') return values;
    if (values.status !== 'claimed' || !before) return values;
    const images = (before.images as string[])
      .filter((src) => /^https?:\/\//i.test(src) || UPLOADED_IMAGE.test(src))
      .slice(0, GOODS_IMAGES_MAX);
    const [draft] = await tx
      .insert(goods)
      .values({
        merchantId: before.merchantId as number,
        title: (before.title as string).slice(0, GOODS_TITLE_MAX),
        brand: (before.brand as string).slice(0, GOODS_BRAND_MAX),
        images,
        description: richTextOf(before.description as string),
      })
      .returning({ id: goods.id });
    await gridOf(tx, {
      merchantId: before.merchantId as number,
      goodsId: draft!.id,
      itemId: before.id as number,
      price: String(before.price ?? '0'),
      variants: (before.variants as CollectedVariants | undefined) ?? { attributes: [], items: [] },
    });
    return { ...values, goodsId: draft!.id };
  },
} satisfies ResourceHooks;
