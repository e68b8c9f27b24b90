import Big from 'big.js';
import { and, desc, eq, exists, sql } from 'drizzle-orm';
import sanitize from 'sanitize-html';
import { ResultCode } from '../../../shared/envelope';
import { message } from '../../../shared/messages';
import type { ProductAddon } from '../../../shared/product-addons';
import { type ProductSkus, type ProductSpecs, priceWithSpecs } from '../../../shared/product-specs';
import type { ShopProduct, ShopProductPage, ShopProductReviews } from '../../../shared/shop';
import type { Database } from '../../db/client';
import { evaluations } from '../../db/schema/evaluate';
import { products } from '../../db/schema/product';
import { productOrderItems } from '../../db/schema/product-order';
import { AppError } from '../../errors';
import { servedRichText } from '../../kit/sanitize-html';
import { onSaleAt } from '../product/schedule';

/** Reviews on a product's page, and on each further page ("more"). */
export const PRODUCT_REVIEWS_PAGE = 5;

/** What the storefront shows of a review, the store's and a dish's alike. */
export const SHOWN_REVIEW = {
  rating: evaluations.rating,
  content: evaluations.content,
  images: evaluations.images,
  reply: evaluations.reply,
  createdAt: evaluations.createdAt,
};

/** The reviews the storefront lists: shown by the merchant, with words. */
export const listedReviews = () =>
  and(eq(evaluations.visible, true), sql`${evaluations.content} <> ''`);

/** A product on sale as the menu shows it (its description as the server's sanitised HTML). */
export function menuProduct(p: typeof products.$inferSelect): ShopProduct {
  const specs = p.specs as ProductSpecs;
  const skus = p.skus as ProductSkus;
  return {
    id: p.id,
    name: p.name,
    categoryId: p.categoryId,
    image: p.images[0] ?? '',
    images: p.images,
    price: p.price,
    originalPrice: p.originalPrice,
    soldOut: p.stock <= 0,
    salesCount: p.salesCount,
    // Sanitised on the way out too: a row written before every write was, or by hand.
    description: servedRichText(p.description),
    specs: specs.map((g) => ({
      name: g.name,
      options: g.options.map((o) => ({
        name: o.name,
        priceDelta: o.priceDelta,
        soldOut: o.stock !== null && o.stock <= 0,
      })),
    })),
    addons: (p.addons as ProductAddon[]).map((a) => ({
      name: a.name,
      price: new Big(a.price || 0).toFixed(2),
    })),
    addonsMax: p.addonsMax,
    packagingFee: new Big(p.packagingFee).toFixed(2),
    skus: skus.map((sku) => ({
      options: sku.options,
      price:
        priceWithSpecs(
          p.price,
          specs,
          Object.fromEntries(specs.map((g, i) => [g.name, sku.options[i] ?? ''])),
          skus,
        )?.price ?? p.price,
      soldOut: sku.stock !== null && sku.stock <= 0,
    })),
  };
}

const BLOCK_END =
  /<\/(p|div|h[1-6]|li|blockquote|pre|tr|figcaption|caption)>|<br\s*\/?>|<hr\s*\/?>/gi;
const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&nbsp;': ' ',
};

/**
 * Rich text as plain text for the product's page: each paragraph, line break or list item a line
 * (one empty line at most between them), every tag gone, entities read back. The page shows it
 * as text (never as HTML), its lines kept.
 */
export function plainTextOf(html: string): string {
  const text = sanitize(html.replace(BLOCK_END, '$&\n'), {
    allowedTags: [],
    allowedAttributes: {},
  });
  return text
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (entity) => ENTITIES[entity] ?? entity)
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * A product's page and its reviews: the evaluations of the merchant's orders that had it, newest
 * first. As the store's reviews (store-reviews.tsx): the list shows those the store shows
 * (visible, with words); the score counts every rating of those orders, shown or not. A product
 * off sale (by hand or by its times) or another merchant's is not found.
 */
export function productPages(db: Database) {
  const ofProduct = (merchantId: number, productId: number) =>
    and(
      eq(evaluations.merchantId, merchantId),
      exists(
        db
          .select({ one: sql`1` })
          .from(productOrderItems)
          .where(
            and(
              eq(productOrderItems.orderId, evaluations.orderId),
              eq(productOrderItems.productId, productId),
            ),
          ),
      ),
    );

  async function onSale(merchantId: number, productId: number) {
    const [row] = await db
      .select()
      .from(products)
      .where(
        and(eq(products.merchantId, merchantId), eq(products.id, productId), onSaleAt(new Date())),
      );
    if (!row) throw new AppError(ResultCode.NOT_FOUND, message('product-order:shop.linkGone'));
    return row;
  }

  async function reviews(
    merchantId: number,
    productId: number,
    page: number,
  ): Promise<ShopProductReviews> {
    const rows = await db
      .select(SHOWN_REVIEW)
      .from(evaluations)
      .where(and(ofProduct(merchantId, productId), listedReviews()))
      .orderBy(desc(evaluations.createdAt), desc(evaluations.id))
      .limit(PRODUCT_REVIEWS_PAGE + 1)
      .offset((page - 1) * PRODUCT_REVIEWS_PAGE);
    return {
      reviews: rows
        .slice(0, PRODUCT_REVIEWS_PAGE)
        .map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
      more: rows.length > PRODUCT_REVIEWS_PAGE,
    };
  }

  return {
    async page(merchantId: number, productId: number): Promise<ShopProductPage> {
      const product = await onSale(merchantId, productId);
      const [[score], first] = await Promise.all([
        db
          .select({
            average: sql<string | null>`avg(${evaluations.rating})`,
            count: sql<number>`count(*)::int`,
          })
          .from(evaluations)
          .where(ofProduct(merchantId, productId)),
        reviews(merchantId, productId, 1),
      ]);
      return {
        product: { ...menuProduct(product), description: plainTextOf(product.description) },
        score: {
          average: score?.average ? new Big(score.average).toFixed(1) : '0.0',
          count: Number(score?.count ?? 0),
        },
        ...first,
      };
    },
    async reviews(merchantId: number, productId: number, page: number) {
      await onSale(merchantId, productId);
      return reviews(merchantId, productId, page);
    },
  };
}
