import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { SellingPartnerApiAuth } from '@sp-api-sdk/auth';
import { createAxiosInstance, type SellingPartnerRegion } from '@sp-api-sdk/common';
import {
  type Feed,
  FeedsApi,
  clientRateLimits as feedsRateLimits,
} from '@sp-api-sdk/feeds-api-2021-06-30';
import {
  type Item,
  type ListingsItemSubmissionResponse,
  ListingsItemsApi,
  clientRateLimits as listingsRateLimits,
  type PatchOperation,
} from '@sp-api-sdk/listings-items-api-2021-08-01';
import {
  type ConfirmShipmentRequest,
  type GetOrdersResponse,
  type OrderItem,
  OrdersApi,
  clientRateLimits as ordersRateLimits,
} from '@sp-api-sdk/orders-api-v0';
import type { AmazonRegion } from '../../../shared/amazon';
import { AmazonError, AmazonThrottled, amazonErrorOf, throttleDelay } from './errors';
import { assertListingsFeed, assertProcessingReport } from './schemas';

/**
 * Amazon's Selling Partner API for one seller account, through the typed clients generated from
 * Amazon's models (@sp-api-sdk). Login with Amazon exchanges the seller's refresh token for an
 * access token, kept until it expires and sent with every call as `x-amz-access-token`. Both
 * endpoints may be pointed elsewhere (a proxy, the tests' fake). Amazon's refusals come out as
 * AmazonError (what kind, its code and its own words), its throttling (429) as AmazonThrottled
 * with how long to wait: the callers run on the job queue, which waits and tries again.
 */

/** The platform's SP-API application and where Amazon is. */
export interface AmazonApp {
  clientId: string;
  clientSecret: string;
  /** Login with Amazon's token endpoint (https://api.amazon.com/auth/o2/token). */
  lwaEndpoint: string;
  /** The SP-API's base address; the region's own when not given. */
  spApiEndpoint?: string;
}

/** A seller account as the merchant connected it. */
export interface AmazonSeller {
  region: AmazonRegion;
  sellerId: string;
  refreshToken: string;
  marketplaceIds: string[];
}

export { AmazonError, AmazonThrottled, amazonErrorOf, throttleDelay } from './errors';

/**
 * Login with Amazon for one refresh token, at the configured endpoint: the SDK's own auth posts
 * to api.amazon.com only, so its documented extension point (a subclass) does the exchange here,
 * as Amazon documents it (a form post of grant_type=refresh_token). Concurrent calls share one
 * exchange; the token is kept until a minute before it expires.
 */
class LoginWithAmazon extends SellingPartnerApiAuth {
  #token: string | undefined;
  #expiresAt = 0;
  #pending: Promise<string> | undefined;

  constructor(
    private readonly endpoint: string,
    private readonly credentials: { clientId: string; clientSecret: string; refreshToken: string },
  ) {
    super(credentials);
  }

  override async getAccessToken(): Promise<string> {
    if (this.#token && Date.now() < this.#expiresAt) return this.#token;
    this.#pending ??= this.exchange().finally(() => {
      this.#pending = undefined;
    });
    return this.#pending;
  }

  /** Drops the kept token (Amazon said it no longer holds). */
  forget() {
    this.#token = undefined;
    this.#expiresAt = 0;
  }

  private async exchange(): Promise<string> {
    let response: Response;
    try {
      response = await fetch(this.endpoint, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded;charset=UTF-8',
          accept: 'application/json',
        },
        body: new URLSearchParams({
          grant_type: 'refresh_token',
          refresh_token: this.credentials.refreshToken,
          client_id: this.credentials.clientId,
          client_secret: this.credentials.clientSecret,
        }),
        signal: AbortSignal.timeout(30_000),
      });
    } catch (error) {
      throw new AmazonError('unavailable', 0, 'NoResponse', (error as Error).message);
    }
    const body = (await response.json().catch(() => ({}))) as {
      access_token?: string;
      expires_in?: number;
      error?: string;
      error_description?: string;
    };
    if (!response.ok || !body.access_token) {
      if (response.status === 429)
        throw new AmazonThrottled(throttleDelay(undefined), body.error_description ?? 'LWA');
      const kind = response.status >= 500 ? 'unavailable' : 'auth';
      throw new AmazonError(
        kind,
        response.status,
        body.error ?? `HTTP${response.status}`,
        body.error_description ?? `HTTP ${response.status}`,
      );
    }
    this.#token = body.access_token;
    this.#expiresAt = Date.now() + Math.max(0, (body.expires_in ?? 3600) - 60) * 1000;
    return body.access_token;
  }
}

