import { goods } from '../../db/schema';
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

/** The item's plain description as the goods' rich text: escaped, and within its limit. */
function richTextOf(text: string): string {
  let html = '';
  for (const c of text) {
    const part = ENTITIES[c] ?? c;
    if (html.length + part.length > GOODS_DESCRIPTION_MAX - '<p></p>'.length) break;
    html += part;
  }
  return html ? sanitizeArticleHtml(`<p>${html}</p>`) : '';
}

/**
 * Claiming an item makes a goods draft of it in the same transaction (each of a bulk claim its
 * own), and the item keeps the draft's id. The price stays on the item: a goods' prices and
 * costs live on its variants, which the merchant sets up on the draft's page.
 */
export default {
  async beforeWrite(values, { tx, before }) {
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
    return { ...values, goodsId: draft!.id };
  },
} satisfies ResourceHooks;
