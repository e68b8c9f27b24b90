import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import Big from 'big.js';
import type { FeedError } from '../../shared/feeds';
import {
  FeedRefused,
  type FeedTarget,
  type ItemOutcome,
  isParent,
  type Marketplace,
  type MarketplaceItem,
  type OrderTarget,
  type OrderUpdate,
  type SettledOrder,
  type SettlementLine,
} from './marketplace';

/** Words the sandbox, like the real marketplaces, refuses in a title. */
const BANNED = /\b(replica|counterfeit|knock-?off)\b|仿品|高仿|假货/i;
/** The longest title a marketplace takes. */
const TITLE_MAX = 200;

export interface SandboxOptions {
  /** 0…1: how often a whole feed is refused (the marketplace is down). */
  chaos: number;
  /** How long one batch takes, in ms (the marketplace is slow). */
  batchMs: number;
  /** Batches it takes at once (10 by default). */
  parallel?: number;
  random?: () => number;
}

/**
 * The sandbox marketplace: checks each item as the real ones do (UPC, images, title length and
 * banned words, price, stock), takes its time per batch, and now and then refuses a whole feed
 * on its first batch, so that every outcome can be played to its end without a seller account.
 * Listing ids are made from the merchant, marketplace, site and SKU: the same product keeps its id.
 */
export class SandboxMarketplace implements Marketplace {
  readonly name = 'sandbox';
  readonly batchSize = 25;
  readonly parallel: number;
  private readonly random: () => number;

  constructor(private readonly options: SandboxOptions) {
    this.random = options.random ?? Math.random;
    this.parallel = options.parallel ?? 10;
  }

  async submit(target: FeedTarget, items: MarketplaceItem[]): Promise<ItemOutcome[]> {
    await sleep(this.options.batchMs);
    if (target.opening && this.random() < this.options.chaos)
      throw new FeedRefused('marketplace-unavailable');
    return items.map((item) => {
      const error = this.check(target, item);
      if (error) return { sellerSku: item.sellerSku, accepted: false, error };
      return { sellerSku: item.sellerSku, accepted: true, listingId: listingIdOf(target, item) };
    });
  }

  async updateOrder(_target: OrderTarget, _update: OrderUpdate): Promise<void> {
    await sleep(Math.min(this.options.batchMs, 200));
    if (this.random() < this.options.chaos) throw new FeedRefused('marketplace-unavailable');
  }

  /**
   * Pays out each order sold as goods and shipping less its fees and refunds; with `chaos`, one
   * order in about twenty is paid a cent to a few units off, and one is left out, as a report with
   * a chargeback or a late order would.
   */
  async settlement(_target: OrderTarget, sold: SettledOrder[]): Promise<SettlementLine[]> {
    await sleep(this.options.batchMs);
    if (this.random() < this.options.chaos) throw new FeedRefused('marketplace-unavailable');
    const lines: SettlementLine[] = [];
    for (const order of sold) {
      let payout = new Big(order.totalAmount).minus(order.fees).minus(order.refundAmount);
      const roll = this.random();
      if (roll < this.options.chaos / 4) continue;
      if (roll < this.options.chaos / 2)
        payout = payout.minus(new Big(Math.ceil(roll * 500)).div(100));
      lines.push({ orderNo: order.orderNo, payout: payout.toFixed(2) });
    }
    return lines;
  }

  private check(target: FeedTarget, item: MarketplaceItem): FeedError | undefined {
    if (target.kind === 'product') {
      // A family's parent is not sold itself: it needs no code.
      if (!item.upc && !isParent(item)) return 'missing-upc';
      if (item.images.length === 0) return 'missing-image';
      if (item.title.length > TITLE_MAX) return 'title-too-long';
      if (BANNED.test(item.title)) return 'banned-word';
    }
    if (item.price !== null && !(Number(item.price) > 0)) return 'price';
    if (item.stock !== null && item.stock < 0) return 'stock';
    return undefined;
  }
}

/** A stable id in the marketplace's style (10 characters, like an ASIN). */
function listingIdOf(target: FeedTarget, item: MarketplaceItem) {
  const digest = createHash('sha256')
    .update(`${target.merchantId}:${target.marketplace}:${target.site}:${item.sellerSku}`)
    .digest('hex')
    .slice(0, 9)
    .toUpperCase();
  return `B${digest}`;
}
