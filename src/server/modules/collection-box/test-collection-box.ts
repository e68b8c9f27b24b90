import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { UPLOADED_IMAGE } from '../../../shared/resource-schema';
import { createTestApp, type TestApp } from '../../test-support';

// Tests only: what the collection box's tests share (collection-box*.test.ts): a local site of
// product pages and images to collect from, and a fresh app for each test that may fetch from it.

export const jsonLd = (data: unknown) =>
  `<!doctype html><html><head><title>shop</title><script type="application/ld+json">${JSON.stringify(data)}</script></head><body>…</body></html>`;

export const PAGES: Record<string, string> = {
  '/ld': jsonLd({
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: 'Trail Running Shoe',
    image: ['/img/shoe-1.png', '/img/shoe-2.jpg', 'javascript:alert(1)'],
    description: '<p>Light &amp; grippy.</p>',
    brand: { '@type': 'Brand', name: 'Peakfoot' },
    offers: { '@type': 'Offer', price: '89.5', priceCurrency: 'usd' },
  }),
  '/graph': jsonLd({
    '@context': 'https://schema.org',
    '@graph': [
      { '@type': 'WebPage', name: 'not this' },
      {
        '@type': ['Product'],
        name: 'Ceramic Mug',
        image: { '@type': 'ImageObject', url: '/img/mug.png' },
        brand: 'Kiln & Co',
        offers: [{ '@type': 'AggregateOffer', lowPrice: 12, priceCurrency: 'EUR' }],
      },
    ],
  }),
  '/og': `<html><head>
    <meta property="og:title" content="Linen Shirt &amp; Tie">
    <meta property="og:image" content="/img/shirt.webp">
    <meta property="og:description" content="Breathable linen.">
    <meta property="product:price:amount" content="1,299.00">
    <meta property="product:price:currency" content="CNY">
  </head><body></body></html>`,
  '/nothing': '<html><head><title>About us</title></head><body>hello</body></html>',
  // An article: Open Graph names it, but no product, type or price.
  '/article': `<html><head><meta property="og:title" content="Our spring lookbook">
    <meta property="og:type" content="article"></head><body></body></html>`,
  '/list': jsonLd({
    '@type': 'Product',
    name: 'Cotton Tee',
    description: '<ul><li>100% cotton, pre-shrunk</li><li>Machine wash</li></ul>',
    offers: { '@type': 'Offer', price: '12.00', priceCurrency: 'CNY' },
  }),
  // Images that fail each its own way beside two that are kept.
  '/gallery': jsonLd({
    '@type': 'Product',
    name: 'Gallery Lamp',
    image: [
      '/img/lamp.png',
      '/img/missing.jpg',
      '/img/fake.jpg',
      '/img/notes.txt',
      '/img/huge.png',
      'http://10.0.0.1/lamp.png',
      '/img/lamp-2.gif',
    ],
    offers: { '@type': 'Offer', price: '30', priceCurrency: 'USD' },
  }),
  // A schema.org ProductGroup: two colours by two sizes, of which the page sells three.
  '/group': jsonLd({
    '@context': 'https://schema.org',
    '@type': 'ProductGroup',
    name: 'Trail Jacket',
    productGroupID: 'TJ',
    variesBy: ['https://schema.org/color', 'https://schema.org/size'],
    brand: { '@type': 'Brand', name: 'Peakfoot' },
    hasVariant: [
      {
        '@type': 'Product',
        sku: 'TJ-RED-M',
        color: 'Red',
        size: 'M',
        image: '/img/jacket-red.png',
        offers: { '@type': 'Offer', price: '59.00', priceCurrency: 'USD' },
      },
      {
        '@type': 'Product',
        sku: 'TJ-RED-L',
        color: 'Red',
        size: { '@type': 'SizeSpecification', name: 'L' },
        image: '/img/jacket-red.png',
        offers: { '@type': 'Offer', price: '64.00', priceCurrency: 'USD' },
      },
      {
        '@type': 'Product',
        sku: 'TJ-BLUE-M',
        color: 'Blue',
        size: 'M',
        image: '/img/jacket-blue.png',
        offers: { '@type': 'Offer', price: '61.50', priceCurrency: 'USD' },
      },
    ],
  }),
  // A Product with an offer per kind, each named: one attribute.
  '/offers': jsonLd({
    '@type': 'Product',
    name: 'Tea Sampler',
    image: '/img/tea.png',
    offers: [
      { '@type': 'Offer', name: '50 g', sku: 'T50', price: '8.00', priceCurrency: 'EUR' },
      { '@type': 'Offer', name: '100 g', sku: 'T100', price: '14.00', priceCurrency: 'EUR' },
    ],
  }),
};

