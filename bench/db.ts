/**
 * API under load and scale, on PGlite and on the PostgreSQL server: seeds BENCH_ROWS articles
 * with one INSERT … generate_series, replays the exact SQL the list call runs straight on the
 * driver (captured through drizzle's logger: the page's statement from the service, and all of the
 * statements a steady call runs through the app in-process: the page's, once its session is in
 * the server's memory), then loads the server with
 * autocannon (sign-in, permission list, list page 1, a deep page by OFFSET and by keyset cursor),
 * sampling the server's RSS. Scale: seed time, first start, start-up on the existing data,
 * RSS at rest and under load, data size.
 */
import { tableOf } from '../src/server/kit/modules';
import { resourceRoutes } from '../src/server/kit/resource-routes';
import { resourceSchemas } from '../src/shared/resource-schema';
import { article } from '../src/shared/resources/article';
import { type Load, load, type Raw, sqlPerCall, timeRaw } from './db-measure';
import { createTarget, type Direct, type Kind, type Statement } from './db-target';
import {
  BENCH_PASSWORD,
  isNa,
  knobs,
  median,
  type NotApplicable,
  na,
  post,
  round1,
  rssMiB,
  type Server,
  saveResults,
  signIn,
  startServer,
  table,
  verdict,
} from './support';

export { type Latency, type Load, load, type Raw, sqlPerCall, timeRaw } from './db-measure';
// What the other benchmarks take from here.
export { createTarget, type Direct, type Kind, type Statement, type Target } from './db-target';

const LIST_PATH = '/admin/article/list';
const DEEP_PAGE = 500;
const PAGE_SIZE = 20;

/** The list call measured: news articles, published only, newest first. */
const LIST_BODY = {
  articleType: 1,
  status: 'published',
  sort: 'createdAt',
  order: 'desc',
  pageSize: PAGE_SIZE,
};

/** Articles spread over 4 types, half published, one per second back from now. */
const seedSql = (rows: number) => `
  insert into articles (merchant_id, article_type, title, summary, body, author, sort_order,
                        status, published_at, views, created_at, updated_at)
  select $1, 1 + g % 4, '文章 ' || g, '这是第 ' || g || ' 篇文章的摘要', '<p>正文 ' || g || '</p>',
         '作者 ' || (g % 50), g % 1000,
         case when (g / 4) % 2 = 0 then 'published' else 'draft' end,
         case when (g / 4) % 2 = 0 then now() - g * interval '1 second' end,
         ((g::bigint * 7919) % 100000)::int, now() - g * interval '1 second', now() - g * interval '1 second'
  from generate_series(1, ${Math.floor(rows)}) g`;

interface ListScenario {
  name: string;
  body: Record<string, unknown>;
  /** The page's statement, as the service runs it. */
  statements: Statement[];
  raw?: Raw;
  /** Every statement a steady call runs through the app (its session is answered from memory). */
  callStatements?: Statement[];
  rawCall?: Raw;
  api?: Load;
}

export interface DatabaseFigures {
  kind: Kind;
  rows: number;
  matching: number | NotApplicable;
  seedMs: number | NotApplicable;
  dataSizeMiB: number;
  firstStartMs: number;
  startMs: number;
  startRunsMs: number[];
  rssAtRestMiB: number;
  rssUnderLoadMiB: number;
  signIn?: Load;
  permissionList?: Load;
  list: ListScenario[] | NotApplicable;
  /** The SQL statements one call runs (the app in-process on the same database): N+1 shows here. */
  sqlPerCall?: Record<string, string[]>;
}

