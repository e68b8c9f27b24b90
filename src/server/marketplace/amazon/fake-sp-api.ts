import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import type {
  CreateFeedDocumentResponse,
  CreateFeedResponse,
  FeedDocument,
} from '@sp-api-sdk/feeds-api-2021-06-30';
import type {
  ItemSearchResults,
  ListingsItemSubmissionResponse,
} from '@sp-api-sdk/listings-items-api-2021-08-01';
import type {
  ConfirmShipmentRequest,
  GetOrderItemsResponse,
  GetOrdersResponse,
} from '@sp-api-sdk/orders-api-v0';
import type { ProcessingReport } from './client';
import { applyPatches, type FakeFeed, type FakeListing, itemOf, lookAtFeed } from './fake-listings';
import { type FakeOrder, fakeOrder, shipmentProblem } from './fake-orders';
import {
  type OperationName,
  operationOf,
  requestProblems,
  responsesOf,
  sandbox,
  shapeProblems,
} from './sandbox-examples';
import { listingsFeedProblems, processingReportProblems } from './schemas';

/**
 * Tests only: Login with Amazon and the Selling Partner API on a random local port, as Amazon
 * documents them. Its answers are shaped as the models' own examples (./sandbox-examples.json:
 * the `x-amzn-api-sandbox` static examples of amzn/selling-partner-api-models, and the LWA
 * token answer Amazon documents): every answer it gives is checked against them, field names,
 * nesting and JSON types, and every request it takes against the operation's declared
 * parameters and the examples' request bodies. It checks every token exchange (the
 * application's id and secret, a refresh token it issued) and every call's x-amz-access-token;
 * every uploaded feed document is checked against listings-feed-schema-v2 and every report it
 * makes against the processing report schema: what breaks any of these is kept in `violations`,
 * which a test expects empty. A feed is processed as Amazon does, in its time (IN_QUEUE,
 * IN_PROGRESS, DONE over successive looks), checking each message's attributes; its report is
 * gzipped. `throttle` answers the next calls of a path with 429 and Amazon's rate header;
 * `answerNext` answers an operation's next call with a given body (a model's example as it is).
 */

type Json = Record<string, unknown>;

interface FakeSeller {
  sellerId: string;
  refreshToken: string;
  marketplaceIds: string[];
}

const amazonError = (code: string, message: string, details = '') => ({
  errors: [{ code, message, details }],
});

/**
 * Fields the fake answers that the models declare (their definitions) but their examples do not
 * show: a feed's result document (the getFeed example is a cancelled feed), a report's
 * compression, and the LastUpdatedBefore getOrders answers when asked by LastUpdatedAfter (its
 * examples ask by CreatedAfter and answer CreatedBefore).
 */
const BEYOND_EXAMPLES: Partial<Record<OperationName, string[]>> = {
  getFeed: ['resultFeedDocumentId'],
  getFeedDocument: ['compressionAlgorithm'],
  getOrders: ['payload.LastUpdatedBefore'],
};

/** A call as the fake received it. */
export interface FakeRequest {
  operation: OperationName | undefined;
  method: string;
  path: string;
  pathParams: Record<string, string>;
  query: URLSearchParams;
  body: unknown;
}