/** Logins by endpoint, application and refresh token: a token is exchanged once per lifetime. */
const logins = new Map<string, LoginWithAmazon>();

function loginFor(app: AmazonApp, refreshToken: string) {
  const key = createHash('sha256')
    .update(`${app.lwaEndpoint}\n${app.clientId}\n${refreshToken}`)
    .digest('hex');
  let login = logins.get(key);
  if (!login) {
    login = new LoginWithAmazon(app.lwaEndpoint, {
      clientId: app.clientId,
      clientSecret: app.clientSecret,
      refreshToken,
    });
    logins.set(key, login);
  }
  return login;
}

/** A listings feed's processing status and, once there is one, its report's document. */
export interface FeedState {
  status: Feed['processingStatus'];
  resultDocumentId?: string;
}

export const LISTINGS_FEED_CONTENT_TYPE = 'application/json; charset=UTF-8';

export class AmazonClient {
  private readonly login: LoginWithAmazon;
  private readonly feedsApi: FeedsApi;
  private readonly listingsApi: ListingsItemsApi;
  private readonly ordersApi: OrdersApi;

  constructor(
    app: AmazonApp,
    readonly seller: AmazonSeller,
  ) {
    this.login = loginFor(app, seller.refreshToken);
    const region = seller.region.toLowerCase() as SellingPartnerRegion;
    const build = <T>(
      Api: new (configuration: undefined, basePath: string, axios: never) => T,
      limits: Parameters<typeof createAxiosInstance>[1],
    ) => {
      const { axios, endpoint } = createAxiosInstance({ auth: this.login, region }, limits);
      return new Api(undefined, app.spApiEndpoint?.replace(/\/$/, '') ?? endpoint, axios as never);
    };
    this.feedsApi = build(FeedsApi as never, feedsRateLimits);
    this.listingsApi = build(ListingsItemsApi as never, listingsRateLimits);
    this.ordersApi = build(OrdersApi as never, ordersRateLimits);
  }

  /** Runs one call, its failure as Amazon's (a refused access token is exchanged anew next time). */
  private async call<T>(run: () => Promise<{ data: T }>): Promise<T> {
    try {
      return (await run()).data;
    } catch (error) {
      const failure = amazonErrorOf(error);
      if (failure instanceof AmazonError && failure.kind === 'denied') this.login.forget();
      throw failure;
    }
  }

  /** An access token for the seller (exchanged now unless one is kept). */
  accessToken(): Promise<string> {
    return this.login.getAccessToken();
  }

  /** The seller's listings, one page: the connection check (token, seller id, marketplaces). */
  async searchListings(pageSize = 1) {
    return this.call(() =>
      this.listingsApi.searchListingsItems({
        sellerId: this.seller.sellerId,
        marketplaceIds: this.seller.marketplaceIds,
        pageSize,
      }),
    );
  }

  /**
   * Sends a listings feed: checks the document against Amazon's schema, creates a feed document,
   * uploads it to the address Amazon gave, and creates the JSON_LISTINGS_FEED. Answers its id.
   */
  async sendListingsFeed(document: unknown, marketplaceId: string): Promise<string> {
    assertListingsFeed(document);
    const upload = await this.call(() =>
      this.feedsApi.createFeedDocument({ body: { contentType: LISTINGS_FEED_CONTENT_TYPE } }),
    );
    let put: Response;
    try {
      put = await fetch(upload.url, {
        method: 'PUT',
        headers: { 'content-type': LISTINGS_FEED_CONTENT_TYPE },
        body: JSON.stringify(document),
        signal: AbortSignal.timeout(120_000),
      });
    } catch (error) {
      throw new AmazonError('unavailable', 0, 'UploadFailed', (error as Error).message);
    }
    if (!put.ok) throw new AmazonError('unavailable', put.status, 'UploadFailed', await put.text());
    const created = await this.call(() =>
      this.feedsApi.createFeed({
        body: {
          feedType: 'JSON_LISTINGS_FEED',
          marketplaceIds: [marketplaceId],
          inputFeedDocumentId: upload.feedDocumentId,
        },
      }),
    );
    return created.feedId;
  }

