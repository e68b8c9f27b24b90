import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FeedRefused, type FeedTarget, type MarketplaceItem } from '../marketplace';
import { AmazonClient, type ProcessingReport } from './client';
import { FakeSpApi } from './fake-sp-api';
import { issueWords, listingsFeedDocument } from './feed-documents';
import { AmazonMarketplace } from './marketplace';
import {
  OPERATIONS,
  type OperationName,
  requestProblems,
  responsesOf,
  type SandboxExample,
  sandbox,
  shapeProblems,
} from './sandbox-examples';

/**
 * Amazon's own examples (./sandbox-examples.json, the models' `x-amzn-api-sandbox` static
 * examples) fed to the product through the fake SP-API as they are: each example's response is
 * what the client reads, and what the product makes of it is asserted; each request the client
 * sends carries the parameters the example names (path, query, body), as the fake records it.
 */

let fake: FakeSpApi;
beforeAll(async () => {
  fake = await new FakeSpApi().start();
});
afterAll(() => fake.stop());

const MARKETPLACE = 'ATVPDKIKX0DER';

function clientFor(sellerId: string) {
  const seller = fake.addSeller(sellerId, [MARKETPLACE]);
  const client = new AmazonClient(
    {
      clientId: fake.clientId,
      clientSecret: fake.clientSecret,
      lwaEndpoint: `${fake.url}/auth/o2/token`,
      spApiEndpoint: fake.url,
    },
    { region: 'NA', sellerId, refreshToken: seller.refreshToken, marketplaceIds: [MARKETPLACE] },
  );
  return { client, amazon: new AmazonMarketplace(client) };
}

const examplesOf = (operation: OperationName) => sandbox.operations[operation].sandbox;
const example = (operation: OperationName, i = 0) => examplesOf(operation)[i]!;
const parameterOf = (ex: SandboxExample, parameter: string) =>
  ex.request.parameters[parameter]?.value;
const bodyOf = (ex: SandboxExample) => parameterOf(ex, 'body') as Record<string, unknown>;
/** The request the fake took last for an operation. */
const lastRequest = (operation: OperationName) =>
  fake.requests.filter((request) => request.operation === operation).at(-1)!;
const csv = (value: unknown) => (value as string[]).join(',');

const item = (sku: string, price: string | null, stock: number | null): MarketplaceItem => ({
  sellerSku: sku,
  title: 'Hardside carry-on',
  upc: '036000291452',
  images: ['https://img.example.com/case.jpg'],
  bulletPoints: ['Spinner wheels'],
  price,
  currency: 'USD',
  stock,
  brand: 'Caseco',
  description: 'Light and hard',
});
const target = (kind: FeedTarget['kind']): FeedTarget => ({
  merchantId: 1,
  kind,
  marketplace: 'amazon',
  site: 'US',
  opening: true,
  productType: 'LUGGAGE',
});

