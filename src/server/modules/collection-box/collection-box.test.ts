import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { UPLOADED_IMAGE } from '../../../shared/resource-schema';
import { collectionBox } from '../../../shared/resources/collection-box';
import {
  collectionBox as collectionBoxTable,
  goods,
  materials,
  operationLogs,
} from '../../db/schema';
import { readContract } from '../../kit/resource-contract';
import { createLocalStorage } from '../../storage/local';
import {
  createAccount,
  createOtherMerchant,
  createTestApp,
  type TestApp,
} from '../../test-support';
import { sweepUploads } from '../material/sweep';
import { isPublicAddress } from './fetch-page';

const jsonLd = (data: unknown) =>
  `<!doctype html><html><head><title>shop</title><script type="application/ld+json">${JSON.stringify(data)}</script></head><body>…</body></html>`;

const PAGES: Record<string, string> = {
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
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
/** A 1×1 GIF. */
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
/** The uploads' limit in these tests: /img/huge.png is larger. */
const IMAGE_LIMIT = 4096;

/**
 * Items come in only by collecting (here a product page's source pasted with its address, which
 * fetches nothing) or a file of collected products: the n-th is a page of its own.
 */
readContract(collectionBox, async ({ t, token }, n) => {
  const answer = (
    await t.post(
      '/admin/collection-box/collect',
      {
        html: jsonLd({
          '@context': 'https://schema.org',
          '@type': 'Product',
          name: `Ceramic Mug ${n}`,
          image: `https://cdn.invalid/mug-${n}.png`,
          description: 'Glazed stoneware.',
          brand: 'Kiln & Co',
          offers: { '@type': 'Offer', price: `${10 + n}.50`, priceCurrency: 'USD' },
        }),
        url: `https://shop.example.com/mug-${n}`,
      },
      token,
    )
  ).json();
  expect(answer.data?.results?.[0]?.outcome, answer.msg).toBe('collected');
  return answer.data.results[0].id;
});

let fixture: Server;
let origin: string;
let port: number;

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

let t: TestApp;
let token: string;
let uploads: string;
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

const UPLOAD = expect.stringMatching(UPLOADED_IMAGE);

type Result = { url: string; outcome: string; reason?: string; id?: number; title?: string };
async function collect(body: Record<string, unknown>, as = token): Promise<Result[]> {
  const answer = (await t.post('/admin/collection-box/collect', body, as)).json();
  expect(answer.code, answer.msg).toBe(200);
  return answer.data.results;
}
const detail = async (id: number, as = token) =>
  (await t.post('/admin/collection-box/detail', { id }, as)).json();

describe('collecting', () => {
  it('reads JSON-LD, @graph and Open Graph pages, and follows redirects', async () => {
    const results = await collect({
      urls: [`${origin}/ld`, `${origin}/graph`, `${origin}/og`, `${origin}/hop1`].join('\n'),
    });
    expect(results.map((r) => r.outcome)).toEqual([
      'collected',
      'collected',
      'collected',
      'collected',
    ]);
    expect((await detail(results[0]!.id!)).data).toMatchObject({
      title: 'Trail Running Shoe',
      images: [UPLOAD, UPLOAD],
      price: '89.50',
      currency: 'USD',
      brand: 'Peakfoot',
      description: 'Light & grippy.',
      sourceUrl: `${origin}/ld`,
      sourceHost: `127.0.0.1:${port}`,
      status: 'new',
      goodsId: 0,
    });
    expect((await detail(results[1]!.id!)).data).toMatchObject({
      title: 'Ceramic Mug',
      images: [UPLOAD],
      price: '12.00',
      currency: 'EUR',
      brand: 'Kiln & Co',
    });
    expect((await detail(results[2]!.id!)).data).toMatchObject({
      title: 'Linen Shirt & Tie',
      images: [UPLOAD],
      price: '1299.00',
      currency: 'CNY',
      description: 'Breathable linen.',
    });
    // The redirect chain ends on /ld; the box keeps the URL as given.
    expect((await detail(results[3]!.id!)).data).toMatchObject({
      title: 'Trail Running Shoe',
      sourceUrl: `${origin}/hop1`,
    });
    const [log] = await t.db
      .select()
      .from(operationLogs)
      .where(eq(operationLogs.action, 'collection-box.collect'));
    expect(log?.detail).toMatchObject({ collected: 4, duplicate: 0, refused: 0, failed: 0 });
  });

  it('does not add a page twice', async () => {
    const [first] = await collect({ urls: `${origin}/ld` });
    const again = await collect({ urls: `${origin}/ld\n${origin}/ld#reviews` });
    expect(again).toEqual([
      { url: `${origin}/ld`, outcome: 'duplicate', id: first!.id, title: 'Trail Running Shoe' },
    ]);
    // Its images were kept once.
    expect(await t.db.select().from(materials)).toHaveLength(2);
    expect((await t.post('/admin/collection-box/list', {}, token)).json().data.total).toBe(1);
  });

  it('gives each URL its own result: limits and pages without a product fail, alone', async () => {
    const results = await collect({
      urls: [
        `${origin}/loop`,
        `${origin}/big`,
        `${origin}/json`,
        `${origin}/nothing`,
        `${origin}/missing`,
        `${origin}/og`,
      ].join('\n'),
    });
    expect(results.map((r) => [r.outcome, r.reason])).toEqual([
      ['failed', '跳转超过 3 次'],
      ['failed', '网页超过 2 MiB'],
      ['failed', '不是网页（application/json）'],
      [
        'failed',
        '这个网页不是商品页，未采集：没有 schema.org Product，也没有 og:type=product 或商品价格的 Open Graph 标签',
      ],
      ['failed', '网站返回 HTTP 404'],
      ['collected', undefined],
    ]);
  });

  it('gives up on a page that takes too long', { timeout: 20_000 }, async () => {
    const [slow] = await collect({ urls: `${origin}/slow` });
    expect(slow).toMatchObject({ outcome: 'failed', reason: '8 秒内没有读完网页' });
  });

  it('refuses private, loopback and link-local addresses, on every hop, and other schemes', async () => {
    const results = await collect({
      urls: [
        'http://127.0.0.1:1/ld',
        `http://localhost:${port}/ld`,
        'http://10.0.0.1/',
        'http://[::1]/',
        'http://169.254.169.254/latest/meta-data/',
        'http://[::ffff:127.0.0.1]/',
        `${origin}/to-metadata`,
        `${origin}/to-localhost`,
        'file:///etc/passwd',
        'ftp://example.com/x',
        'not-a-url',
      ].join('\n'),
    });
    expect(results.map((r) => r.outcome)).toEqual([
      'refused',
      'refused',
      'refused',
      'refused',
      'refused',
      'refused',
      'refused',
      'refused',
      'refused',
      'refused',
      'failed',
    ]);
    expect(results[0]!.reason).toBe('127.0.0.1 指向内网或本机地址（127.0.0.1），不能采集');
    expect(results[1]!.reason).toMatch(/^localhost 指向内网或本机地址/);
    expect(results[6]!.reason).toBe(
      '169.254.169.254 指向内网或本机地址（169.254.169.254），不能采集',
    );
    expect(results[8]!.reason).toBe('只能采集 http 或 https 网址');
    expect((await t.post('/admin/collection-box/list', {}, token)).json().data.total).toBe(0);
  });

  it('refuses site-local and IPv4-translated IPv6 addresses, as the other private ones', async () => {
    for (const address of [
      'fec0::1',
      'feff:ffff::1',
      '::ffff:0:7f00:1',
      '::ffff:0:a9fe:a9fe',
      '::ffff:0:a00:1',
      '::ffff:7f00:1',
      '::ffff:169.254.169.254',
      '::7f00:1',
      '64:ff9b::a9fe:a9fe',
      'fc00::1',
      'fe80::1',
      '::1',
    ])
      expect(isPublicAddress(address), address).toBe(false);
    for (const address of ['2606:4700:4700::1111', '2001:4860:4860::8888', '1.1.1.1', '8.8.8.8'])
      expect(isPublicAddress(address), address).toBe(true);
    const results = await collect({
      urls: ['http://[fec0::1]/', 'http://[::ffff:0:7f00:1]/', 'http://[::ffff:0:a9fe:a9fe]/'].join(
        '\n',
      ),
    });
    expect(results.map((r) => r.outcome)).toEqual(['refused', 'refused', 'refused']);
    expect(results[0]!.reason).toBe('fec0::1 指向内网或本机地址（fec0::1），不能采集');
  });

  it("says a network error in general words, never the network's own", async () => {
    const [dropped] = await collect({ urls: `${origin}/reset` });
    expect(dropped).toMatchObject({
      outcome: 'failed',
      reason: '无法连接网站，请稍后再试，或粘贴网页源代码',
    });
    // A port nobody listens on, allowed as the fixture is: ECONNREFUSED with its address.
    const closed = await createTestApp({ COLLECT_ALLOW_HOSTS: '127.0.0.1:1' });
    try {
      const answer = (
        await closed.post(
          '/admin/collection-box/collect',
          { urls: 'http://127.0.0.1:1/' },
          await closed.login(),
          { 'accept-language': 'en' },
        )
      ).json();
      expect(answer.data.results[0]).toMatchObject({
        outcome: 'failed',
        reason: 'Could not reach the site: try again later, or paste the page’s source',
      });
      expect(JSON.stringify(answer)).not.toMatch(/ECONNREFUSED|connect|hang up/i);
    } finally {
      await closed.close();
    }
  });

  it('names no address a name resolves to inside the network', async () => {
    const [local] = await collect({ urls: 'http://localhost:1/' });
    expect(local).toMatchObject({
      outcome: 'refused',
      reason: 'localhost 指向内网或本机地址，不能采集',
    });
  });

  it('says why in English for an English request', async () => {
    const answer = (
      await t.post('/admin/collection-box/collect', { urls: 'http://10.0.0.1/' }, token, {
        'accept-language': 'en',
      })
    ).json();
    expect(answer.data.results[0].reason).toBe(
      '10.0.0.1 points at a private or local address (10.0.0.1); not collected',
    );
  });

  it('takes pasted page source, with or without its address', async () => {
    const [withUrl] = await collect({ html: PAGES['/og'], url: 'https://shop.example.com/shirt' });
    expect(withUrl).toMatchObject({ outcome: 'collected', title: 'Linen Shirt & Tie' });
    expect((await detail(withUrl!.id!)).data.sourceHost).toBe('shop.example.com');
    const [bare] = await collect({ html: PAGES['/graph'] });
    expect(bare).toMatchObject({ outcome: 'collected', title: 'Ceramic Mug' });
    const [twice] = await collect({ html: PAGES['/graph'] });
    expect(twice!.outcome).toBe('duplicate');
    const [none] = await collect({ html: PAGES['/nothing'] });
    expect(none!.outcome).toBe('failed');
    // The list links to an item's address: only http(s) is kept, given or read from the page.
    const [script] = await collect({ html: PAGES['/og'], url: 'javascript:alert(1)' });
    expect(script).toMatchObject({ outcome: 'failed', reason: '不是有效的网址' });
    const [own] = await collect({
      html: `<meta property="og:type" content="product"><meta property="og:title" content="Kettle"><meta property="og:url" content="javascript:alert(1)">`,
    });
    expect((await detail(own!.id!)).data.sourceUrl).toMatch(/^pasted:/);
  });

  it('refuses no URL, too many, and an account without the screen', async () => {
    const none = (await t.post('/admin/collection-box/collect', { urls: ' \n ' }, token)).json();
    expect(none.code).toBe(40000);
    const many = Array.from({ length: 21 }, (_, i) => `https://example.com/${i}`).join('\n');
    expect((await t.post('/admin/collection-box/collect', { urls: many }, token)).json().code).toBe(
      40000,
    );
    const { token: clerk } = await createAccount(t, { name: 'clerk', permissions: ['goods-list'] });
    expect(
      (await t.post('/admin/collection-box/collect', { urls: `${origin}/ld` }, clerk)).json().code,
    ).toBe(40300);
  });
});

describe('claiming', () => {
  it('makes a goods draft of an item, in bulk, and ignores others', async () => {
    const results = await collect({
      urls: [`${origin}/ld`, `${origin}/graph`, `${origin}/og`].join('\n'),
    });
    const [shoe, mug, shirt] = results.map((r) => r.id!);
    const claimed = (
      await t.post('/admin/collection-box/claim', { ids: [shoe, mug] }, token)
    ).json();
    expect(claimed.data).toEqual({ changed: 2 });
    const item = (await detail(shoe!)).data;
    expect(item.status).toBe('claimed');
    const [draft] = await t.db.select().from(goods).where(eq(goods.id, item.goodsId));
    expect(draft).toMatchObject({
      merchantId: 1,
      title: 'Trail Running Shoe',
      brand: 'Peakfoot',
      status: 'draft',
      images: item.images,
      description: '<p>Light &amp; grippy.</p>',
    });
    expect(draft!.images).toEqual([UPLOAD, UPLOAD]);
    const mugGoods = (await detail(mug!)).data.goodsId;
    expect(mugGoods).toBeGreaterThan(0);
    expect(mugGoods).not.toBe(item.goodsId);
    const goodsList = (await t.post('/admin/goods/list', {}, token)).json().data;
    expect(goodsList.total).toBe(2);

    expect(
      (await t.post('/admin/collection-box/ignore', { ids: [shirt] }, token)).json().data,
    ).toEqual({ changed: 1 });
    // A claimed or ignored item is not claimed again.
    const again = (
      await t.post('/admin/collection-box/claim', { ids: [shoe, shirt] }, token)
    ).json();
    expect(again.code).toBe(40900);
    expect((await t.post('/admin/goods/list', {}, token)).json().data.total).toBe(2);
    const actions = (await t.db.select().from(operationLogs)).map((row) => row.action);
    expect(actions).toEqual(
      expect.arrayContaining(['collection-box.claim', 'collection-box.ignore']),
    );
    const filtered = (
      await t.post('/admin/collection-box/list', { status: 'claimed' }, token)
    ).json().data;
    expect(filtered.total).toBe(2);
  });

  it('carries the price to the draft, keeps list items apart, brings back an ignored item, and reads words as one line', async () => {
    const results = await collect({
      urls: [`${origin}/list`, `${origin}/article`, 'not a url'].join('\n'),
    });
    // "not a url" is one wrong line, not three addresses; an article is no product at 0.00.
    expect(results.map((r) => [r.url, r.outcome])).toEqual([
      [`${origin}/list`, 'collected'],
      [`${origin}/article`, 'failed'],
      ['not a url', 'failed'],
    ]);
    expect(results[1]!.reason).toMatch(/^这个网页不是商品页/);
    const tee = results[0]!.id!;
    expect((await detail(tee)).data.description).toBe('100% cotton, pre-shrunk\nMachine wash');
    expect(
      (await t.post('/admin/collection-box/ignore', { ids: [tee] }, token)).json().data,
    ).toEqual({ changed: 1 });
    expect(
      (await t.post('/admin/collection-box/restore', { ids: [tee] }, token)).json().data,
    ).toEqual({ changed: 1 });
    expect((await detail(tee)).data.status).toBe('new');
    await t.post('/admin/collection-box/claim', { ids: [tee] }, token);
    const goodsId = (await detail(tee)).data.goodsId;
    const [draft] = await t.db.select().from(goods).where(eq(goods.id, goodsId));
    expect(draft).toMatchObject({
      description: '<p>100% cotton, pre-shrunk</p><p>Machine wash</p>',
      variantCount: 1,
      priceMin: '12.00',
    });
    const variants = (await t.post('/admin/goods/variants', { goodsId }, token)).json().data;
    expect(variants.variants).toMatchObject([
      { options: {}, sellerSku: `CB-${tee}`, price: '12.00', upc: '' },
    ]);
  });

  it("keeps merchants apart: another merchant neither sees nor claims the box's items", async () => {
    const [item] = await collect({ urls: `${origin}/ld` });
    const other = await createOtherMerchant(t);
    const list = (await t.post('/admin/collection-box/list', {}, other.token)).json().data;
    expect(list.total).toBe(0);
    expect((await detail(item!.id!, other.token)).code).toBe(40400);
    const claim = (
      await t.post('/admin/collection-box/claim', { ids: [item!.id] }, other.token)
    ).json();
    expect(claim.code).toBe(40400);
    expect((await detail(item!.id!)).data.status).toBe('new');
    // The same page is the other merchant's own to collect.
    const [theirs] = await collect({ urls: `${origin}/ld` }, other.token);
    expect(theirs!.outcome).toBe('collected');
  });
});

describe('images', () => {
  it("keeps a page's images as the merchant's uploads: the item and its draft show them; one that fails is said, not fatal", async () => {
    const [lamp] = await collect({ urls: `${origin}/gallery` });
    expect(lamp).toMatchObject({
      outcome: 'collected',
      imagesStored: 2,
      imagesFailed: [
        { url: `${origin}/img/missing.jpg`, reason: '网站返回 HTTP 404' },
        { url: `${origin}/img/fake.jpg`, reason: '不是 JPG、PNG、GIF 或 WebP 图片' },
        { url: `${origin}/img/notes.txt`, reason: '不是图片（text/plain）' },
        { url: `${origin}/img/huge.png`, reason: '图片超过 4 KB' },
        {
          url: 'http://10.0.0.1/lamp.png',
          reason: '10.0.0.1 指向内网或本机地址（10.0.0.1），不能采集',
        },
      ],
    });
    const item = (await detail(lamp!.id!)).data;
    // In the page's order, the merchant's copies: a PNG and a GIF, by their content.
    expect(item.images).toEqual([
      expect.stringMatching(/^\/uploads\/1\/\d{4}-\d{2}\/[a-f0-9]{32}\.png$/),
      expect.stringMatching(/^\/uploads\/1\/\d{4}-\d{2}\/[a-f0-9]{32}\.gif$/),
    ]);
    const served = await t.app.inject({ method: 'GET', url: item.images[0] });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);
    // In the material library, named after the page's files.
    const library = await t.db.select().from(materials).where(eq(materials.merchantId, 1));
    expect(library.map((m) => [m.url, m.name, m.mime]).sort()).toEqual(
      [
        [item.images[0], 'lamp.png', 'image/png'],
        [item.images[1], 'lamp-2.gif', 'image/gif'],
      ].sort(),
    );
    const [log] = await t.db
      .select()
      .from(operationLogs)
      .where(eq(operationLogs.action, 'collection-box.collect'));
    expect(log?.detail).toMatchObject({ collected: 1, imagesStored: 2, imagesFailed: 5 });

    // The draft claimed from it shows the same copies, and the sweep keeps them.
    await t.post('/admin/collection-box/claim', { ids: [lamp!.id] }, token);
    const goodsId = (await detail(lamp!.id!)).data.goodsId;
    const [draft] = await t.db.select().from(goods).where(eq(goods.id, goodsId));
    expect(draft!.images).toEqual(item.images);
    const swept = await sweepUploads(t.db, createLocalStorage(uploads), { graceMs: 0 });
    expect(swept).toMatchObject({ checked: 2, removed: 0 });
    expect((await t.app.inject({ method: 'GET', url: item.images[1] })).statusCode).toBe(200);
  });

  it('stores nothing for a page already in the box, and names the failure in English', async () => {
    const [first] = await collect({ html: PAGES['/ld']!, url: `${origin}/ld` });
    expect(first).toMatchObject({ outcome: 'collected', imagesStored: 2, imagesFailed: [] });
    const [again] = await collect({ html: PAGES['/ld']!, url: `${origin}/ld` });
    expect(again!.outcome).toBe('duplicate');
    expect(await t.db.select().from(materials)).toHaveLength(2);
    const swept = await sweepUploads(t.db, createLocalStorage(uploads), { graceMs: 0 });
    expect(swept).toMatchObject({ checked: 2, removed: 0 });
    const english = (
      await t.post('/admin/collection-box/collect', { urls: `${origin}/gallery` }, token, {
        'accept-language': 'en',
      })
    ).json();
    expect(english.data.results[0].imagesFailed[0]).toEqual({
      url: `${origin}/img/missing.jpg`,
      reason: 'The site answered HTTP 404',
    });
  });
});

