import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ResultCode } from '../../../shared/envelope';
import { createTestApp, type TestApp } from '../../test-support';

let t: TestApp;
beforeEach(async () => {
  // Some tests register routes of their own: an app of its own.
  t = await createTestApp({}, { shared: false });
});
afterEach(async () => {
  await t.close();
});

describe('public calls', () => {
  it('answers the website name without a token', async () => {
    const res = await t.post('/open/config/website_config', {});
    expect(res.json()).toEqual({
      code: 200,
      msg: 'success',
      data: { website_name: '商户管理后台' },
    });
  });

  it('answers a version hash, never cached', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/platform-info.json' });
    expect(res.json()).toEqual({ versionHash: 'development' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('reports the database healthy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.json()).toMatchObject({ code: 200, data: { database: 'ok' } });
  });

  it('answers unknown API paths with an envelope 404', async () => {
    const res = await t.post('/admin/nothing/here', {}, undefined, { 'accept-language': 'en' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      code: ResultCode.NOT_FOUND,
      msg: 'Not found: POST /admin/nothing/here',
      data: null,
    });
  });

  it('answers malformed JSON with a clear client error', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/admin/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(40000);
  });

  it('hides the details of unexpected errors behind a request reference', async () => {
    t.app.post('/open/test/boom', { config: { access: 'public' } }, async () => {
      throw new Error('secret database detail');
    });
    const res = await t.post('/open/test/boom', {}, undefined, { 'accept-language': 'en' });
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(body.code).toBe(ResultCode.INTERNAL);
    expect(body.msg).toBe(`Internal error (reference ${res.headers['x-request-id']})`);
    expect(res.body).not.toContain('secret database detail');
  });

  it('sends security headers', async () => {
    const res = await t.post('/open/config/website_config', {});
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('the built SPA', () => {
  let dist: string;
  beforeEach(async () => {
    await t.close();
    dist = mkdtempSync(path.join(os.tmpdir(), 'ma-dist-'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>app</title>');
    writeFileSync(path.join(dist, 'platform-info.json'), '{"versionHash":"abc123"}');
    const assets = path.join(dist, 'assets');
    mkdirSync(assets);
    writeFileSync(path.join(assets, 'index-AbC123.js'), 'console.log(1)');
    writeFileSync(path.join(assets, 'index-AbC123.js.br'), 'brotli-bytes');
    t = await createTestApp({ WEB_DIST: dist }, { shared: false });
  });
  afterEach(() => rmSync(dist, { recursive: true, force: true }));

  it('falls back to index.html for any page path, never cached', async () => {
    for (const url of ['/', '/dashboard', '/orders-list?page=2', '/login']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<title>app</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves hashed assets pre-compressed with a year of caching', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/index-AbC123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.body).toBe('brotli-bytes');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers a missing asset with 404, not the page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/gone-123.js' });
    expect(res.statusCode).toBe(404);
  });

  it('sends the prerendered login page for /login, its inline script allowed by hash only', async () => {
    await t.close();
    const script = 'document.documentElement.setAttribute("data-prerender","on")';
    writeFileSync(
      path.join(dist, 'login.html'),
      `<!doctype html><head><script>${script}</script><script type="module" src="/assets/index-AbC123.js"></script></head><div id="root" data-prerendered="login"><main>form</main></div>`,
    );
    t = await createTestApp({ WEB_DIST: dist }, { shared: false });
    const hash = createHash('sha256').update(script).digest('base64');
    for (const url of ['/login', '/login?redirect=%2Forders']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('data-prerendered="login"');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-security-policy']).toContain(
        `script-src 'self' 'sha256-${hash}';`,
      );
    }
    // Other paths still get the plain page: the login markup is for /login only.
    const other = await t.app.inject({ method: 'GET', url: '/dashboard' });
    expect(other.body).toContain('<title>app</title>');
    expect(other.body).not.toContain('data-prerendered');
  });

  it('reads the version hash the build wrote', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/platform-info.json' });
    expect(res.json()).toEqual({ versionHash: 'abc123' });
  });
});

describe('API document', () => {
  it('is generated from the route schemas at /docs/openapi.json, with a page at /docs', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/openapi.json' })).json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/admin/auth/login',
        '/admin/article/list',
        '/admin/customer/export',
      ]),
    );
    expect(
      doc.paths['/admin/article/list'].post.requestBody.content['application/json'].schema
        .properties,
    ).toHaveProperty('articleType');
    const page = await t.app.inject({ method: 'GET', url: '/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });
});
