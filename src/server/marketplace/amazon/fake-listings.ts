import { randomBytes } from 'node:crypto';
import type { Feed } from '@sp-api-sdk/feeds-api-2021-06-30';
import type { Item } from '@sp-api-sdk/listings-items-api-2021-08-01';
import { isGtin } from '../../../shared/gtin';
import type { ProcessingReport } from './client';
import { listingsFeedProblems } from './schemas';

/**
 * Tests only: the fake SP-API's (fake-sp-api.ts) catalogue of listings: a listings feed's message
 * checked and applied as Amazon does, a JSON Patch on a listing's attributes, and a listing as
 * getListingsItem answers it.
 */

type Json = Record<string, unknown>;

export interface FakeListing {
  sku: string;
  asin: string;
  productType: string;
  marketplaceId: string;
  attributes: Record<string, unknown[]>;
  createdDate: string;
  lastUpdatedDate: string;
}

/** Attributes Amazon requires of a new listing (of the PRODUCT type and most others). */
const REQUIRED = [
  'item_name',
  'brand',
  'externally_assigned_product_identifier',
  'condition_type',
  'main_product_image_locator',
  'purchasable_offer',
  'fulfillment_availability',
];

/** A feed as the fake keeps it: Amazon's feed, whose it is, and its uploaded document. */
export interface FakeFeed {
  feed: Feed;
  sellerId: string;
  marketplaceId: string;
  /** Looks (getFeed) before it is done. */
  looksLeft: number;
  document: Json | undefined;
}

/** Amazon's issue with one message of a feed (its id and SKU added by the report). */
type ListingIssue = Omit<ProcessingReport['issues'][number], 'messageId' | 'sku'>;

/** Checks one message of a listings feed and, unless refused, applies it to `listings`. */
export function processListingMessage(
  listings: Map<string, FakeListing>,
  catalogue: Map<string, { brand: string; asin: string }>,
  sellerId: string,
  marketplaceId: string,
  message: Json,
): ListingIssue[] {
  const sku = message.sku as string;
  const key = `${sellerId}/${marketplaceId}/${sku}`;
  const existing = listings.get(key);
  const now = new Date().toISOString();
  if (message.operationType === 'PATCH') {
    if (!existing)
      return [{ code: '4000001', severity: 'ERROR', message: `The SKU '${sku}' does not exist.` }];
    const issue = applyPatches(existing, message.patches as Json[]);
    return issue ? [{ code: issue.code, severity: 'ERROR', message: issue.message }] : [];
  }
  if (message.operationType !== 'UPDATE') return [];
  const attributes = message.attributes as Record<string, Json[]>;
  const issues: ListingIssue[] = [];
  for (const name of REQUIRED)
    if (!attributes[name]?.length)
      issues.push({
        code: '90220',
        severity: 'ERROR',
        message: `'[${name}]' is required but not supplied.`,
        attributeName: name,
      });
  const barcode = attributes.externally_assigned_product_identifier?.[0]?.value as
    | string
    | undefined;
  const brand = attributes.brand?.[0]?.value as string | undefined;
  if (barcode && !isGtin(barcode))
    issues.push({
      code: '8016',
      severity: 'ERROR',
      message: `The product identifier '${barcode}' is not valid.`,
      attributeName: 'externally_assigned_product_identifier',
    });
  const owner = barcode ? catalogue.get(barcode) : undefined;
  if (owner && owner.brand !== brand)
    issues.push({
      code: '8541',
      severity: 'ERROR',
      message: `The SKU data provided is different from what's already in the Amazon catalog. The brand data provided matches ASIN ${owner.asin} but the following data is different: brand (Merchant: '${brand ?? ''}' / Amazon: '${owner.brand}').`,
      attributeName: 'brand',
    });
  const price = (attributes.purchasable_offer?.[0]?.our_price as Json[] | undefined)?.[0] as
    | { schedule?: { value_with_tax?: number }[] }
    | undefined;
  if (attributes.purchasable_offer && !(Number(price?.schedule?.[0]?.value_with_tax) > 0))
    issues.push({
      code: '99022',
      severity: 'ERROR',
      message:
        "The field '\"prices\"' for the attribute 'purchasable_offer.our_price' does not have enough values. The required minimum is '1' value(s).",
      attributeName: 'purchasable_offer.our_price',
    });
  if (!attributes.bullet_point?.length)
    issues.push({
      code: '18448',
      severity: 'WARNING',
      message:
        'Attributes tagged as relevant_attributes are incomplete. Provide values for the following attribute(s): bullet_point',
      attributeName: 'bullet_point',
    });
  if (issues.some((issue) => issue.severity === 'ERROR')) return issues;
  listings.set(key, {
    sku,
    asin: existing?.asin ?? `B0${randomBytes(4).toString('hex').toUpperCase()}`,
    productType: message.productType as string,
    marketplaceId,
    attributes: attributes as Record<string, unknown[]>,
    createdDate: existing?.createdDate ?? now,
    lastUpdatedDate: now,
  });
  return issues;
}