describe('variants', () => {
  it('collects a ProductGroup: attributes, each variant with its price, SKU and stored image', async () => {
    const [jacket] = await collect({ urls: `${origin}/group` });
    expect(jacket).toMatchObject({ outcome: 'collected', variants: 3, imagesStored: 2 });
    const item = (await detail(jacket!.id!)).data;
    expect(item).toMatchObject({ title: 'Trail Jacket', price: '59.00', currency: 'USD' });
    expect(item.variants.attributes).toEqual([
      { name: 'Color', values: ['Red', 'Blue'] },
      { name: 'Size', values: ['M', 'L'] },
    ]);
    const [red, redL, blue] = item.variants.items;
    expect(item.variants.items).toEqual([
      { options: { Color: 'Red', Size: 'M' }, price: '59.00', sku: 'TJ-RED-M', image: UPLOAD },
      { options: { Color: 'Red', Size: 'L' }, price: '64.00', sku: 'TJ-RED-L', image: UPLOAD },
      { options: { Color: 'Blue', Size: 'M' }, price: '61.50', sku: 'TJ-BLUE-M', image: UPLOAD },
    ]);
    // One copy of the red photo for both red sizes; the group has no image of its own.
    expect(redL.image).toBe(red.image);
    expect(blue.image).not.toBe(red.image);
    expect(item.images).toEqual([red.image, blue.image]);
  });

  it("makes the claimed draft's variant grid of them, prices and images carried", async () => {
    const [jacket, tea] = await collect({ urls: `${origin}/group\n${origin}/offers` });
    const item = (await detail(jacket!.id!)).data;
    await t.post('/admin/collection-box/claim', { ids: [jacket!.id, tea!.id] }, token);
    const goodsId = (await detail(jacket!.id!)).data.goodsId;
    const grid = (await t.post('/admin/goods/variants', { goodsId }, token)).json().data;
    expect(grid.attributes).toEqual(item.variants.attributes);
    const [red, redL, blue] = item.variants.items;
    // Every combination, as the goods' grid has them: Blue / L, which the page did not sell,
    // takes the item's price.
    expect(
      grid.variants.map((v: Record<string, unknown>) => [v.options, v.sellerSku, v.price, v.image]),
    ).toEqual([
      [{ Color: 'Red', Size: 'M' }, `CB-${jacket!.id}-1`, '59.00', red.image],
      [{ Color: 'Red', Size: 'L' }, `CB-${jacket!.id}-2`, '64.00', redL.image],
      [{ Color: 'Blue', Size: 'M' }, `CB-${jacket!.id}-3`, '61.50', blue.image],
      [{ Color: 'Blue', Size: 'L' }, `CB-${jacket!.id}-4`, '59.00', ''],
    ]);
    const [draft] = await t.db.select().from(goods).where(eq(goods.id, goodsId));
    expect(draft).toMatchObject({ variantCount: 4, priceMin: '59.00', brand: 'Peakfoot' });

    // Named offers: one attribute, its values the offers' names.
    const teaGoods = (await detail(tea!.id!)).data.goodsId;
    const teaGrid = (await t.post('/admin/goods/variants', { goodsId: teaGoods }, token)).json()
      .data;
    expect(teaGrid.attributes).toEqual([{ name: 'Option', values: ['50 g', '100 g'] }]);
    expect(teaGrid.variants.map((v: Record<string, unknown>) => [v.options, v.price])).toEqual([
      [{ Option: '50 g' }, '8.00'],
      [{ Option: '100 g' }, '14.00'],
    ]);
    // The draft's grid saves as it is on its page.
    const saved = (
      await t.post(
        '/admin/goods/variants/save',
        { goodsId, attributes: grid.attributes, variants: grid.variants },
        token,
      )
    ).json();
    expect(saved.code, saved.msg).toBe(200);
  });

  it('leaves the grid to the merchant when one of its SKUs is taken already', async () => {
    const [jacket] = await collect({ urls: `${origin}/group` });
    const other = (await t.post('/admin/goods/create', { title: 'Other' }, token)).json().data;
    const saved = (
      await t.post(
        '/admin/goods/variants/save',
        {
          goodsId: other.id,
          attributes: [],
          variants: [
            {
              options: {},
              sellerSku: `CB-${jacket!.id}-3`,
              cost: '1',
              price: '2',
              stock: 0,
              weight: 0,
            },
          ],
        },
        token,
      )
    ).json();
    expect(saved.code, saved.msg).toBe(200);
    await t.post('/admin/collection-box/claim', { ids: [jacket!.id] }, token);
    const goodsId = (await detail(jacket!.id!)).data.goodsId;
    expect(goodsId).toBeGreaterThan(0);
    const grid = (await t.post('/admin/goods/variants', { goodsId }, token)).json().data;
    expect(grid.variants).toEqual([]);
    const [row] = await t.db
      .select({ status: collectionBoxTable.status })
      .from(collectionBoxTable)
      .where(and(eq(collectionBoxTable.id, jacket!.id!), eq(collectionBoxTable.merchantId, 1)));
    expect(row!.status).toBe('claimed');
  });
});
