import type { PatchOperation } from '@sp-api-sdk/listings-items-api-2021-08-01';
import { AMAZON_LANGUAGE, AMAZON_MARKETPLACE_IDS } from '../../../shared/amazon';
import type { SITES } from '../../../shared/marketplace';
import type { FeedTarget, ItemOutcome, MarketplaceItem } from '../marketplace';
import type { ProcessingReport } from './client';

/**
 * The product's feed items as Amazon's JSON_LISTINGS_FEED (listings-feed-schema-v2): a product
 * is an UPDATE message of the setting's product type with its attributes (title, brand, bullet
 * points, description, images, UPC/EAN, condition, offer at the formula's price in the site's
 * currency, stock); a price or stock change is a PATCH of that one attribute. And the processing
 * report read back into each item's answer.
 */

type Site = (typeof SITES)[number];

/** The product type a setting without one sends (Amazon's catch-all type). */
export const DEFAULT_PRODUCT_TYPE = 'PRODUCT';
/** Amazon takes a main image and eight others. */
const OTHER_IMAGES = 8;
/** Amazon's longest product description. */
const DESCRIPTION_MAX = 2000;

export const marketplaceIdOf = (site: string) => AMAZON_MARKETPLACE_IDS[site as Site]?.id ?? '';

/** Rich text as the plain text Amazon's description takes. */
export function plainText(html: string): string {
  return html
    .replace(/<(br|\/p|\/div|\/li|\/h\d)\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
    .slice(0, DESCRIPTION_MAX);
}

/** A barcode's kind as Amazon names it: 12 digits a UPC, 13 an EAN, 14 a GTIN. */
const barcodeType = (code: string) =>
  code.length === 12 ? 'upc' : code.length === 13 ? 'ean' : 'gtin';

const money = (value: string) => Number(value);

function offerAttribute(item: MarketplaceItem, marketplaceId: string) {
  return [
    {
      marketplace_id: marketplaceId,
      currency: item.currency,
      our_price: [{ schedule: [{ value_with_tax: money(item.price ?? '0') }] }],
    },
  ];
}

function stockAttribute(stock: number, handlingDays?: number) {
  return [
    {
      fulfillment_channel_code: 'DEFAULT',
      quantity: stock,
      ...(handlingDays ? { lead_time_to_ship_max_days: handlingDays } : {}),
    },
  ];
}

/** The attributes of a product (an UPDATE message): everything Amazon lists it with. */
export function productAttributes(
  item: MarketplaceItem,
  target: Pick<FeedTarget, 'site' | 'handlingDays'>,
  publicUrl?: string,
): Record<string, unknown[]> {
  const marketplace_id = marketplaceIdOf(target.site);
  const language_tag = AMAZON_LANGUAGE[target.site as Site] ?? 'en_US';
  const text = (value: string) => ({ value, language_tag, marketplace_id });
  const image = (url: string) =>
    /^https?:\/\//.test(url) || !publicUrl ? url : new URL(url, publicUrl).toString();
  const attributes: Record<string, unknown[]> = {
    item_name: [text(item.title)],
    condition_type: [{ value: 'new_new', marketplace_id }],
  };
  if (item.brand) attributes.brand = [text(item.brand)];
  if (item.bulletPoints.length > 0) attributes.bullet_point = item.bulletPoints.map(text);
  const description = plainText(item.description ?? '');
  if (description) attributes.product_description = [text(description)];
  if (item.upc)
    attributes.externally_assigned_product_identifier = [
      { type: barcodeType(item.upc), value: item.upc, marketplace_id },
    ];
  const [main, ...others] = item.images;
  if (main)
    attributes.main_product_image_locator = [{ media_location: image(main), marketplace_id }];
  others.slice(0, OTHER_IMAGES).forEach((url, i) => {
    attributes[`other_product_image_locator_${i + 1}`] = [
      { media_location: image(url), marketplace_id },
    ];
  });
  if (item.price !== null) attributes.purchasable_offer = offerAttribute(item, marketplace_id);
  if (item.stock !== null)
    attributes.fulfillment_availability = stockAttribute(item.stock, target.handlingDays);
  // A variation family (the product type's parentage_level, child_parent_sku_relationship and
  // variation_theme attributes; a child's values under the theme's attributes, lower-cased).
  if (item.variationTheme) {
    const theme = item.variationTheme.replace(/([a-z])([A-Z])/g, '$1/$2').toUpperCase();
    attributes.variation_theme = [{ name: theme }];
    attributes.parentage_level = [{ marketplace_id, value: item.parentSku ? 'child' : 'parent' }];
    if (item.parentSku)
      attributes.child_parent_sku_relationship = [
        { marketplace_id, child_relationship_type: 'variation', parent_sku: item.parentSku },
      ];
    for (const [name, value] of Object.entries(item.variation ?? {}))
      attributes[name.toLowerCase()] = [text(value)];
  }
  return attributes;
}

/** A price or stock change as JSON Patch operations on the listing's attributes. */
export function changePatches(
  item: MarketplaceItem,
  target: Pick<FeedTarget, 'site' | 'handlingDays'>,
): PatchOperation[] {
  const patches: PatchOperation[] = [];
  if (item.price !== null)
    patches.push({
      op: 'replace',
      path: '/attributes/purchasable_offer',
      value: offerAttribute(item, marketplaceIdOf(target.site)),
    });
  if (item.stock !== null)
    patches.push({
      op: 'replace',
      path: '/attributes/fulfillment_availability',
      value: stockAttribute(item.stock),
    });
  return patches;
}

/** The whole document: message n (from 1) is item n. */
export function listingsFeedDocument(
  sellerId: string,
  target: FeedTarget,
  items: MarketplaceItem[],
  publicUrl?: string,
) {
  const productType = target.productType || DEFAULT_PRODUCT_TYPE;
  return {
    header: {
      sellerId,
      version: '2.0',
      issueLocale: 'en_US',
      report: { includedData: ['summaries', 'issues'], apiVersion: '2021-08-01' },
    },
    messages: items.map((item, i) =>
      target.kind === 'product'
        ? {
            messageId: i + 1,
            sku: item.sellerSku,
            operationType: 'UPDATE',
            productType,
            requirements: 'LISTING',
            attributes: productAttributes(item, target, publicUrl),
          }
        : {
            messageId: i + 1,
            sku: item.sellerSku,
            operationType: 'PATCH',
            productType,
            patches: changePatches(item, target),
          },
    ),
  };
}

/** Amazon's issues as one line of its own words: `code message` for each. */
export const issueWords = (issues: { code?: string; message: string }[]) =>
  issues.map((issue) => (issue.code ? `${issue.code} ${issue.message}` : issue.message)).join('；');

/**
 * Each item's answer from a processing report: refused when Amazon reports an error for its
 * message, with Amazon's words; else accepted, with its ASIN when the report has one (and
 * Amazon's warnings kept beside it). Issues of no message (a document Amazon could not read)
 * refuse every item.
 */
export function outcomesOfReport(
  report: ProcessingReport,
  items: MarketplaceItem[],
): ItemOutcome[] {
  const whole = report.issues.filter((i) => i.messageId === undefined && i.severity === 'ERROR');
  const asinOf = new Map(
    (report.items ?? []).flatMap((item) => {
      const asin = item.summaries?.find((s) => s.asin)?.asin;
      return item.sku && asin ? [[item.sku, asin] as const] : [];
    }),
  );
  return items.map((item, i) => {
    const own = report.issues.filter((issue) => issue.messageId === i + 1);
    const errors = [...whole, ...own.filter((issue) => issue.severity === 'ERROR')];
    if (errors.length > 0)
      return {
        sellerSku: item.sellerSku,
        accepted: false,
        error: 'marketplace-issue',
        detail: issueWords(errors),
      };
    const warnings = own.filter((issue) => issue.severity === 'WARNING');
    return {
      sellerSku: item.sellerSku,
      accepted: true,
      listingId: asinOf.get(item.sellerSku),
      ...(warnings.length ? { detail: issueWords(warnings) } : {}),
    };
  });
}
