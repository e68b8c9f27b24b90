import { goods } from '../../db/schema';
import type { ResourceHooks } from '../../kit/resource-routes';
import { sanitizeArticleHtml } from '../../kit/sanitize-html';

/** What a goods takes (shared/resources/goods.ts): its title, brand and images limits. */
const GOODS_TITLE_MAX = 200;
const GOODS_BRAND_MAX = 50;
const GOODS_IMAGES_MAX = 9;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

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
    const description = before.description as string;
    const [draft] = await tx
      .insert(goods)
      .values({
        merchantId: before.merchantId as number,
        title: (before.title as string).slice(0, GOODS_TITLE_MAX),
        brand: (before.brand as string).slice(0, GOODS_BRAND_MAX),
        images,
        description: description ? sanitizeArticleHtml(`<p>${escapeHtml(description)}</p>`) : '',
      })
      .returning({ id: goods.id });
    return { ...values, goodsId: draft!.id };
  },
} satisfies ResourceHooks;
