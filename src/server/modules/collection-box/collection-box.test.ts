import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { collectionBox } from '../../../shared/resources/collection-box';
import { materials } from '../../db/schema/material';
import { operationLogs } from '../../db/schema/operation-log';
import { readContract } from '../../kit/resource-contract';
import { createAccount, createTestApp } from '../../test-support';
import { isPublicAddress } from './fetch-page';
import {
  collect,
  detail,
  jsonLd,
  origin,
  PAGES,
  port,
  t,
  token,
  UPLOAD,
  withCollectionBoxApp,
} from './test-collection-box';

withCollectionBoxApp();

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