async function runOn(kind: Kind, want: { api: boolean; scale: boolean }): Promise<DatabaseFigures> {
  console.log(`\n[${kind}] preparing…`);
  const target = await createTarget(kind);
  try {
    // First start on an empty database: migrations and the owner account.
    const first = await startServer(target.env);
    const firstStartMs = Math.round(first.startMs);
    await first.stop();

    // Seed straight with SQL, and capture the statements of each list call.
    const direct = await target.open();
    let seedMs: number | NotApplicable = na('no articles table');
    let matching: number | NotApplicable = na('no articles table');
    let list: ListScenario[] | NotApplicable = na('no list endpoint yet');
    let dataSizeMiB = 0;
    let perCall: Record<string, string[]> | undefined;
    try {
      const exists = (await direct.raw({
        sql: "select to_regclass('articles') as t",
        params: [],
      })) as {
        rows: { t: string | null }[];
      };
      if (exists.rows[0]?.t) {
        const owner = (await direct.raw({
          sql: "select merchant_id from admins where name = 'admin'",
          params: [],
        })) as { rows: { merchant_id: string | number }[] };
        const merchantId = Number(owner.rows[0]?.merchant_id);
        console.log(`[${kind}] seeding ${knobs.rows.toLocaleString('en')} articles…`);
        const t0 = performance.now();
        await direct.raw({ sql: seedSql(knobs.rows), params: [merchantId] });
        // As autovacuum leaves a table after a bulk load: statistics and the visibility map that
        // index-only scans (the capped count) rely on.
        await direct.raw({ sql: 'vacuum analyze articles', params: [] });
        seedMs = Math.round(performance.now() - t0);
        const counted = (await direct.raw({
          sql: `select count(*)::int as n from articles
                where merchant_id = $1 and article_type = 1 and status = 'published'`,
          params: [merchantId],
        })) as { rows: { n: number }[] };
        matching = counted.rows[0]?.n ?? 0;
        if (want.api || want.scale) {
          list = await listScenarios(direct, merchantId, matching);
          if (want.api) {
            const statements = await sqlPerCall(direct, {
              'permission list': ['/admin/menu/index', {}],
              ...Object.fromEntries(list.map((s) => [s.name, [LIST_PATH, s.body]])),
            });
            perCall = Object.fromEntries(
              Object.entries(statements).map(([name, list]) => [name, list.map((x) => x.sql)]),
            );
            for (const scenario of list) {
              console.log(`[${kind}] raw SQL: ${scenario.name}…`);
              scenario.raw = await timeRaw(direct, scenario.statements);
              scenario.callStatements = statements[scenario.name];
              if (scenario.callStatements?.length)
                scenario.rawCall = await timeRaw(direct, scenario.callStatements);
            }
          }
        }
      }
      const size = (await direct.raw({
        sql: 'select pg_database_size(current_database())::bigint as n',
        params: [],
      })) as { rows: { n: string | number }[] };
      dataSizeMiB = Math.round(Number(size.rows[0]?.n ?? 0) / 2 ** 20);
    } finally {
      await direct.close();
    }

    // Start-up on the existing data (median of 3 when measuring scale); the last one stays up.
    const startRunsMs: number[] = [];
    let server: Server | undefined;
    for (let i = 0; i < (want.scale ? 3 : 1); i++) {
      await server?.stop();
      server = await startServer(target.env);
      startRunsMs.push(Math.round(server.startMs));
    }
    if (!server) throw new Error('no server');
    try {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const rssAtRestMiB = rssMiB(server.child.pid);
      let peak = rssAtRestMiB;
      const sampler = setInterval(() => {
        peak = Math.max(peak, rssMiB(server.child.pid));
      }, 200);
      const token = await signIn(server.url);
      const figures: DatabaseFigures = {
        kind,
        rows: knobs.rows,
        matching,
        seedMs,
        dataSizeMiB,
        firstStartMs,
        startMs: median(startRunsMs),
        startRunsMs,
        rssAtRestMiB,
        rssUnderLoadMiB: 0,
        list,
        sqlPerCall: perCall,
      };
      try {
        if (want.api) {
          console.log(`[${kind}] load: sign-in, permission list…`);
          figures.signIn = await load(
            server,
            '/admin/auth/login',
            { name: 'admin', password: BENCH_PASSWORD },
            undefined,
            Math.min(5, knobs.seconds),
          );
          figures.permissionList = await load(server, '/admin/menu/index', {}, token);
        }
        if (!isNa(list)) {
          for (const scenario of want.api ? list : list.slice(0, 1)) {
            // The API must answer a full page before it is timed.
            const answer = await post<{ items: unknown[] }>(
              `${server.url}${LIST_PATH}`,
              scenario.body,
              token,
            );
            if (answer.items.length !== PAGE_SIZE)
              throw new Error(`${scenario.name}: ${answer.items.length} items, not ${PAGE_SIZE}`);
            console.log(`[${kind}] load: ${scenario.name}…`);
            scenario.api = await load(server, LIST_PATH, scenario.body, token);
          }
        } else if (!want.api) {
          figures.permissionList = await load(server, '/admin/menu/index', {}, token);
        }
      } finally {
        clearInterval(sampler);
        figures.rssUnderLoadMiB = peak;
      }
      return figures;
    } finally {
      await server.stop();
    }
  } finally {
    await target.drop();
  }
}

