import { execSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../src/server/db/client';
import {
  median,
  ms,
  PG_SERVER,
  percentile,
  rssMiB,
  saveResults,
  signIn,
  startServer,
  table,
} from './support';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const DEEP_PAGE = 500;

const SEED = (rows: number) =>
  sql.raw(`
  insert into articles (merchant_id, article_type, title, summary, author, sort_order, status, published_at, views, created_at, updated_at)
  select 1, 1, '文章 ' || g, '摘要 ' || g, '作者' || (g % 50), g % 1000,
         case when g % 2 = 0 then 'published' else 'draft' end,
         case when g % 2 = 0 then now() - g * interval '1 second' end,
         g % 10000, now() - g * interval '1 second', now() - g * interval '1 second'
  from generate_series(1, ${rows}) g`);

const LIST_SQL = (offset: number) =>
  sql.raw(`
  select id, article_type, title, cover_url, summary, author, sort_order, status, published_at, views, created_at, updated_at
  from articles where merchant_id = 1 and article_type = 1 and status = 'published'
  order by created_at desc, id desc limit 20 offset ${offset}`);
const COUNT_SQL = sql.raw(
  `select count(*) from (select 1 from articles where merchant_id = 1 and article_type = 1 and status = 'published' limit 10001) c`,
);

async function rawTimings(url: string | undefined, dataDir: string | undefined) {
  const database = await openDatabase({ url, dataDir, poolSize: 2 });
  try {
    const seedStart = performance.now();
    await database.db.execute(SEED(ROWS));
    await database.db.execute(sql.raw('analyze articles'));
    const seedMs = performance.now() - seedStart;
    const measure = async (offset: number) => {
      const times: number[] = [];
      for (let i = 0; i < 200; i++) {
        const t0 = performance.now();
        await database.db.execute(LIST_SQL(offset));
        await database.db.execute(COUNT_SQL);
        times.push(performance.now() - t0);
      }
      return { p50: ms(median(times)), p99: ms(percentile(times, 99)) };
    };
    return {
      seedMs: Math.round(seedMs),
      page1: await measure(0),
      deep: await measure((DEEP_PAGE - 1) * 20),
    };
  } finally {
    await database.close();
  }
}

async function load(url: string, token: string, body: unknown, path_: string) {
  const result = await autocannon({
    url: `${url}${path_}`,
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
    connections: CONNECTIONS,
    duration: DURATION,
  });
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: Math.round(result.requests.average),
    non2xx: result.non2xx,
  };
}

async function runOn(kind: 'pglite' | 'postgresql', port: number) {
  const dataDir = path.join('/tmp', `ma-bench-api-${process.pid}-${kind}`);
  let databaseUrl: string | undefined;
  let drop = async () => {};
  if (kind === 'postgresql') {
    const name = `ma_bench_${process.pid}_${randomBytes(3).toString('hex')}`;
    const admin = new pg.Client({ connectionString: PG_SERVER });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const target = new URL(PG_SERVER);
    target.pathname = `/${name}`;
    databaseUrl = target.toString();
    drop = async () => {
      const c = new pg.Client({ connectionString: PG_SERVER });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  }
  const env: Record<string, string> = databaseUrl
    ? { DATABASE_URL: databaseUrl }
    : { DATA_DIR: dataDir };
  try {
    // First start: migrate and create the owner.
    const first = await startServer(env, port);
    await first.stop();
    const raw = await rawTimings(databaseUrl, databaseUrl ? undefined : dataDir);
    const server = await startServer(env, port);
    try {
      const restMiB = rssMiB(server.child.pid);
      const token = await signIn(server.url);
      const loginLoad = await autocannon({
        url: `${server.url}/admin/auth/login`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'admin', password: 'Bench-Passw0rd' }),
        connections: CONNECTIONS,
        duration: Math.min(DURATION, 5),
      });
      const menu = await load(server.url, token, {}, '/admin/menu/index');
      let peak = 0;
      const sampler = setInterval(() => {
        peak = Math.max(peak, rssMiB(server.child.pid));
      }, 250);
      const list = {
        articleType: 1,
        status: 'published',
        sort: 'createdAt',
        order: 'desc',
        pageSize: 20,
      };
      const page1 = await load(server.url, token, list, '/admin/article/list');
      const deep = await load(
        server.url,
        token,
        { ...list, page: DEEP_PAGE },
        '/admin/article/list',
      );
      clearInterval(sampler);
      return {
        rows: ROWS,
        seedMs: raw.seedMs,
        startMs: Math.round(server.startMs),
        rssAtRestMiB: restMiB,
        rssUnderLoadMiB: peak,
        login: {
          p50: loginLoad.latency.p50,
          p99: loginLoad.latency.p99,
          rps: Math.round(loginLoad.requests.average),
        },
        menu,
        listPage1: { ...page1, rawP50: raw.page1.p50, rawP99: raw.page1.p99 },
        listDeep: { ...deep, rawP50: raw.deep.p50, rawP99: raw.deep.p99 },
      };
    } finally {
      await server.stop();
    }
  } finally {
    await drop();
    execSync(`rm -rf ${dataDir}`);
  }
}

export async function api() {
  const results: Record<string, Awaited<ReturnType<typeof runOn>>> = {};
  for (const kind of ['pglite', 'postgresql'] as const) {
    try {
      results[kind] = await runOn(kind, kind === 'pglite' ? 4393 : 4394);
    } catch (err) {
      console.error(`${kind}: ${(err as Error).message}`);
    }
  }
  const rows: (string | number)[][] = [
    ['database', 'call', 'p50 ms', 'p99 ms', 'req/s', 'raw SQL p50/p99 ms', 'API ÷ raw (p50)'],
  ];
  for (const [kind, r] of Object.entries(results)) {
    rows.push([kind, 'sign-in', r.login.p50, r.login.p99, r.login.rps, '', '']);
    rows.push([kind, 'permission list', r.menu.p50, r.menu.p99, r.menu.rps, '', '']);
    for (const [name, x] of [
      ['list page 1', r.listPage1],
      [`list page ${DEEP_PAGE}`, r.listDeep],
    ] as const) {
      rows.push([
        kind,
        name,
        x.p50,
        x.p99,
        x.rps,
        `${x.rawP50} / ${x.rawP99}`,
        x.rawP50 ? (x.p50 / x.rawP50).toFixed(1) : '',
      ]);
    }
  }
  table(
    `API under load (autocannon, ${CONNECTIONS} connections, ${DURATION} s each, ${ROWS.toLocaleString()} articles)`,
    rows,
  );
  table('Scale', [
    [
      'database',
      `seed ${ROWS.toLocaleString()} rows`,
      'start on existing data',
      'RSS at rest',
      'RSS under load',
    ],
    ...Object.entries(results).map(([kind, r]) => [
      kind,
      `${r.seedMs} ms`,
      `${r.startMs} ms`,
      `${r.rssAtRestMiB} MiB`,
      `${r.rssUnderLoadMiB} MiB`,
    ]),
  ]);
  saveResults('api', results);
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) await api();