describe('the models’ sandbox examples', () => {
  it('are kept for every operation the product calls, with their source', () => {
    expect(sandbox.source).toMatchObject({
      repository: 'https://github.com/amzn/selling-partner-api-models',
      license: expect.stringContaining('Apache-2.0'),
    });
    for (const operation of OPERATIONS) {
      expect(examplesOf(operation).length, operation).toBeGreaterThan(0);
      expect(responsesOf(operation).length, operation).toBeGreaterThan(0);
    }
    // The checker sees a field the examples do not have, and a value of another type.
    const [orders] = responsesOf('getOrders');
    expect(shapeProblems(orders, responsesOf('getOrders'))).toEqual([]);
    expect(shapeProblems({ payload: { Orders: [{ OrderTotal: '11.01' }] } }, [orders])).toEqual([
      'payload.Orders[].OrderTotal is string, the examples have object',
    ]);
    expect(shapeProblems({ payload: { Orderz: [] } }, [orders])).toEqual([
      "payload.Orderz is in none of the model's examples",
    ]);
    expect(
      requestProblems('getOrders', new URLSearchParams({ MarketplaceId: MARKETPLACE }), undefined),
    ).toEqual([
      'getOrders: query parameter MarketplaceId is not declared',
      'getOrders: required query parameter MarketplaceIds missing',
      'getOrders: neither CreatedAfter nor LastUpdatedAfter',
    ]);
  });

  it('Login with Amazon: the documented token answer is the access token the client sends', async () => {
    const { client } = clientFor('A1SBXLWA');
    const answer = { ...sandbox.lwa.response, access_token: 'Atza|sandbox-example-token' };
    fake.answerNext('lwa', answer);
    expect(await client.accessToken()).toBe('Atza|sandbox-example-token');
    // The exchange is the documented form, every field of it and no other.
    expect(Object.keys(fake.exchanges.at(-1)!).sort()).toEqual(
      Object.keys(sandbox.lwa.request).sort(),
    );
    expect(fake.exchanges.at(-1)!.grant_type).toBe(sandbox.lwa.request.grant_type);
    await client.searchListings();
    expect(fake.calls.at(-1)).toMatchObject({ authorized: true });
  });

  it('createFeedDocument, createFeed: a listings feed goes as the examples chain them', async () => {
    const { client } = clientFor('A1SBXFEED');
    const documentExample = example('createFeedDocument');
    const feedExample = example('createFeed');
    const created = documentExample.response as { feedDocumentId: string; url: string };
    // The example's own answer; only its address is the fake's, where an upload can go.
    fake.answerNext('createFeedDocument', {
      ...created,
      url: fake.uploadUrl(created.feedDocumentId),
    });
    fake.answerNext('createFeed', feedExample.response);
    const document = listingsFeedDocument('A1SBXFEED', target('product'), [
      item('GM-ZDPI-9B4E', '100.00', 100),
    ]);

    const feedId = await client.sendListingsFeed(document, MARKETPLACE);

    expect(feedId).toBe((feedExample.response as { feedId: string }).feedId);
    expect(fake.documents.get(created.feedDocumentId)).toEqual(document);
    const documentRequest = lastRequest('createFeedDocument');
    expect(Object.keys(documentRequest.body as object)).toEqual(
      Object.keys(bodyOf(documentExample)),
    );
    const feedRequest = lastRequest('createFeed');
    expect(Object.keys(feedRequest.body as object).sort()).toEqual(
      Object.keys(bodyOf(feedExample)).sort(),
    );
    // As in the examples, createFeed names the document createFeedDocument answered.
    expect(bodyOf(feedExample).inputFeedDocumentId).toBe(created.feedDocumentId);
    expect(feedRequest.body).toMatchObject({
      inputFeedDocumentId: created.feedDocumentId,
      feedType: 'JSON_LISTINGS_FEED',
      marketplaceIds: [MARKETPLACE],
    });
    expect(fake.violations).toEqual([]);
  });

  it('getFeed: the example’s cancelled feed is a feed refused whole', async () => {
    const { client, amazon } = clientFor('A1SBXGETFEED');
    const ex = example('getFeed');
    const feedId = parameterOf(ex, 'feedId') as string;
    fake.answerNext('getFeed', ex.response);
    expect(await client.feedState(feedId)).toEqual({
      status: 'CANCELLED',
      resultDocumentId: undefined,
    });
    expect(lastRequest('getFeed').pathParams).toEqual({ feedId });

    fake.answerNext('getFeed', ex.response);
    const outcome = await amazon
      .feedOutcomes(target('product'), feedId, [item('GM-ZDPI-9B4E', '1', 1)])
      .catch((e: unknown) => e);
    expect(outcome).toBeInstanceOf(FeedRefused);
    expect(outcome).toMatchObject({ code: 'marketplace-unavailable' });
    expect(fake.violations).toEqual([]);
  });

  it('getFeedDocument: the example’s document, without compressionAlgorithm, is read as it is', async () => {
    const { client } = clientFor('A1SBXREPORT');
    const ex = example('getFeedDocument');
    const documentId = parameterOf(ex, 'feedDocumentId') as string;
    const report: ProcessingReport = {
      header: { sellerId: 'A1SBXREPORT', version: '2.0', feedId: '3485934' },
      issues: [],
      summary: {
        errors: 0,
        warnings: 0,
        messagesProcessed: 1,
        messagesAccepted: 1,
        messagesInvalid: 0,
      },
    };
    const answer = ex.response as { feedDocumentId: string; url: string };
    expect(answer).not.toHaveProperty('compressionAlgorithm');
    const url = fake.addReport(documentId, report, { gzip: false });
    fake.answerNext('getFeedDocument', { ...answer, url });

    expect(await client.processingReport(documentId)).toEqual(report);
    expect(lastRequest('getFeedDocument').pathParams).toEqual({ feedDocumentId: documentId });
    expect(fake.violations).toEqual([]);
  });

  it('getListingsItem: the example’s listing is read as the refresh reads it', async () => {
    const { client } = clientFor('A1SBXLISTING');
    const ex = example('getListingsItem');
    const answer = ex.response as { sku: string };
    fake.answerNext('getListingsItem', ex.response);

    const listing = await client.getListing(answer.sku, MARKETPLACE);

    expect(listing).toEqual(ex.response);
    // What the listing refresh (modules/listing/routes.ts) takes from it.
    expect(listing.summaries?.[0]).toMatchObject({ asin: 'B071VG5N9D', status: ['BUYABLE'] });
    expect(listing.offers?.[0]?.price).toEqual({ currencyCode: 'USD', amount: '100.00' });
    expect(listing.fulfillmentAvailability?.[0]?.quantity).toBe(100);
    const errors = (listing.issues ?? []).filter((issue) => issue.severity === 'ERROR');
    expect(errors).toHaveLength(5);
    expect(issueWords(errors)).toMatch(/^90220 'size' is required but not supplied\.；18027 /);
    // The example names no parameter: the request carries the model's required ones.
    const request = lastRequest('getListingsItem');
    expect(request.pathParams).toEqual({ sellerId: 'A1SBXLISTING', sku: answer.sku });
    expect(request.query.get('marketplaceIds')).toBe(MARKETPLACE);
    expect(request.query.get('includedData')?.split(',')).toEqual(
      expect.arrayContaining(['summaries', 'issues', 'offers', 'fulfillmentAvailability']),
    );
    expect(fake.violations).toEqual([]);
  });

  it('patchListingsItem: the examples’ answers are an accepted and a refused change', async () => {
    const { amazon } = clientFor('A1SBXPATCH');
    const accepted = example('patchListingsItem', 0);
    // The second example is a validation preview (mode=VALIDATION_PREVIEW), which the product
    // does not ask for; the third's answer is a refusal with Amazon's issue.
    const refused = example('patchListingsItem', 2);
    const acceptedSku = (accepted.response as { sku: string }).sku;
    const refusedSku = parameterOf(refused, 'sku') as string;
    fake.answerNext('patchListingsItem', accepted.response);
    fake.answerNext('patchListingsItem', refused.response);

    const outcomes = await amazon.submit(target('price'), [
      item(acceptedSku, '99.00', null),
      item(refusedSku, '98.00', null),
    ]);

    expect(outcomes).toEqual([
      { sellerSku: acceptedSku, accepted: true },
      {
        sellerSku: refusedSku,
        accepted: false,
        error: 'marketplace-issue',
        detail: '90000900 The attributes are invalid.',
      },
    ]);
    const request = lastRequest('patchListingsItem');
    expect(request.pathParams).toEqual({ sellerId: 'A1SBXPATCH', sku: refusedSku });
    expect(request.query.get('marketplaceIds')).toBe(csv(parameterOf(refused, 'marketplaceIds')));
    expect(request.query.has('mode')).toBe(false);
    expect(request.body).toMatchObject({
      productType: 'LUGGAGE',
      patches: [{ op: 'replace', path: '/attributes/purchasable_offer' }],
    });
    expect(fake.violations).toEqual([]);
  });

  it('getOrders: the examples’ pages are read, the next by the NextToken the first gives', async () => {
    const { client } = clientFor('A1SBXORDERS');
    const [single, first, next] = examplesOf('getOrders') as [
      SandboxExample,
      SandboxExample,
      SandboxExample,
    ];
    type Page = { payload: { Orders: unknown[]; NextToken?: string } };
    const since = new Date('2026-01-01T00:00:00Z');

    fake.answerNext('getOrders', single.response);
    expect(await client.ordersUpdatedSince(since)).toEqual((single.response as Page).payload);
    const request = lastRequest('getOrders');
    expect(request.query.get('MarketplaceIds')).toBe(csv(parameterOf(single, 'MarketplaceIds')));
    // The examples ask by CreatedAfter; the import asks by LastUpdatedAfter, which the model
    // takes in its place (either is required).
    expect(request.query.get('LastUpdatedAfter')).toBe(since.toISOString());

    fake.answerNext('getOrders', first.response);
    fake.answerNext('getOrders', next.response);
    const page = await client.ordersUpdatedSince(since);
    expect(page.NextToken).toBe(parameterOf(next, 'NextToken'));
    const last = await client.ordersUpdatedSince(since, page.NextToken);
    expect(last).toEqual((next.response as Page).payload);
    const nextRequest = lastRequest('getOrders');
    expect(nextRequest.query.get('NextToken')).toBe(parameterOf(next, 'NextToken'));
    expect(nextRequest.query.get('MarketplaceIds')).toBe(csv(parameterOf(next, 'MarketplaceIds')));
    expect(fake.violations).toEqual([]);
  });

  it('getOrderItems: the example’s items, and the model’s two-page example followed to its end', async () => {
    const { client } = clientFor('A1SBXITEMS');
    const ex = example('getOrderItems');
    const orderId = parameterOf(ex, 'orderId') as string;
    type Items = { payload: { OrderItems: { OrderItemId: string }[]; NextToken?: string } };
    fake.answerNext('getOrderItems', ex.response);

    expect(await client.orderItems(orderId)).toEqual((ex.response as Items).payload.OrderItems);
    const request = lastRequest('getOrderItems');
    expect(request.pathParams).toEqual({ orderId });
    expect([...request.query.keys()]).toEqual([]);

    // The model's own example answers a page with a NextToken: the client asks for the next.
    const paged = sandbox.operations.getOrderItems.examples as Items;
    fake.answerNext('getOrderItems', paged);
    fake.answerNext('getOrderItems', ex.response);
    const items = await client.orderItems(orderId);
    expect(items.map((i) => i.OrderItemId)).toEqual([
      '68828574383266',
      '79039765272157',
      '05015851154158',
    ]);
    expect(lastRequest('getOrderItems').query.get('NextToken')).toBe(paged.payload.NextToken);
    expect(fake.violations).toEqual([]);
  });

  it('confirmShipment: the product’s confirmation is shaped as the example’s', async () => {
    const { amazon } = clientFor('A1SBXSHIP');
    const ex = example('confirmShipment');
    const orderId = parameterOf(ex, 'orderId') as string;
    const sent = bodyOf(ex) as {
      marketplaceId: string;
      packageDetail: { orderItems: { orderItemId: string; quantity: number }[] };
    };
    fake.answerNext('confirmShipment', ex.response);

    await amazon.updateOrder(
      {
        merchantId: 1,
        marketplace: 'amazon',
        site: 'US',
        lines: sent.packageDetail.orderItems.map((line) => ({
          remoteItemId: line.orderItemId,
          quantity: line.quantity,
        })),
      },
      { kind: 'shipment', orderNo: orderId, carrier: 'FedEx', trackingNo: '112345678' },
    );

    const request = lastRequest('confirmShipment');
    expect(request.pathParams).toEqual({ orderId });
    expect(shapeProblems(request.body, [sent])).toEqual([]);
    expect(request.body).toMatchObject({
      marketplaceId: sent.marketplaceId,
      packageDetail: {
        packageReferenceId: '1',
        carrierCode: 'FedEx',
        trackingNumber: '112345678',
        orderItems: [{ orderItemId: '79039765272157', quantity: 1 }],
      },
    });
    expect(fake.violations).toEqual([]);
  });

  it('the fake’s own answers keep the examples’ shapes through a whole flow', async () => {
    const { client, amazon } = clientFor('A1SBXOWN');
    const feedId = await client.sendListingsFeed(
      listingsFeedDocument('A1SBXOWN', target('product'), [item('OWN-1', '20.00', 3)]),
      MARKETPLACE,
    );
    let state = await client.feedState(feedId);
    for (let look = 0; look < 5 && state.status !== 'DONE'; look++)
      state = await client.feedState(feedId);
    expect(state.status).toBe('DONE');
    await client.processingReport(state.resultDocumentId!);
    await client.getListing('OWN-1', MARKETPLACE);
    await amazon.submit(target('price'), [item('OWN-1', '21.00', null)]);
    const order = fake.addOrder('A1SBXOWN', [
      { sku: 'OWN-1', title: 'Own', quantity: 1, unitPrice: '21.00' },
    ]);
    const page = await client.ordersUpdatedSince(new Date(Date.now() - 86_400_000));
    expect(page.Orders.map((o) => o.AmazonOrderId)).toEqual([order.AmazonOrderId]);
    const items = await client.orderItems(order.AmazonOrderId);
    await amazon.updateOrder(
      {
        merchantId: 1,
        marketplace: 'amazon',
        site: 'US',
        lines: items.map((i) => ({ remoteItemId: i.OrderItemId, quantity: i.QuantityOrdered })),
      },
      { kind: 'shipment', orderNo: order.AmazonOrderId, carrier: 'UPS', trackingNo: '1Z999' },
    );
    for (const operation of OPERATIONS)
      expect(
        fake.requests.some((r) => r.operation === operation),
        operation,
      ).toBe(true);
    expect(fake.violations).toEqual([]);
  });
});
