/** Measuring a database benchmark: SQL replayed on the driver, the server under autocannon, the SQL a call runs. */
import autocannon from 'autocannon';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import type { Direct, Statement } from './db-target';
import {
  BENCH_PASSWORD,
  builtWeb,
  knobs,
  median,
  percentile,
  round1,
  type Server,
} from './support';

// ---------------------------------------------------------------------------------------------
// Measuring.

export interface Latency {
  p50: number;
  p99: number;
  rps: number;
}
export interface Load extends Latency {
  non2xx: number;
  errors: number;
}
export interface Raw {
  /** One at a time. */
  sequential: { p50: number; p99: number };
  /** BENCH_CONNECTIONS at a time, as the server runs them under load. */
  concurrent: Latency;
}

/** Replays the statements of one list call, one at a time, then N at a time. */
export async function timeRaw(direct: Direct, statements: Statement[]): Promise<Raw> {
  const once = async () => {
    const t0 = performance.now();
    for (const s of statements) await direct.raw(s);
    return performance.now() - t0;
  };
  for (let i = 0; i < 10; i++) await once();
  const sequential: number[] = [];
  for (let i = 0; i < 200; i++) sequential.push(await once());
  const concurrent: number[] = [];
  const until = performance.now() + Math.max(3, knobs.seconds / 2) * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: knobs.connections }, async () => {
      while (performance.now() < until) concurrent.push(await once());
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  return {
    sequential: {
      p50: round1(median(sequential)),
      p99: round1(percentile(sequential, 99)),
    },
    concurrent: {
      p50: round1(median(concurrent)),
      p99: round1(percentile(concurrent, 99)),
      rps: Math.round(concurrent.length / elapsed),
    },
  };
}

export async function load(
  server: Server,
  path: string,
  body: unknown,
  token: string | undefined,
  seconds = knobs.seconds,
): Promise<Load> {
  const result = await autocannon({
    url: `${server.url}${path}`,
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
    connections: knobs.connections,
    duration: seconds,
  });
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: Math.round(result.requests.average),
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/** Runs each call once through the app in-process (inject) and records the SQL it runs. */
export async function sqlPerCall(direct: Direct, calls: Record<string, [string, unknown]>) {
  const config = loadConfig({
    ...process.env,
    LOG_LEVEL: 'silent',
    WEB_DIST: builtWeb(),
    LOGIN_MAX_PER_IP: '100000000',
    LOGIN_MAX_FAILURES: '100000000',
    RATE_LIMIT_PER_MINUTE: '100000000',
  });
  const app = await buildApp({ db: direct.db, listen: direct.listen, config });
  const result: Record<string, Statement[]> = {};
  try {
    const call = async (url: string, payload: unknown, token?: string) => {
      direct.captured.length = 0;
      const res = await app.inject({
        method: 'POST',
        url,
        payload: payload as object,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      return {
        body: res.json() as { code: number; data: { token?: string } },
        sql: [...direct.captured],
      };
    };
    const login = await call('/admin/auth/login', { name: 'admin', password: BENCH_PASSWORD });
    result['sign-in'] = login.sql;
    const token = login.body.data.token;
    for (const [name, [url, payload]] of Object.entries(calls)) {
      await call(url, payload, token); // as in listScenarios: the second call is the steady one
      const answer = await call(url, payload, token);
      result[name] = answer.sql;
    }
  } finally {
    await app.close();
  }
  return result;
}
