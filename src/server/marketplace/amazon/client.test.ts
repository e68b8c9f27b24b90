import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedTarget, MarketplaceItem } from '../marketplace';
import { AmazonClient, AmazonError, AmazonThrottled, type ProcessingReport } from './client';
import { FakeSpApi } from './fake-sp-api';
import { listingsFeedDocument, outcomesOfReport, plainText } from './feed-documents';
import { listingsFeedProblems, processingReportProblems } from './schemas';

let fake: FakeSpApi;
beforeAll(async () => {
  fake = await new FakeSpApi().start();
});
afterAll(() => fake.stop());

const app = () => ({
  clientId: fake.clientId,
  clientSecret: fake.clientSecret,
  lwaEndpoint: `${fake.url}/auth/o2/token`,
  spApiEndpoint: fake.url,
});

const item = (sku: string, price: string | null, stock: number | null): MarketplaceItem => ({
  sellerSku: sku,
  title: 'Steel pan',
  upc: '036000291452',
  images: ['https://img.example.com/pan.jpg'],
  bulletPoints: ['Even heat'],
  price,
  currency: 'USD',
  stock,
  brand: 'Panco',
  description: '<p>Heavy &amp; flat</p>',
});
const target = (kind: FeedTarget['kind']): FeedTarget => ({
  merchantId: 1,
  kind,
  marketplace: 'amazon',
  site: 'US',
  opening: true,
  productType: 'COOKWARE',
});

describe('listings feed documents', () => {
  it('keeps Amazon’s schema for products (UPDATE), price changes and stock changes (PATCH)', () => {
    const products = listingsFeedDocument('A1SELLER', target('product'), [item('P-1', '9.99', 3)]);
    expect(listingsFeedProblems(products)).toEqual([]);
    expect(products.messages[0]).toMatchObject({
      operationType: 'UPDATE',
      requirements: 'LISTING',
    });
    const prices = listingsFeedDocument('A1SELLER', target('price'), [
      item('P-1', '10.50', null),
      item('P-2', '11.00', 4),
    ]);
    expect(listingsFeedProblems(prices)).toEqual([]);
    expect(prices.messages[1]).toMatchObject({
      messageId: 2,
      operationType: 'PATCH',
      productType: 'COOKWARE',
      patches: [
        { op: 'replace', path: '/attributes/purchasable_offer' },
        { op: 'replace', path: '/attributes/fulfillment_availability' },
      ],
    });
    const stock = listingsFeedDocument('A1SELLER', target('inventory'), [item('P-1', null, 0)]);
    expect(listingsFeedProblems(stock)).toEqual([]);
    expect(stock.messages[0]).toMatchObject({
      patches: [
        {
          path: '/attributes/fulfillment_availability',
          value: [{ fulfillment_channel_code: 'DEFAULT', quantity: 0 }],
        },
      ],
    });
    expect(plainText('<p>Heavy &amp; flat</p><p>Oven safe</p>')).toBe('Heavy & flat\nOven safe');
  });

  it('reads Amazon’s example processing report into each item’s outcome', () => {
    // listings-feed-processing-report-schema-v2.example.json, as Amazon publishes it (abridged).
    const report: ProcessingReport = {
      header: { sellerId: 'AXXXXXXXXXXXX', version: '2.0', feedId: '1234567890' },
      issues: [
        {
          messageId: 2,
          sku: 'My-SKU-B',
          code: '90220',
          severity: 'ERROR',
          message: "'[batteries_required]' is required but not supplied.",
        },
        {
          messageId: 3,
          sku: 'My-SKU-C',
          code: '18448',
          severity: 'WARNING',
          message: 'Attributes tagged as relevant_attributes are incomplete.',
        },
      ],
      summary: {
        errors: 1,
        warnings: 1,
        messagesProcessed: 3,
        messagesAccepted: 2,
        messagesInvalid: 1,
      },
      items: [
        { sku: 'My-SKU-A', summaries: [{ marketplaceId: 'ATVPDKIKX0DER', asin: 'B071VG5N9D' }] },
      ],
    };
    expect(processingReportProblems(report)).toEqual([]);
    const outcomes = outcomesOfReport(report, [
      item('My-SKU-A', '1', 1),
      item('My-SKU-B', '1', 1),
      item('My-SKU-C', '1', 1),
    ]);
    expect(outcomes).toEqual([
      { sellerSku: 'My-SKU-A', accepted: true, listingId: 'B071VG5N9D' },
      {
        sellerSku: 'My-SKU-B',
        accepted: false,
        error: 'marketplace-issue',
        detail: "90220 '[batteries_required]' is required but not supplied.",
      },
      {
        sellerSku: 'My-SKU-C',
        accepted: true,
        listingId: undefined,
        detail: '18448 Attributes tagged as relevant_attributes are incomplete.',
      },
    ]);
    expect(processingReportProblems({ ...report, summary: undefined })).not.toEqual([]);
  });
});

describe('the SP-API client', () => {
  it('keeps an access token until it expires, then exchanges the refresh token again', async () => {
    fake.tokenSeconds = 61; // kept a minute less than Amazon says: one second here
    const seller = fake.addSeller('A1TOKENSELLER');
    const client = new AmazonClient(app(), {
      region: 'NA',
      sellerId: seller.sellerId,
      refreshToken: seller.refreshToken,
      marketplaceIds: ['ATVPDKIKX0DER'],
    });
    const before = fake.exchanges.length;
    await client.searchListings();
    await client.searchListings();
    expect(fake.exchanges.length).toBe(before + 1);
    await sleep(1100);
    await client.searchListings();
    expect(fake.exchanges.length).toBe(before + 2);
    fake.tokenSeconds = 3600;
  });

  it('says Amazon’s refusals and throttling as they are', async () => {
    const seller = fake.addSeller('A1ERRORSELLER');
    const client = new AmazonClient(app(), {
      region: 'NA',
      sellerId: seller.sellerId,
      refreshToken: seller.refreshToken,
      marketplaceIds: ['ATVPDKIKX0DER'],
    });
    fake.throttle(/^\/listings\//);
    const throttled = await client.searchListings().catch((e: unknown) => e);
    expect(throttled).toBeInstanceOf(AmazonThrottled);
    expect((throttled as AmazonThrottled).delayMs).toBe(50); // x-amzn-RateLimit-Limit: 20
    const missing = await client.getListing('NO-SUCH-SKU', 'ATVPDKIKX0DER').catch((e) => e);
    expect(missing).toBeInstanceOf(AmazonError);
    expect(missing).toMatchObject({ kind: 'refused', status: 404, code: 'NotFound' });
    const stranger = new AmazonClient(app(), {
      region: 'NA',
      sellerId: 'A1SOMEONEELSE',
      refreshToken: seller.refreshToken,
      marketplaceIds: ['ATVPDKIKX0DER'],
    });
    await expect(stranger.searchListings()).rejects.toMatchObject({
      kind: 'denied',
      code: 'Unauthorized',
    });
    // A document that breaks Amazon's schema never leaves.
    const calls = fake.calls.length;
    await expect(
      client.sendListingsFeed(
        { header: { sellerId: 'x', version: '2.0' }, messages: [] },
        'ATVPDKIKX0DER',
      ),
    ).rejects.toThrow(/listings-feed/);
    expect(fake.calls.length).toBe(calls);
  });
});