/** Applies JSON Patch operations on `/attributes/<name>`; answers Amazon's issue if refused. */
export function applyPatches(listing: FakeListing, patches: Json[]) {
  for (const patch of patches ?? []) {
    const name = String(patch.path ?? '').replace(/^\/attributes\//, '');
    const value = patch.value as Json[] | undefined;
    if (name === 'purchasable_offer') {
      const price = (value?.[0]?.our_price as { schedule?: { value_with_tax?: number }[] }[])?.[0]
        ?.schedule?.[0]?.value_with_tax;
      if (!(Number(price) > 0))
        return {
          code: '99022',
          message: "The attribute 'purchasable_offer.our_price' must be more than 0.",
          severity: 'ERROR' as const,
          categories: ['INVALID_ATTRIBUTE'],
        };
    }
    if (patch.op === 'delete') delete listing.attributes[name];
    else listing.attributes[name] = value ?? [];
  }
  listing.lastUpdatedDate = new Date().toISOString();
  return undefined;
}

/** A listing as getListingsItem answers it. */
export function itemOf(listing: FakeListing): Item {
  const offer = (listing.attributes.purchasable_offer?.[0] ?? {}) as {
    currency?: string;
    our_price?: { schedule?: { value_with_tax?: number }[] }[];
  };
  const stock = (listing.attributes.fulfillment_availability?.[0] ?? {}) as {
    quantity?: number;
  };
  const title = (listing.attributes.item_name?.[0] as { value?: string } | undefined)?.value;
  const buyable = (stock.quantity ?? 0) > 0;
  return {
    sku: listing.sku,
    summaries: [
      {
        marketplaceId: listing.marketplaceId,
        asin: listing.asin,
        productType: listing.productType,
        conditionType: 'new_new',
        status: buyable ? ['BUYABLE', 'DISCOVERABLE'] : ['DISCOVERABLE'],
        itemName: title,
        createdDate: listing.createdDate,
        lastUpdatedDate: listing.lastUpdatedDate,
      },
    ],
    issues: [],
    offers: [
      {
        marketplaceId: listing.marketplaceId,
        offerType: 'B2C',
        price: {
          currencyCode: offer.currency ?? 'USD',
          amount: String(offer.our_price?.[0]?.schedule?.[0]?.value_with_tax ?? 0),
        },
      },
    ],
    fulfillmentAvailability: [{ fulfillmentChannelCode: 'DEFAULT', quantity: stock.quantity ?? 0 }],
  };
}

/** Processes a feed's messages as Amazon does, into its processing report. */
export function processFeed(
  listings: Map<string, FakeListing>,
  catalogue: Map<string, { brand: string; asin: string }>,
  held: {
    feed: { feedId: string };
    sellerId: string;
    marketplaceId: string;
    document: Json | undefined;
  },
): ProcessingReport {
  const document = held.document as { header?: Json; messages?: Json[] } | undefined;
  const issues: ProcessingReport['issues'] = [];
  const items: NonNullable<ProcessingReport['items']> = [];
  const marketplaceId = held.marketplaceId;
  if (!document || listingsFeedProblems(document).length > 0) {
    issues.push({
      code: '4000000',
      severity: 'ERROR',
      message: 'The feed document does not conform to the JSON_LISTINGS_FEED schema.',
    });
  } else {
    for (const message of document.messages ?? []) {
      const messageId = message.messageId as number;
      const sku = message.sku as string;
      const found = processListingMessage(
        listings,
        catalogue,
        held.sellerId,
        marketplaceId,
        message,
      );
      for (const issue of found) issues.push({ messageId, sku, ...issue });
      const listing = listings.get(`${held.sellerId}/${marketplaceId}/${sku}`);
      if (!found.some((issue) => issue.severity === 'ERROR') && listing)
        items.push({
          sku,
          summaries: [{ marketplaceId, asin: listing.asin }],
        });
    }
  }
  const messages = document?.messages?.length ?? 0;
  const invalid = new Set(
    issues.filter((i) => i.severity === 'ERROR').map((i) => i.messageId ?? 0),
  );
  const refusedAll = invalid.has(0);
  return {
    header: {
      sellerId: held.sellerId,
      version: '2.0',
      feedId: held.feed.feedId,
    },
    issues,
    summary: {
      errors: issues.filter((i) => i.severity === 'ERROR').length,
      warnings: issues.filter((i) => i.severity === 'WARNING').length,
      messagesProcessed: messages,
      messagesAccepted: refusedAll ? 0 : messages - invalid.size,
      messagesInvalid: refusedAll ? messages : invalid.size,
    },
    items,
  };
}

/**
 * A look at a feed (getFeed): IN_QUEUE, then IN_PROGRESS, then processed on its last look, which
 * answers its report (applied to `listings`); nothing before, nor once done.
 */
export function lookAtFeed(
  listings: Map<string, FakeListing>,
  catalogue: Map<string, { brand: string; asin: string }>,
  held: FakeFeed,
): ProcessingReport | undefined {
  if (held.feed.processingStatus === 'DONE' || held.feed.processingStatus === 'FATAL') return;
  if (held.looksLeft-- > 1) {
    held.feed.processingStatus = 'IN_PROGRESS';
    held.feed.processingStartTime ??= new Date().toISOString();
    return;
  }
  return processFeed(listings, catalogue, held);
}
