import { eq } from 'drizzle-orm';
import { goods, goodsVariants } from '../../db/schema';
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

/**
 * Claiming an item makes a goods draft of it in the same transaction (each of a bulk claim its
 * own), and the item keeps the draft's id. The collected price comes along as the draft's one
 * variant (SKU `CB-<item id>`, the merchant's to change, with attributes, on the draft's page).
 */
export default {
  async beforeWrite(values, { tx, before }) {
    if (values.status === 'new' && before?.status === 'ignored') return values;
    if (values.status !== 'claimed' || !before) return values;
    const images = (before.images as string[])
      .filter((src) => /^https?:\/\//i.test(src))
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
    const price = String(before.price ?? '0');
    // (A SKU the merchant has already given another goods leaves the draft without a variant.)
    const made =
      Number(price) > 0 &&
      (
        await tx
          .insert(goodsVariants)
          .values({
            merchantId: before.merchantId as number,
            goodsId: draft!.id,
            options: {},
            sellerSku: `CB-${before.id}`,
            price,
          })
          .onConflictDoNothing()
          .returning({ id: goodsVariants.id })
      ).length > 0;
    if (made) {
      await tx
        .update(goods)
        .set({ variantCount: 1, priceMin: price })
        .where(eq(goods.id, draft!.id));
    }
    return { ...values, goodsId: draft!.id };
  },
} satisfies ResourceHooks;