export class FakeSpApi {
  readonly clientId: string;
  readonly clientSecret: string;
  readonly sellers = new Map<string, FakeSeller>();
  /** Access tokens issued, with their seller and when they expire. */
  readonly tokens = new Map<string, { sellerId: string; expiresAt: number }>();
  /** Every token exchange, as received. */
  readonly exchanges: Record<string, string>[] = [];
  /** Every SP-API call: method, path and whether its token held. */
  readonly calls: { method: string; path: string; authorized: boolean }[] = [];
  /** Every authorized SP-API call with its operation, parameters and body. */
  readonly requests: FakeRequest[] = [];
  /** Answers given as they are to an operation's next calls (`answerNext`). */
  private readonly scripted = new Map<OperationName | 'lwa', { body: unknown; status: number }[]>();
  /** Reports served as they are, not gzipped (getFeedDocument without compressionAlgorithm). */
  private readonly plainReports = new Set<string>();
  /** What broke a schema or the protocol: a test expects none. */
  readonly violations: string[] = [];
  /** Uploaded feed documents, by feed document id. */
  readonly documents = new Map<string, Json | undefined>();
  readonly feeds = new Map<string, FakeFeed>();
  readonly reports = new Map<string, ProcessingReport>();
  /** Listings by seller, marketplace and SKU. */
  readonly listings = new Map<string, FakeListing>();
  /** Barcodes already in Amazon's catalogue under another brand: a listing with one is refused. */
  readonly catalogue = new Map<string, { brand: string; asin: string }>();
  readonly orders: FakeOrder[] = [];
  readonly shipments: { orderId: string; body: ConfirmShipmentRequest }[] = [];
  /** Calls answered 429, by path pattern, and how many are left. */
  private readonly throttled: { pattern: RegExp; left: number }[] = [];
  /** getFeed looks a feed takes before it is done. */
  feedLooks = 2;
  tokenSeconds = 3600;
  private server: Server | undefined;
  url = '';

  /** The platform's application as Amazon registered it (random unless given). */
  constructor(application: { clientId?: string; clientSecret?: string } = {}) {
    this.clientId =
      application.clientId ?? `amzn1.application-oa2-client.${randomBytes(8).toString('hex')}`;
    this.clientSecret =
      application.clientSecret ?? `amzn1.oa2-cs.v1.${randomBytes(16).toString('hex')}`;
  }

  /** A seller account and the refresh token its authorization gave. */
  addSeller(sellerId: string, marketplaceIds = ['ATVPDKIKX0DER']): FakeSeller {
    const seller = {
      sellerId,
      refreshToken: `Atzr|${randomBytes(24).toString('base64url')}`,
      marketplaceIds,
    };
    this.sellers.set(seller.refreshToken, seller);
    return seller;
  }

  /**
   * The operation's next call (after its token is checked) is answered with `body` as it is, in
   * the model's success status unless given: a model's example fed to the client. A feed
   * document id it names is one the fake takes uploads for.
   */
  answerNext(operation: OperationName | 'lwa', body: unknown, status?: number) {
    const queue = this.scripted.get(operation) ?? [];
    queue.push({
      body,
      status:
        status ?? (operation === 'lwa' ? sandbox.lwa.status : sandbox.operations[operation].status),
    });
    this.scripted.set(operation, queue);
  }

  /** Where a feed document `id` is uploaded (the fake's presigned address). */
  uploadUrl(id: string) {
    return `${this.url}/uploads/${id}?X-Amz-Signature=${randomBytes(8).toString('hex')}`;
  }

  /** A processing report kept as feed document `id`, served gzipped unless `gzip` is false. */
  addReport(id: string, report: ProcessingReport, { gzip = true } = {}) {
    this.reports.set(id, report);
    if (gzip) this.plainReports.delete(id);
    else this.plainReports.add(id);
    return `${this.url}/reports/${id}`;
  }

  /** The next `times` calls whose path matches answer 429. */
  throttle(pattern: RegExp, times = 1) {
    this.throttled.push({ pattern, left: times });
  }

  /** An order placed on one of the seller's listings, as getOrders and getOrderItems answer it. */
  addOrder(
    sellerId: string,
    lines: { sku: string; title: string; quantity: number; unitPrice: string }[],
    { status = 'Unshipped', marketplaceId = 'ATVPDKIKX0DER', currency = 'USD' } = {},
  ) {
    const order = fakeOrder(sellerId, lines, { status, marketplaceId, currency }, (sku) =>
      this.asinOf(sellerId, marketplaceId, sku),
    );
    this.orders.push(order);
    return order;
  }

  private asinOf(sellerId: string, marketplaceId: string, sku: string) {
    return this.listings.get(`${sellerId}/${marketplaceId}/${sku}`)?.asin;
  }

  listing(sellerId: string, sku: string, marketplaceId = 'ATVPDKIKX0DER') {
    return this.listings.get(`${sellerId}/${marketplaceId}/${sku}`);
  }

