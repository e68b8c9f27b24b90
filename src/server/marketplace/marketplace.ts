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
}

export interface FeedTarget {
  merchantId: number;
  kind: FeedKind;
  marketplace: string;
  site: string;
}

/** The marketplace's answer for one item. */
export interface ItemOutcome {
  sellerSku: string;
  accepted: boolean;
  /** The marketplace's id of the listing, for an accepted product. */
  listingId?: string;
  error?: FeedError;
}

/** The marketplace refused the whole feed (down, throttled): nothing in it was processed. */
export class FeedRefused extends Error {
  constructor(readonly code: FeedError) {
    super(code);
  }
}

export interface Marketplace {
  readonly name: string;
  /** Sends one batch of a feed and answers each item; throws FeedRefused for the whole feed. */
  submit(target: FeedTarget, items: MarketplaceItem[]): Promise<ItemOutcome[]>;
  /** Items per batch it takes. */
  readonly batchSize: number;
}
