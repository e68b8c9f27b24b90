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
  /**
   * Whether this batch opens the feed. It goes alone, before the rest: a marketplace that is
   * down or throttling refuses the feed as it opens, with nothing in it processed.
   */
  opening: boolean;
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

/** What the seller tells the marketplace about one of its orders. */
export type OrderUpdate =
  | { kind: 'shipment'; orderNo: string; carrier: string; trackingNo: string }
  | { kind: 'cancel'; orderNo: string; reason: string }
  | { kind: 'refund'; orderNo: string; amount: string; currency: string };

export interface OrderTarget {
  merchantId: number;
  marketplace: string;
  site: string;
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