  /** Listens on `port` of 127.0.0.1 (a free one by default). */
  async start(port = 0): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        try {
          this.route(req, res, Buffer.concat(chunks).toString('utf8'));
        } catch (error) {
          this.violations.push(`fake failed on ${req.method} ${req.url}: ${String(error)}`);
          this.send(res, 500, amazonError('InternalFailure', String(error)));
        }
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop() {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  /** AMAZON_* settings that point the product here. */
  env(): Record<string, string> {
    return {
      AMAZON_LWA_CLIENT_ID: this.clientId,
      AMAZON_LWA_CLIENT_SECRET: this.clientSecret,
      AMAZON_LWA_ENDPOINT: `${this.url}/auth/o2/token`,
      AMAZON_SPAPI_ENDPOINT: this.url,
    };
  }

  private send(
    res: ServerResponse,
    status: number,
    body?: unknown,
    headers: Record<string, string> = {},
  ) {
    const requestId = randomBytes(8).toString('hex');
    if (body === undefined) {
      res.writeHead(status, { 'x-amzn-RequestId': requestId, ...headers });
      res.end();
      return;
    }
    res.writeHead(status, {
      'content-type': 'application/json',
      'x-amzn-RequestId': requestId,
      'x-amzn-RateLimit-Limit': '20',
      ...headers,
    });
    res.end(JSON.stringify(body));
  }

  private route(req: IncomingMessage, res: ServerResponse, body: string) {
    const url = new URL(req.url ?? '/', this.url);
    const method = req.method ?? 'GET';
    const path = url.pathname;
    if (method === 'POST' && path === '/auth/o2/token') return this.token(req, res, body);
    // Presigned addresses: no access token, as Amazon's S3 addresses take none.
    if (path.startsWith('/uploads/')) return this.upload(method, path, req, res, body);
    if (path.startsWith('/reports/')) return this.download(path, res);

    const token = String(req.headers['x-amz-access-token'] ?? '');
    const held = this.tokens.get(token);
    const authorized = !!held && held.expiresAt > Date.now();
    this.calls.push({ method, path, authorized });
    if (!authorized) {
      if (!token) this.violations.push(`${method} ${path} without x-amz-access-token`);
      return this.send(
        res,
        403,
        amazonError(
          'Unauthorized',
          'Access to requested resource is denied.',
          'The access token you provided is revoked, malformed or invalid.',
        ),
      );
    }
    const limit = this.throttled.find((t) => t.left > 0 && t.pattern.test(path));
    if (limit) {
      limit.left--;
      return this.send(
        res,
        429,
        amazonError('QuotaExceeded', 'You exceeded your quota for the requested resource.'),
        { 'x-amzn-RateLimit-Limit': '20' },
      );
    }
    const operation = operationOf(method, path);
    let parsed: unknown;
    try {
      parsed = body ? (JSON.parse(body) as unknown) : undefined;
    } catch {
      this.violations.push(`${method} ${path} with a body that is not JSON`);
    }
    this.requests.push({
      operation: operation?.name,
      method,
      path,
      pathParams: operation?.pathParams ?? {},
      query: url.searchParams,
      body: parsed,
    });
    if (operation)
      for (const problem of requestProblems(operation.name, url.searchParams, parsed))
        this.violations.push(`${method} ${path}: ${problem}`);
    /** Answers, an operation's success checked against the model's examples first. */
    const reply = (status: number, answer?: unknown, headers?: Record<string, string>) => {
      if (operation && status < 300 && answer !== undefined)
        for (const problem of shapeProblems(
          answer,
          responsesOf(operation.name),
          BEYOND_EXAMPLES[operation.name],
        ))
          this.violations.push(`${operation.name} answer: ${problem}`);
      return this.send(res, status, answer, headers);
    };
    const scripted = operation && this.scripted.get(operation.name)?.shift();
    if (operation && scripted) {
      const documentId = (scripted.body as { feedDocumentId?: unknown } | undefined)
        ?.feedDocumentId;
      if (operation.name === 'createFeedDocument' && typeof documentId === 'string')
        this.documents.set(documentId, undefined);
      return reply(scripted.status, scripted.status === 204 ? undefined : scripted.body);
    }
    const sellerId = held.sellerId;
    const json = (): Json => (body ? (JSON.parse(body) as Json) : {});
    const match = (pattern: RegExp) => path.match(pattern);
    const feedMatch = match(/^\/feeds\/2021-06-30\/feeds\/([^/]+)$/);
    const documentMatch = match(/^\/feeds\/2021-06-30\/documents\/([^/]+)$/);
    const listingMatch = match(/^\/listings\/2021-08-01\/items\/([^/]+)(?:\/([^/]+))?$/);
    const itemsMatch = match(/^\/orders\/v0\/orders\/([^/]+)\/orderItems$/);
    const shipMatch = match(/^\/orders\/v0\/orders\/([^/]+)\/shipmentConfirmation$/);

    if (method === 'POST' && path === '/feeds/2021-06-30/documents') {
      const spec = json();
      if (typeof spec.contentType !== 'string')
        return reply(400, amazonError('InvalidInput', 'contentType is required'));
      const feedDocumentId = `amzn1.tortuga.4.na.${randomBytes(12).toString('hex')}`;
      this.documents.set(feedDocumentId, undefined);
      const answer: CreateFeedDocumentResponse = {
        feedDocumentId,
        url: `${this.url}/uploads/${feedDocumentId}?X-Amz-Signature=${randomBytes(8).toString('hex')}`,
      };
      return reply(201, answer);
    }
    if (method === 'POST' && path === '/feeds/2021-06-30/feeds') {
      const spec = json();
      const docId = String(spec.inputFeedDocumentId ?? '');
      if (spec.feedType !== 'JSON_LISTINGS_FEED')
        this.violations.push(`feed of type ${String(spec.feedType)}`);
      if (!this.documents.has(docId) || !this.documents.get(docId))
        return reply(400, amazonError('InvalidInput', 'Invalid input feed document id'));
      const feedId = String(50_000_000 + this.feeds.size + 1);
      this.feeds.set(feedId, {
        sellerId,
        marketplaceId: (spec.marketplaceIds as string[] | undefined)?.[0] ?? 'ATVPDKIKX0DER',
        looksLeft: this.feedLooks,
        document: this.documents.get(docId),
        feed: {
          feedId,
          feedType: 'JSON_LISTINGS_FEED',
          createdTime: new Date().toISOString(),
          processingStatus: 'IN_QUEUE',
        },
      });
      const answer: CreateFeedResponse = { feedId };
      return reply(202, answer);
    }
    if (method === 'GET' && feedMatch) {
      const held = this.feeds.get(feedMatch[1]!);
      if (!held || held.sellerId !== sellerId)
        return reply(404, amazonError('NotFound', 'Feed not found'));
      this.advance(held);
      return reply(200, held.feed);
    }
    if (method === 'GET' && documentMatch) {
      if (!this.reports.has(documentMatch[1]!))
        return reply(404, amazonError('NotFound', 'Document not found'));
      const answer: FeedDocument = {
        feedDocumentId: documentMatch[1]!,
        url: `${this.url}/reports/${documentMatch[1]}`,
        compressionAlgorithm: 'GZIP',
      };
      return reply(200, answer);
    }
    if (listingMatch) {
      const [, seller, rawSku] = listingMatch;
      if (seller !== sellerId)
        return this.send(
          res,
          403,
          amazonError('Unauthorized', 'Access to requested resource is denied.', seller),
        );
      const marketplaceIds = (url.searchParams.get('marketplaceIds') ?? '').split(',');
      const marketplaceId = marketplaceIds[0] ?? '';
      const account = [...this.sellers.values()].find((s) => s.sellerId === sellerId)!;
      const unknown = marketplaceIds.find((id) => !account.marketplaceIds.includes(id));
      if (!marketplaceId || unknown)
        return this.send(
          res,
          400,
          amazonError('InvalidInput', `Invalid marketplaceIds: ${unknown ?? ''}`),
        );
      if (!rawSku && method === 'GET') {
        const mine = [...this.listings.entries()]
          .filter(([key]) => key.startsWith(`${sellerId}/${marketplaceId}/`))
          .map(([, listing]) => listing);
        const answer: ItemSearchResults = {
          numberOfResults: mine.length,
          items: mine.slice(0, Number(url.searchParams.get('pageSize') ?? 10)).map((l) => ({
            sku: l.sku,
          })),
        };
        return reply(200, answer);
      }
      const sku = decodeURIComponent(rawSku ?? '');
      const listing = this.listings.get(`${sellerId}/${marketplaceId}/${sku}`);
      if (method === 'GET') {
        if (!listing) return reply(404, amazonError('NotFound', `SKU ${sku} not found`));
        return reply(200, itemOf(listing));
      }
      if (method === 'PATCH') {
        const request = json() as { productType?: string; patches?: unknown[] };
        const problems = listingsFeedProblems({
          header: { sellerId, version: '2.0' },
          messages: [
            {
              messageId: 1,
              sku,
              operationType: 'PATCH',
              productType: request.productType,
              patches: request.patches,
            },
          ],
        });
        if (problems.length > 0)
          this.violations.push(`patchListingsItem ${sku}: ${problems.join('; ')}`);
        const answer: ListingsItemSubmissionResponse = {
          sku,
          submissionId: randomBytes(16).toString('hex'),
          status: 'ACCEPTED',
          issues: [],
        };
        if (!listing) {
          answer.status = 'INVALID';
          answer.issues = [
            {
              code: '4000001',
              message: `The SKU '${sku}' does not exist for this seller in this marketplace.`,
              severity: 'ERROR',
              categories: ['INVALID_ATTRIBUTE'],
            },
          ];
        } else {
          const issue = applyPatches(listing, request.patches as Json[]);
          if (issue) {
            answer.status = 'INVALID';
            answer.issues = [issue];
          }
        }
        return reply(200, answer);
      }
    }
    if (method === 'GET' && path === '/orders/v0/orders') {
      const marketplaceIds = (url.searchParams.get('MarketplaceIds') ?? '').split(',');
      const after = url.searchParams.get('LastUpdatedAfter');
      const nextToken = url.searchParams.get('NextToken');
      if (!after && !url.searchParams.get('CreatedAfter') && !nextToken)
        return this.send(
          res,
          400,
          amazonError('InvalidInput', 'Either CreatedAfter or LastUpdatedAfter must be specified'),
        );
      const before = new Date(Date.now() - 2 * 60_000);
      const found = this.orders.filter(
        (o) =>
          o.sellerId === sellerId &&
          marketplaceIds.includes(o.MarketplaceId ?? '') &&
          (!after || o.LastUpdateDate > after),
      );
      const answer: GetOrdersResponse = {
        payload: {
          Orders: found.map(({ sellerId: _seller, items: _items, ...order }) => order),
          LastUpdatedBefore: before.toISOString(),
        },
      };
      return reply(200, answer);
    }
    if (method === 'GET' && itemsMatch) {
      const order = this.orders.find(
        (o) => o.AmazonOrderId === itemsMatch[1] && o.sellerId === sellerId,
      );
      if (!order) return reply(404, amazonError('NotFound', 'Order not found'));
      const answer: GetOrderItemsResponse = {
        payload: { AmazonOrderId: order.AmazonOrderId, OrderItems: order.items },
      };
      return reply(200, answer);
    }
    if (method === 'POST' && shipMatch) {
      const order = this.orders.find(
        (o) => o.AmazonOrderId === shipMatch[1] && o.sellerId === sellerId,
      );
      if (!order) return reply(404, amazonError('NotFound', 'Order not found'));
      const request = json() as unknown as ConfirmShipmentRequest;
      const problem = shipmentProblem(order, request);
      if (problem)
        return reply(400, amazonError('InvalidInput', `Invalid shipment confirmation: ${problem}`));
      this.shipments.push({ orderId: order.AmazonOrderId, body: request });
      order.OrderStatus = 'Shipped';
      order.LastUpdateDate = new Date().toISOString();
      return reply(204);
    }
    return reply(404, amazonError('NotFound', `No such operation: ${method} ${path}`));
  }

  private token(req: IncomingMessage, res: ServerResponse, body: string) {
    const form = String(req.headers['content-type'] ?? '').includes('json')
      ? (JSON.parse(body || '{}') as Record<string, string>)
      : Object.fromEntries(new URLSearchParams(body));
    this.exchanges.push(form);
    const unknownFields = Object.keys(form).filter((key) => !(key in sandbox.lwa.request));
    if (unknownFields.length > 0)
      this.violations.push(`token exchange with ${unknownFields.join(', ')}`);
    if (form.client_id !== this.clientId || form.client_secret !== this.clientSecret)
      return this.send(res, 401, {
        error: 'invalid_client',
        error_description: 'Client authentication failed',
      });
    if (form.grant_type !== 'refresh_token') {
      this.violations.push(`token exchange with grant_type ${form.grant_type}`);
      return this.send(res, 400, {
        error: 'unsupported_grant_type',
        error_description: 'The authorization grant type is not supported',
      });
    }
    const seller = this.sellers.get(form.refresh_token ?? '');
    if (!seller)
      return this.send(res, 400, {
        error: 'invalid_grant',
        error_description: 'The request has an invalid grant parameter : refresh_token',
      });
    const scripted = this.scripted.get('lwa')?.shift();
    const answer = (scripted?.body as Record<string, unknown> | undefined) ?? {
      access_token: `Atza|${randomBytes(24).toString('base64url')}`,
      token_type: 'bearer',
      expires_in: this.tokenSeconds,
      refresh_token: seller.refreshToken,
    };
    for (const problem of shapeProblems(answer, [sandbox.lwa.response]))
      this.violations.push(`token answer: ${problem}`);
    this.tokens.set(String(answer.access_token), {
      sellerId: seller.sellerId,
      expiresAt: Date.now() + Number(answer.expires_in ?? this.tokenSeconds) * 1000,
    });
    return this.send(res, scripted?.status ?? sandbox.lwa.status, answer);
  }

  private upload(
    method: string,
    path: string,
    req: IncomingMessage,
    res: ServerResponse,
    body: string,
  ) {
    const id = path.slice('/uploads/'.length);
    if (method !== 'PUT' || !this.documents.has(id)) return this.send(res, 403, undefined);
    if (!String(req.headers['content-type'] ?? '').startsWith('application/json'))
      this.violations.push(`document ${id} uploaded as ${String(req.headers['content-type'])}`);
    let document: Json;
    try {
      document = JSON.parse(body) as Json;
    } catch {
      this.violations.push(`document ${id} is not JSON`);
      this.documents.set(id, { unreadable: true });
      return this.send(res, 200, undefined);
    }
    const problems = listingsFeedProblems(document);
    if (problems.length > 0) this.violations.push(`document ${id}: ${problems.join('; ')}`);
    this.documents.set(id, document);
    return this.send(res, 200, undefined);
  }

  private download(path: string, res: ServerResponse) {
    const id = path.slice('/reports/'.length);
    const report = this.reports.get(id);
    if (!report) return this.send(res, 404, undefined);
    res.writeHead(200, { 'content-type': 'application/octet-stream' });
    const bytes = Buffer.from(JSON.stringify(report));
    res.end(this.plainReports.has(id) ? bytes : gzipSync(bytes));
  }

  /** A look at a feed: it moves on, and once done its report is ready. */
  private advance(held: FakeFeed) {
    const report = lookAtFeed(this.listings, this.catalogue, held);
    if (!report) return;
    const documentId = `amzn1.tortuga.4.na.${randomBytes(12).toString('hex')}`;
    this.reports.set(documentId, report);
    const problems = processingReportProblems(report);
    if (problems.length > 0) this.violations.push(`own report: ${problems.join('; ')}`);
    held.feed.processingStatus = problems.length === 0 && held.document ? 'DONE' : 'FATAL';
    held.feed.processingEndTime = new Date().toISOString();
    held.feed.resultFeedDocumentId = documentId;
  }
}
