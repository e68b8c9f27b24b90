/**
 * The house list at scale, on the PostgreSQL server (issue #25, "Scale"): seeds BENCH_HOUSES
 * listings (500,000 by default) straight into house_listings (what /house-list reads; the triggers
 * that keep it are exercised by the API tests) with one INSERT … generate_series, then the list
 * a buyer's agent runs: three range filters (total 200–600 万, 60–140 m², 2–4 rooms) sorted by
 * unit price: the page statement's plan, the statement straight on the driver, and the API under
 * autocannon. PostgreSQL only, as the issue budgets it there.
 */
import { createTarget, type Load, load, type Raw, type Statement, sqlPerCall, timeRaw } from './db';
import {
  isNa,
  type NotApplicable,
  na,
  post,
  saveResults,
  signIn,
  startServer,
  table,
  verdict,
} from './support';

const LIST_PATH = '/admin/house-list/list';
const ROWS = Number(process.env.BENCH_HOUSES ?? 500_000);
const BODY = {
  totalPriceRange: ['200', '600'],
  areaRange: ['60', '140'],
  roomsRange: ['2', '4'],
  sort: 'unitPrice',
  order: 'asc',
};

/**
 * Listings of one merchant ($1): nine in ten resale (40–150 m², 1–5 rooms, 80–1,500 万), one in ten
 * new-house projects (no total, area or rooms); districts, statuses and times spread evenly.
 */
const seedSql = (rows: number) => `
  insert into house_listings (merchant_id, kind, source_id, title, district, community,
    total_price, unit_price, area, rooms, status, created_at)
  select $1::bigint, case when g % 10 = 0 then 'newHouse' else 'secondHand' end, g,
         '房源 ' || g, (array['徐汇', '浦东', '静安', '黄浦', '闵行'])[1 + g % 5], '小区 ' || (g % 997),
         case when g % 10 = 0 then null else s.total end,
         case when g % 10 = 0 then 60000 + (g % 50) * 1000
              else round(s.total * 10000 / s.area) end,
         case when g % 10 = 0 then null else s.area end,
         case when g % 10 = 0 then null else 1 + g % 5 end,
         (array['onSale', 'onSale', 'onSale', 'reserved', 'sold', 'withdrawn'])[1 + g % 6],
         now() - g * interval '1 minute'
  from generate_series(1, ${Math.floor(rows)}) g,
       lateral (select (80 + (g::bigint * 7919) % 142000 / 100.0)::numeric(12, 2) as total,
                       (40 + (g::bigint * 104729) % 11000 / 100.0)::numeric(10, 2) as area) s`;

interface HouseFigures {
  rows: number;
  matching: number;
  seedMs: number;
  plan: string[];
  /** The statements one steady list call runs through the app (first words). */
  callSql: string[];
  raw: Raw;
  api: Load;
}

const rowsOf = <T>(answer: unknown) => (answer as { rows: T[] }).rows;

/** The list call's page statement, as the kit runs it once the list's count is known. */
async function onPostgres(): Promise<HouseFigures> {
  console.log('\n[postgresql] houses: preparing…');
  const target = await createTarget('postgresql');
  try {
    await (await startServer(target.env)).stop();
    const direct = await target.open();
    let seedMs: number;
    let matching: number;
    let plan: string[];
    let raw: Raw;
    let callSql: string[];
    try {
      const owner = rowsOf<{ merchant_id: string | number }>(
        await direct.raw({
          sql: "select merchant_id from admins where name = 'admin'",
          params: [],
        }),
      );
      const merchantId = Number(owner[0]?.merchant_id);
      console.log(`[postgresql] seeding ${ROWS.toLocaleString('en')} listings…`);
      const t0 = performance.now();
      await direct.raw({ sql: seedSql(ROWS), params: [merchantId] });
      await direct.raw({ sql: 'vacuum analyze house_listings', params: [] });
      seedMs = Math.round(performance.now() - t0);
      matching = Number(
        rowsOf<{ n: number }>(
          await direct.raw({
            sql: `select count(*)::int as n from house_listings where merchant_id = $1
                  and total_price between 200 and 600 and area between 60 and 140
                  and rooms between 2 and 4`,
            params: [merchantId],
          }),
        )[0]?.n ?? 0,
      );
      // The statements of a steady list call, as the API runs them (with the area's own hooks).
      const perCall = (await sqlPerCall(direct, { list: [LIST_PATH, BODY] })).list ?? [];
      const statements = perCall.slice(0, 1);
      const answer = await direct.raw({
        sql: `explain (analyze, buffers) ${statements[0]!.sql}`,
        params: (statements[0] as Statement).params,
      });
      plan = rowsOf<{ 'QUERY PLAN': string }>(answer).map((r) => r['QUERY PLAN']);
      console.log('[postgresql] the house list page statement, EXPLAIN (ANALYZE, BUFFERS):');
      for (const line of plan) console.log(`    ${line}`);
      raw = await timeRaw(direct, statements);
      console.log(`[postgresql] a steady house list call runs ${perCall.length} statement(s):`);
      for (const s of perCall) console.log(`    ${s.sql.replace(/\s+/g, ' ').slice(0, 100)}`);
      callSql = perCall.map((s) => s.sql.replace(/\s+/g, ' ').slice(0, 60));
    } finally {
      await direct.close();
    }
    const server = await startServer(target.env);
    try {
      const token = await signIn(server.url);
      const page = await post<{ items: unknown[] }>(`${server.url}${LIST_PATH}`, BODY, token);
      if (page.items.length !== 20)
        throw new Error(`house list: ${page.items.length} items, not 20`);
      console.log('[postgresql] load: house list, three ranges, by unit price…');
      const api = await load(server, LIST_PATH, BODY, token);
      return { rows: ROWS, matching, seedMs, plan, callSql, raw, api };
    } finally {
      await server.stop();
    }
  } finally {
    await target.drop();
  }
}

export async function houses() {
  let figures: HouseFigures | NotApplicable = na('PostgreSQL not among BENCH_DB');
  try {
    figures = await onPostgres();
  } catch (err) {
    console.error(`[postgresql] houses failed: ${(err as Error).stack}`);
    figures = na(`failed: ${(err as Error).message.split('\n')[0]}`);
  }
  if (isNa(figures)) {
    verdict('houses', 'postgresql house list p99', figures, '');
    saveResults('houses', { postgresql: figures });
    return;
  }
  const f = figures;
  table(`House list (PostgreSQL, ${f.rows.toLocaleString('en')} listings). Aim: p99 ≤ 20 ms`, [
    ['figure', 'value'],
    ['seed (with VACUUM ANALYZE)', `${(f.seedMs / 1000).toFixed(1)} s`],
    ['three ranges, by unit price', `${f.matching.toLocaleString('en')} matching`],
    ['  API p50 / p99, req/s', `${f.api.p50} / ${f.api.p99} ms, ${f.api.rps}`],
    [
      '  raw page statement, 1 at a time p50 / p99',
      `${f.raw.sequential.p50} / ${f.raw.sequential.p99} ms`,
    ],
  ]);
  verdict('houses', 'postgresql house list (three ranges, by unit price) p99', f.api.p99, 'ms', {
    max: 20,
  });
  saveResults('houses', { postgresql: f });
}