  async feedState(feedId: string): Promise<FeedState> {
    const feed = await this.call(() => this.feedsApi.getFeed({ feedId }));
    return { status: feed.processingStatus, resultDocumentId: feed.resultFeedDocumentId };
  }

  /** A feed's processing report, read from where Amazon keeps it and checked against its schema. */
  async processingReport(documentId: string): Promise<ProcessingReport> {
    const where = await this.call(() =>
      this.feedsApi.getFeedDocument({ feedDocumentId: documentId }),
    );
    let response: Response;
    try {
      response = await fetch(where.url, { signal: AbortSignal.timeout(120_000) });
    } catch (error) {
      throw new AmazonError('unavailable', 0, 'DownloadFailed', (error as Error).message);
    }
    if (!response.ok)
      throw new AmazonError('unavailable', response.status, 'DownloadFailed', response.statusText);
    let bytes = Buffer.from(await response.arrayBuffer());
    if (where.compressionAlgorithm === 'GZIP') bytes = gunzipSync(bytes);
    const report = JSON.parse(bytes.toString('utf8')) as unknown;
    assertProcessingReport(report);
    return report as ProcessingReport;
  }

  async patchListing(
    sku: string,
    productType: string,
    marketplaceId: string,
    patches: PatchOperation[],
  ): Promise<ListingsItemSubmissionResponse> {
    return this.call(() =>
      this.listingsApi.patchListingsItem({
        sellerId: this.seller.sellerId,
        sku,
        marketplaceIds: [marketplaceId],
        body: { productType, patches },
      }),
    );
  }

  async getListing(sku: string, marketplaceId: string): Promise<Item> {
    return this.call(() =>
      this.listingsApi.getListingsItem({
        sellerId: this.seller.sellerId,
        sku,
        marketplaceIds: [marketplaceId],
        includedData: ['summaries', 'issues', 'offers', 'fulfillmentAvailability'],
      }),
    );
  }

  /** Orders changed since `after`, one page (`nextToken` for the next). */
  async ordersUpdatedSince(
    after: Date,
    nextToken?: string,
  ): Promise<NonNullable<GetOrdersResponse['payload']>> {
    const answer = await this.call(() =>
      nextToken
        ? this.ordersApi.getOrders({ marketplaceIds: this.seller.marketplaceIds, nextToken })
        : this.ordersApi.getOrders({
            marketplaceIds: this.seller.marketplaceIds,
            lastUpdatedAfter: after.toISOString(),
          }),
    );
    return answer.payload ?? { Orders: [] };
  }

  /** An order's items, every page. */
  async orderItems(orderId: string): Promise<OrderItem[]> {
    const items: OrderItem[] = [];
    let nextToken: string | undefined;
    do {
      const answer = await this.call(() =>
        this.ordersApi.getOrderItems({ orderId, ...(nextToken ? { nextToken } : {}) }),
      );
      items.push(...(answer.payload?.OrderItems ?? []));
      nextToken = answer.payload?.NextToken;
    } while (nextToken);
    return items;
  }

  async confirmShipment(orderId: string, body: ConfirmShipmentRequest): Promise<void> {
    await this.call(() => this.ordersApi.confirmShipment({ orderId, payload: body }));
  }
}

/** A processing report as listings-feed-processing-report-schema-v2 describes it. */
export interface ProcessingReport {
  header: { sellerId: string; version: '2.0'; feedId: string };
  issues: {
    messageId?: number;
    sku?: string;
    code?: string;
    severity: 'ERROR' | 'WARNING' | 'INFO';
    message: string;
    attributeName?: string;
  }[];
  summary: {
    errors: number;
    warnings: number;
    messagesProcessed: number;
    messagesAccepted: number;
    messagesInvalid: number;
  };
  items?: { sku?: string; summaries?: { marketplaceId: string; asin?: string }[] }[];
}
