import { afterEach, describe, expect, it } from 'vitest';
import { imageUrl } from '../shared/resource-schema';
import { sanitizeArticleHtml } from './kit/sanitize-html';
import { createTestApp, OWNER_PASSWORD, type TestApp } from './test-support';

let t: TestApp;
afterEach(() => t.close());

describe('the API rate limit', () => {
  it('counts calls refused for their token too', async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '3' });
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) {
      codes.push((await t.post('/admin/menu/index', {}, `forged-${i}`)).statusCode);
    }
    expect(codes).toEqual([401, 401, 401, 429, 429]);
  });

  it('leaves /healthz out, so a load balancer still sees a healthy server under load', async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '3' });
    for (let i = 0; i < 3; i++) await t.post('/admin/menu/index');
    expect((await t.post('/admin/menu/index')).statusCode).toBe(429);
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({ method: 'GET', url: '/healthz' });
      expect(res.statusCode).toBe(200);
    }
  });
});

describe('API answers', () => {
  it('are never stored by a browser or a proxy', async () => {
    t = await createTestApp();
    const login = await t.app.inject({
      method: 'POST',
      url: '/admin/auth/login',
      payload: { name: 'admin', password: OWNER_PASSWORD },
    });
    const token = login.json().data.token;
    const answers = [
      login,
      await t.post('/admin/user/detail', {}, token),
      await t.post('/admin/account/list', {}, token),
      await t.post('/admin/user/detail'),
      await t.post('/admin/nothing/here', {}, token),
      await t.post('/open/config/website_config'),
      await t.app.inject({ method: 'GET', url: '/healthz' }),
    ];
    for (const res of answers) expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('the content security policy', () => {
  it('allows every image address that validation accepts', async () => {
    t = await createTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    const policy = String(res.headers['content-security-policy']);
    const sources = /img-src ([^;]+)/.exec(policy)?.[1]?.split(' ') ?? [];
    const allowed = (url: string) =>
      (url.startsWith('/') && sources.includes("'self'")) ||
      sources.includes(`${new URL(url, 'http://self.invalid').protocol}`);
    for (const url of [
      'https://cdn.example.com/a.png',
      'http://img.example.com/b.jpg',
      '/uploads/1/c.png',
    ]) {
      expect(imageUrl.safeParse(url).success).toBe(true);
      expect(sanitizeArticleHtml(`<img src="${url}">`)).toContain(url);
      expect(allowed(url), `${url} under img-src ${sources.join(' ')}`).toBe(true);
    }
  });
});