/** A 1×1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
/** A 1×1 GIF. */
export const GIF = Buffer.from(
  'R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7',
  'base64',
);
/** The uploads' limit in these tests: /img/huge.png is larger. */
export const IMAGE_LIMIT = 4096;

let fixture: Server;
/** The local site's address (http://127.0.0.1:port) and its port. */
export let origin: string;
export let port: number;
/** The app of the test running, its owner's token and its uploads' folder (read-only where imported). */
export let t: TestApp;
export let token: string;
export let uploads: string;

/**
 * The local site for the file's tests, and a fresh app for each that may fetch from it, keeping
 * its uploads in a folder of its own (IMAGE_LIMIT bytes at most).
 */
export function withCollectionBoxApp() {
  beforeAll(async () => {
    fixture = createServer((request, response) => {
      const path = request.url ?? '/';
      const page = PAGES[path];
      if (page) {
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        response.end(page);
      } else if (path === '/img/fake.jpg') {
        // Said to be a JPEG, is a page.
        response.writeHead(200, { 'content-type': 'image/jpeg' });
        response.end('<html>not an image</html>');
      } else if (path === '/img/notes.txt') {
        response.writeHead(200, { 'content-type': 'text/plain' });
        response.end('notes');
      } else if (path === '/img/huge.png') {
        response.writeHead(200, { 'content-type': 'image/png' });
        response.end(Buffer.concat([PNG, Buffer.alloc(IMAGE_LIMIT * 2)]));
      } else if (path.endsWith('.gif')) {
        response.writeHead(200, { 'content-type': 'image/gif' });
        response.end(GIF);
      } else if (path.startsWith('/img/') && path !== '/img/missing.jpg') {
        // (A JPEG's name and type, a PNG's bytes: the content decides.)
        response.writeHead(200, {
          'content-type': path.endsWith('.jpg') ? 'image/jpeg' : 'image/png',
        });
        response.end(PNG);
      } else if (path === '/hop1') {
        response.writeHead(302, { location: '/hop2' }).end();
      } else if (path === '/hop2') {
        response.writeHead(301, { location: `${origin}/hop3` }).end();
      } else if (path === '/hop3') {
        response.writeHead(307, { location: '/ld' }).end();
      } else if (path === '/loop') {
        response.writeHead(302, { location: '/loop' }).end();
      } else if (path === '/to-metadata') {
        response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
      } else if (path === '/to-localhost') {
        response.writeHead(302, { location: `http://localhost:${port}/ld` }).end();
      } else if (path === '/big') {
        // No content-length: the limit is counted as the body comes.
        response.writeHead(200, { 'content-type': 'text/html' });
        response.end(`<html>${'x'.repeat(3 * 1024 * 1024)}</html>`);
      } else if (path === '/slow') {
        response.writeHead(200, { 'content-type': 'text/html' });
        response.write('<html>');
        // Never ends: the fetch's deadline does.
      } else if (path === '/reset') {
        // The connection dropped under the request: a network error (socket hang up).
        request.socket.destroy();
      } else if (path === '/json') {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end('{"name":"x"}');
      } else {
        response.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve) => fixture.listen(0, '127.0.0.1', resolve));
    port = (fixture.address() as AddressInfo).port;
    origin = `http://127.0.0.1:${port}`;
  });
  afterAll(() => {
    fixture.closeAllConnections();
    fixture.close();
  });

  beforeEach(async () => {
    uploads = await mkdtemp(path.join(tmpdir(), 'collect-uploads-'));
    t = await createTestApp({
      COLLECT_ALLOW_HOSTS: `127.0.0.1:${port}`,
      UPLOAD_DIR: uploads,
      UPLOAD_MAX_BYTES: String(IMAGE_LIMIT),
    });
    token = await t.login();
  });
  afterEach(async () => {
    await t.close();
    await rm(uploads, { recursive: true, force: true });
  });
}

/** An uploaded image's address, as the app makes it. */
export const UPLOAD = expect.stringMatching(UPLOADED_IMAGE);

export type Result = { url: string; outcome: string; reason?: string; id?: number; title?: string };
/** Collects as the owner (or `as`): a result for each page. */
export async function collect(body: Record<string, unknown>, as = token): Promise<Result[]> {
  const answer = (await t.post('/admin/collection-box/collect', body, as)).json();
  expect(answer.code, answer.msg).toBe(200);
  return answer.data.results;
}
/** An item of the box, the whole answer. */
export const detail = async (id: number, as = token) =>
  (await t.post('/admin/collection-box/detail', { id }, as)).json();
