import type { FeedError, FeedKind } from '../../shared/feeds';

/**
 * A marketplace, as the product sees it: one interface, one implementation per marketplace; the
 * sandbox (./sandbox.ts) ships and is the default. Feeds (modules/feeds) hand it items batch by
 * batch and keep its answers.
 */

/** One item of a feed as the marketplace receives it. */
export interface MarketplaceItem {
  sellerSku: string;
  title: string;
  upc: string;
  images: string[];
  bulletPoints: string[];
  /** In the listing's currency, two decimals; null when the feed does not change it. */
  price: string | null;
  currency: string;
  /** Null when the feed does not change it. */
  stock: number | null;
  /** The goods' brand and description (plain text): a product feed's, empty otherwise. */
  brand?: string;
  description?: string;
  /**
   * A variation family (shared/variation.ts): a child names its parent's SKU; the parent and
   * its children name the theme (SizeColor); a child gives its values of the theme's attributes.
   * The parent is the item with a theme and no parent: not buyable, no code, price or stock.
   */
  parentSku?: string;
  variationTheme?: string;
  variation?: Record<string, string>;
}

/** Whether an item is a variation family's parent. */
export const isParent = (item: Pick<MarketplaceItem, 'parentSku' | 'variationTheme'>) =>
  !!item.variationTheme && !item.parentSku;

export interface FeedTarget {
  merchantId: number;
  kind: FeedKind;
  marketplace: string;
  site: string;
  /**
   * Whether this batch opens the feed. It goes alone, before the rest: a marketplace that is
   * down or throttling refuses the feed as it opens, with nothing in it processed.
   */
  opening: boolean;
  /** The marketplace's product type for the feed's goods (Amazon's `LUGGAGE`, `PRODUCT`…). */
  productType?: string;
  /** Days the merchant takes to ship (the listing setting's handling days). */
  handlingDays?: number;
}

/** The marketplace's answer for one item. */
export interface ItemOutcome {
  sellerSku: string;
  accepted: boolean;
  /** The marketplace's id of the listing, for an accepted product. */
  listingId?: string;
  error?: FeedError;
  /** The marketplace's own words about the item (its issues), beside the error. */
  detail?: string;
}

/** The marketplace refused the whole feed (down, throttled): nothing in it was processed. */
export class FeedRefused extends Error {
  constructor(
    readonly code: FeedError,
    /** The marketplace's own words, when it gave any. */
    readonly detail = '',
  ) {
    super(detail ? `${code}: ${detail}` : code);
  }
}

/** The marketplace throttled a call: the work waits `delayMs` and goes again (never dropped). */
export class MarketplaceBusy extends Error {
  constructor(
    readonly delayMs: number,
    readonly detail = '',
  ) {
    super(`marketplace busy, again in ${delayMs} ms${detail ? `: ${detail}` : ''}`);
  }
}

/** What the seller tells the marketplace about one of its orders. */
export type OrderUpdate =
  | { kind: 'shipment'; orderNo: string; carrier: string; trackingNo: string }
  | { kind: 'cancel'; orderNo: string; reason: string }
  | { kind: 'refund'; orderNo: string; amount: string; currency: string };

export interface OrderTarget {
  merchantId: number;
  marketplace: string;
  site: string;
  /** The order's lines as the marketplace numbered them (Amazon's order item ids). */
  lines?: { remoteItemId: string; quantity: number }[];
}

/** One order's line of a settlement report: what the marketplace paid out for it. */
export interface SettlementLine {
  orderNo: string;
  /** In the order's currency, two decimals: goods and shipping less fees and refunds. */
  payout: string;
}

/** An order as the marketplace knows it, for its settlement report (see `settlement`). */
export interface SettledOrder {
  orderNo: string;
  totalAmount: string;
  fees: string;
  refundAmount: string;
}

export interface Marketplace {
  readonly name: string;
  /**
   * Sends one batch of a feed and answers each item; throws FeedRefused for the whole feed, only
   * on the batch that opens it.
   */
  submit(target: FeedTarget, items: MarketplaceItem[]): Promise<ItemOutcome[]>;
  /** Items per batch it takes. */
  readonly batchSize: number;
  /** Batches it takes at once (its rate limit): a feed keeps this many in flight. */
  readonly parallel: number;
  /** Tells it of a shipment, a cancellation or a refund; throws FeedRefused when it is down. */
  updateOrder(target: OrderTarget, update: OrderUpdate): Promise<void>;
  /**
   * Its settlement report for a period: a line per order it paid out. A real marketplace reads
   * its own books; the sandbox is handed the orders it sold (`sold`) and reports them as its books
   * would, now and then with a line that differs, as real reports do.
   */
  settlement(target: OrderTarget, sold: SettledOrder[]): Promise<SettlementLine[]>;
}

/**
 * A marketplace that takes a feed whole, as one document, and processes it in its own time
 * (Amazon's Feeds API): the feed job sends it, then looks again until it is processed.
 */
export interface DocumentFeeds {
  /** Most items one document takes. */
  readonly documentSize: number;
  /** Sends the items as one feed; answers the marketplace's id of it. */
  sendFeed(target: FeedTarget, items: MarketplaceItem[]): Promise<string>;
  /** Each item's answer once the feed is processed; null while it is still being processed. */
  feedOutcomes(
    target: FeedTarget,
    feedId: string,
    items: MarketplaceItem[],
  ): Promise<ItemOutcome[] | null>;
}

export const takesDocuments = (m: Marketplace): m is Marketplace & DocumentFeeds =>
  'sendFeed' in m && 'feedOutcomes' in m;
