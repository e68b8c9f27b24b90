import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support';

const TOKEN = 'metrics-token-0123456789';
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** The value of one series in Prometheus' text format (0 when absent). */
function seriesValue(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

async function scrape(app: TestApp) {
  const res = await app.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(res.statusCode).toBe(200);
  return res.body;
}

describe('GET /metrics', () => {
  it('is off unless configured', async () => {
    t = await createTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('http_requests_total');
  });

  it('needs the bearer token when METRICS_TOKEN is set', async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN, METRICS: 'public' });
    const none = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(none.statusCode).toBe(401);
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}x` },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).not.toContain('http_requests_total');
    expect(await scrape(t)).toContain('http_requests_total');
  });

  it('is open to anyone with METRICS=public', async () => {
    t = await createTestApp({ METRICS: 'public' });
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
  });

  it('counts requests per route pattern, method and status, with latency', async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN });
    const series = 'http_requests_total{route="/healthz",method="GET",status="200"}';
    const before = seriesValue(await scrape(t), series);
    for (let i = 0; i < 3; i++) await t.app.inject({ method: 'GET', url: `/healthz?x=${i}` });
    const text = await scrape(t);
    expect(seriesValue(text, series)).toBe(before + 3);
    expect(
      seriesValue(
        text,
        'http_request_duration_seconds_count{route="/healthz",method="GET",status="200"}',
      ),
    ).toBeGreaterThanOrEqual(3);
    // Raw URLs never become labels.
    expect(text).not.toContain('x=1');
  });

  it('counts failed sign-ins by reason', async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN });
    const series = 'auth_sign_in_failures_total{reason="bad_credentials"}';
    const before = seriesValue(await scrape(t), series);
    const res = await t.post('/admin/auth/login', { name: 'admin', password: 'wrong-password' });
    expect(res.json().code).toBe(60204);
    await t.login();
    expect(seriesValue(await scrape(t), series)).toBe(before + 1);
  });

  it('shows the database pool, or that the database is embedded, and event-loop lag', async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN });
    const text = await scrape(t);
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    if (t.kind === 'postgres') {
      expect(seriesValue(text, 'db_embedded')).toBe(0);
      expect(seriesValue(text, 'db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
      expect(seriesValue(text, 'db_pool_max')).toBeGreaterThanOrEqual(1);
    } else {
      expect(seriesValue(text, 'db_embedded')).toBeGreaterThanOrEqual(1);
      expect(text).not.toContain('db_pool_connections{');
    }
  });
});