/** Page 1, a deep page by OFFSET and the same page by keyset cursor, with the SQL each runs. */
async function listScenarios(
  direct: Direct,
  merchantId: number,
  matching: number,
): Promise<ListScenario[]> {
  // The article list call's own page statement, without the HTTP around it.
  const { list } = resourceRoutes(article, tableOf(article), {} as never);
  const params = resourceSchemas(article).list;
  const service = {
    list: (merchantId: number, body: Record<string, unknown>) => list(direct.db, merchantId, body),
  };
  // The second call's statements: what a call runs once the list's count is known (the count
  // is made again only after a write), as every call under load does.
  const capture = async (body: Record<string, unknown>) => {
    await service.list(merchantId, params.parse(body) as Record<string, unknown>);
    direct.captured.length = 0;
    const page = await service.list(merchantId, params.parse(body) as Record<string, unknown>);
    return { statements: [...direct.captured], page };
  };
  const scenarios: ListScenario[] = [];
  const page1 = await capture({ ...LIST_BODY, page: 1 });
  scenarios.push({ name: 'list, page 1', body: { ...LIST_BODY, page: 1 }, ...page1 });
  const deep = Math.min(DEEP_PAGE, Math.floor(matching / PAGE_SIZE));
  if (deep >= 2) {
    const offset = await capture({ ...LIST_BODY, page: deep });
    scenarios.push({
      name: `list, page ${deep} (offset)`,
      body: { ...LIST_BODY, page: deep },
      ...offset,
    });
    const before = await capture({ ...LIST_BODY, page: deep - 1 });
    const cursor = (before.page as { nextCursor?: string | null }).nextCursor;
    if (cursor) {
      const body = { ...LIST_BODY, page: deep, cursor };
      const keyset = await capture(body);
      scenarios.push({ name: `list, page ${deep} (cursor)`, body, ...keyset });
    }
  }
  return scenarios;
}

// ---------------------------------------------------------------------------------------------
// The part(s).

const ms = (value: number | undefined) => (value === undefined ? '' : `${value} ms`);

/**
 * The API's own cost as a ratio: its p50 over the p50 of the same statements it runs (the page's;
 * the session is answered from the server's memory) replayed straight on the driver at the same
 * concurrency. What is left is HTTP, validation, query building, row mapping and serialisation.
 */
function apiOverRaw(s: ListScenario): number | undefined {
  if (!s.api || !s.rawCall) return undefined;
  return round1(s.api.p50 / Math.max(s.rawCall.concurrent.p50, 0.1));
}

