import type { FeedError } from '../../../shared/feeds';
import {
  type DocumentFeeds,
  FeedRefused,
  type FeedTarget,
  type ItemOutcome,
  type Marketplace,
  MarketplaceBusy,
  type MarketplaceItem,
  type OrderTarget,
  type OrderUpdate,
  type SettlementLine,
} from '../marketplace';
import type { AmazonClient } from './client';
import { AmazonError, AmazonThrottled, amazonErrorOf } from './errors';
import {
  changePatches,
  DEFAULT_PRODUCT_TYPE,
  issueWords,
  listingsFeedDocument,
  marketplaceIdOf,
  outcomesOfReport,
} from './feed-documents';

/** Amazon's carrier codes for the carriers a shipment names; the others go as `Other`. */
const CARRIER_CODES: Record<string, string> = {
  UPS: 'UPS',
  USPS: 'USPS',
  FedEx: 'FedEx',
  DHL: 'DHL',
  Yanwen: 'Yanwen',
  YunExpress: 'YunExpress',
  '4PX': '4PX',
};

const FEED_ERRORS: Record<AmazonError['kind'], FeedError> = {
  auth: 'marketplace-auth',
  denied: 'marketplace-auth',
  refused: 'marketplace-refused',
  unavailable: 'marketplace-unavailable',
};

/**
 * Amazon's words about a failure as the marketplace interface says them: throttled → busy (the
 * job waits and goes again), anything else refused with Amazon's code and message beside.
 */
export function asMarketplaceError(error: unknown): Error {
  const failure = amazonErrorOf(error);
  if (failure instanceof AmazonThrottled)
    return new MarketplaceBusy(failure.delayMs, failure.amazonMessage);
  if (failure instanceof AmazonError)
    return new FeedRefused(FEED_ERRORS[failure.kind], `${failure.code}: ${failure.amazonMessage}`);
  return failure;
}

async function speaking<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw asMarketplaceError(error);
  }
}

/**
 * The marketplace interface on one merchant's Amazon seller account (./client.ts). Products go
 * as a JSON_LISTINGS_FEED document that Amazon processes in its own time (DocumentFeeds); one
 * listing's price or stock goes at once with patchListingsItem (submit); a shipment is confirmed
 * on the order. Failures come out as FeedRefused with Amazon's own words, throttling as
 * MarketplaceBusy.
 */
export class AmazonMarketplace implements Marketplace, DocumentFeeds {
  readonly name = 'amazon';
  /** submit() patches listings one by one: a few per batch. */
  readonly batchSize = 10;
  readonly parallel = 1;
  /** listings-feed-schema-v2 takes at most 10,000 messages. */
  readonly documentSize = 10_000;

  constructor(
    readonly client: AmazonClient,
    private readonly publicUrl?: string,
  ) {}

  /** Each item's change at once through the Listings Items API (patchListingsItem). */
  async submit(target: FeedTarget, items: MarketplaceItem[]): Promise<ItemOutcome[]> {
    const outcomes: ItemOutcome[] = [];
    for (const item of items) {
      const patches = changePatches(item, target);
      const answer = await speaking(() =>
        this.client.patchListing(
          item.sellerSku,
          target.productType || DEFAULT_PRODUCT_TYPE,
          marketplaceIdOf(target.site),
          patches,
        ),
      );
      const errors = (answer.issues ?? []).filter((issue) => issue.severity === 'ERROR');
      outcomes.push(
        answer.status === 'ACCEPTED' && errors.length === 0
          ? { sellerSku: item.sellerSku, accepted: true }
          : {
              sellerSku: item.sellerSku,
              accepted: false,
              error: 'marketplace-issue',
              detail: issueWords(answer.issues ?? []),
            },
      );
    }
    return outcomes;
  }

  async sendFeed(target: FeedTarget, items: MarketplaceItem[]): Promise<string> {
    const document = listingsFeedDocument(
      this.client.seller.sellerId,
      target,
      items,
      this.publicUrl,
    );
    return speaking(() => this.client.sendListingsFeed(document, marketplaceIdOf(target.site)));
  }

  async feedOutcomes(
    _target: FeedTarget,
    feedId: string,
    items: MarketplaceItem[],
  ): Promise<ItemOutcome[] | null> {
    return speaking(async () => {
      const state = await this.client.feedState(feedId);
      if (state.status === 'IN_QUEUE' || state.status === 'IN_PROGRESS') return null;
      if (state.resultDocumentId)
        return outcomesOfReport(await this.client.processingReport(state.resultDocumentId), items);
      // Cancelled, or fatal without a report: nothing in it was processed.
      throw new FeedRefused('marketplace-unavailable', `feed ${feedId} ${state.status}`);
    });
  }

  async updateOrder(target: OrderTarget, update: OrderUpdate): Promise<void> {
    if (update.kind !== 'shipment')
      throw new FeedRefused(
        'marketplace-unsupported',
        `${update.kind}: Seller Central → Orders → Manage Orders`,
      );
    const carrierCode = CARRIER_CODES[update.carrier] ?? 'Other';
    await speaking(() =>
      this.client.confirmShipment(update.orderNo, {
        marketplaceId: marketplaceIdOf(target.site),
        packageDetail: {
          packageReferenceId: '1',
          carrierCode,
          ...(carrierCode === 'Other' ? { carrierName: update.carrier } : {}),
          trackingNumber: update.trackingNo,
          shipDate: new Date().toISOString(),
          orderItems: (target.lines ?? []).map((line) => ({
            orderItemId: line.remoteItemId,
            quantity: line.quantity,
          })),
        },
      }),
    );
  }

  /** Amazon's settlement reports come from its Reports API, which this product does not read. */
  async settlement(): Promise<SettlementLine[]> {
    throw new FeedRefused('marketplace-unsupported', 'Reports API: settlement reports');
  }
}