export async function databases(want: { api: boolean; scale: boolean }) {
  const results: Partial<Record<Kind, DatabaseFigures | NotApplicable>> = {};
  for (const kind of ['postgresql', 'pglite'] as const) {
    if (!knobs.databases.includes(kind)) continue;
    try {
      results[kind] = await runOn(kind, want);
    } catch (err) {
      console.error(`[${kind}] failed: ${(err as Error).stack}`);
      results[kind] = na(`failed: ${(err as Error).message.split('\n')[0]}`);
    }
  }
  const measured = Object.entries(results) as [Kind, DatabaseFigures | NotApplicable][];

  if (want.api) {
    const rows: (string | number)[][] = [
      [
        'database',
        'call',
        'p50',
        'p99',
        'req/s',
        'raw page statement, 1 at a time p50 / p99',
        `raw page statement ×${knobs.connections} p50 / p99, req/s`,
        `raw statements of a call ×${knobs.connections} p50 / p99, req/s`,
        'API ÷ raw statements of a call (p50, same concurrency)',
      ],
    ];
    for (const [kind, r] of measured) {
      if (isNa(r)) {
        rows.push([kind, r.na, '', '', '', '', '', '', '']);
        continue;
      }
      for (const [name, x] of [
        ['sign-in (argon2id)', r.signIn],
        ['permission list', r.permissionList],
      ] as const) {
        if (x) rows.push([kind, name, ms(x.p50), ms(x.p99), x.rps, '', '', '', '']);
      }
      if (isNa(r.list)) {
        rows.push([kind, 'list', `n/a (${r.list.na})`, '', '', '', '', '', '']);
        continue;
      }
      for (const s of r.list) {
        const ratio = apiOverRaw(s) ?? '';
        rows.push([
          kind,
          s.name,
          ms(s.api?.p50),
          ms(s.api?.p99),
          s.api?.rps ?? '',
          s.raw ? `${s.raw.sequential.p50} / ${s.raw.sequential.p99} ms` : '',
          s.raw
            ? `${s.raw.concurrent.p50} / ${s.raw.concurrent.p99} ms, ${s.raw.concurrent.rps}`
            : '',
          s.rawCall
            ? `${s.rawCall.concurrent.p50} / ${s.rawCall.concurrent.p99} ms, ${s.rawCall.concurrent.rps}`
            : '',
          ratio === '' ? '' : `${ratio}×`,
        ]);
        if (s.api && (s.api.non2xx || s.api.errors))
          console.log(`  ${kind} ${s.name}: ${s.api.non2xx} non-2xx, ${s.api.errors} errors`);
      }
    }
    const counts = measured.find(
      (m): m is [Kind, DatabaseFigures] => !isNa(m[1]) && !!m[1].sqlPerCall,
    );
    if (counts?.[1].sqlPerCall)
      table('SQL statements per call (the app in-process, one call each)', [
        ['call', 'statements', 'first words of each'],
        ...Object.entries(counts[1].sqlPerCall).map(([name, sql]) => [
          name,
          sql.length,
          sql.map((q) => q.replace(/\s+/g, ' ').slice(0, 28)).join(' | '),
        ]),
      ]);
    table(
      `API under load (autocannon, ${knobs.connections} connections, ${knobs.seconds} s per call, loopback; ${knobs.rows.toLocaleString('en')} articles). Aims on PostgreSQL for the list: p99 ≤ 15 ms, ≥ 1500 req/s, API ≤ 2× raw`,
      rows,
    );
    for (const [kind, r] of measured) {
      if (isNa(r)) {
        verdict('api', `${kind} list`, r, '');
        continue;
      }
      if (isNa(r.list)) {
        verdict('api', `${kind} list`, r.list, '');
        continue;
      }
      for (const s of r.list) {
        if (!s.api) continue;
        const pgAims = kind === 'postgresql';
        verdict('api', `${kind} ${s.name} p99`, s.api.p99, 'ms', pgAims ? { max: 15 } : {});
        verdict('api', `${kind} ${s.name} req/s`, s.api.rps, 'req/s', pgAims ? { min: 1500 } : {});
        const ratio = apiOverRaw(s);
        if (ratio !== undefined)
          verdict('api', `${kind} ${s.name} API ÷ raw`, ratio, '×', pgAims ? { max: 2 } : {});
      }
    }
  }

  if (want.scale) {
    table('Scale', [
      [
        'database',
        `seed ${knobs.rows.toLocaleString('en')} rows`,
        'data size',
        'first start (migrate)',
        'start on existing data',
        'RSS at rest',
        'RSS under load (peak)',
      ],
      ...measured.map(([kind, r]) =>
        isNa(r)
          ? [kind, r.na, '', '', '', '', '']
          : [
              kind,
              isNa(r.seedMs) ? `n/a (${r.seedMs.na})` : `${(r.seedMs / 1000).toFixed(1)} s`,
              `${r.dataSizeMiB} MiB`,
              `${r.firstStartMs} ms`,
              `${r.startMs} ms`,
              `${r.rssAtRestMiB} MiB`,
              `${r.rssUnderLoadMiB} MiB`,
            ],
      ),
    ]);
    for (const [kind, r] of measured) {
      if (isNa(r)) continue;
      verdict(
        'scale',
        `${kind} seed ${knobs.rows.toLocaleString('en')} rows`,
        isNa(r.seedMs) ? r.seedMs : round1(r.seedMs / 1000),
        's',
      );
      verdict('scale', `${kind} start on existing data`, r.startMs, 'ms');
      verdict(
        'scale',
        `${kind} RSS at rest / under load`,
        r.rssAtRestMiB,
        `MiB / ${r.rssUnderLoadMiB} MiB`,
      );
    }
  }
  const strip = (r: DatabaseFigures | NotApplicable) =>
    isNa(r) || isNa(r.list)
      ? r
      : {
          ...r,
          list: r.list.map(({ statements, ...s }) => ({ ...s, sql: statements.map((x) => x.sql) })),
        };
  const saved = Object.fromEntries(measured.map(([k, r]) => [k, strip(r)]));
  if (want.api) saveResults('api', saved);
  if (want.scale)
    saveResults(
      'scale',
      Object.fromEntries(
        measured.map(([k, r]) => [
          k,
          isNa(r)
            ? r
            : {
                rows: r.rows,
                seedMs: r.seedMs,
                dataSizeMiB: r.dataSizeMiB,
                firstStartMs: r.firstStartMs,
                startMs: r.startMs,
                startRunsMs: r.startRunsMs,
                rssAtRestMiB: r.rssAtRestMiB,
                rssUnderLoadMiB: r.rssUnderLoadMiB,
              },
        ]),
      ),
    );
  return results;
}
