/**
 * Goods at scale (issue #19, "Speed"). On the PostgreSQL server:
 *
 * - BENCH_GOODS goods (1,000,000) with three variants each on average (3,000,000), seeded with
 *   INSERT … generate_series into a tree of 200 leaf categories (8 × 5 × 5), statuses draft 20 %,
 *   ready 15 %, listed 60 %, error 5 %; each goods' variant count, total stock and lowest price
 *   are those of its variants (checked on a sample). Then the goods list filtered by category and
 *   status: the page statement's plan, the statement on the driver, and the API under autocannon
 *   (then the UPC pool's list under the same load, to read a shared machine's figures against);
 * - 100,000 UPC codes imported through the call the /goods-upc screen uses (`import-codes`):
 *   the time to its answer;
 * - a 10,000-item feed (500 goods of 20 variants: the most one send takes) processed by the
 *   sandbox marketplace through the job queue: from the send to the feed done, its progress read
 *   as the screen reads it. The sandbox runs at its default pace (1,000 ms a batch of 25, ten
 *   batches at once; BENCH_GOODS_FEED_BATCH_MS sets another, 0 for the product's own work alone)
 *   and never refuses the feed (chaos 0).
 *
 * On PGlite, the list and the import at BENCH_GOODS_PGLITE goods (100,000).
 */
import { resourceRoutes } from '../src/server/kit/resource-routes';
import { tableOf } from '../src/server/kit/tables';
import { resourceSchemas } from '../src/shared/resource-schema';
import { goods as goodsResource } from '../src/shared/resources/goods';
import {
  createTarget,
  type Direct,
  type Kind,
  type Load,
  load,
  type Raw,
  type Statement,
  sqlPerCall,
  timeRaw,
} from './db';
import { FEED_GOODS, FEED_VARIANTS, feedGoodsSql, one, rowsOf, seed, upcCodes } from './goods-seed';
import {
  isNa,
  knobs,
  type NotApplicable,
  na,
  post,
  round1,
  type Server,
  saveResults,
  signIn,
  startServer,
  table,
  verdict,
} from './support';

const GOODS: Record<Kind, number> = {
  postgresql: Number(process.env.BENCH_GOODS ?? 1_000_000),
  pglite: Number(process.env.BENCH_GOODS_PGLITE ?? 100_000),
};
const LIST_PATH = '/admin/goods/list';
const UPC_CODES = Number(process.env.BENCH_GOODS_UPC ?? 100_000);
/** Codes of the import the pool holds already (counted as duplicates). */
const UPC_KNOWN = 1_000;
/** The sandbox's pace for the feed measured, the product's default unless set. */
const FEED_BATCH_MS = Number(process.env.BENCH_GOODS_FEED_BATCH_MS ?? 1_000);
const SANDBOX_BATCH = 25;
const FEED_TIMEOUT_MS = 15 * 60_000;

interface ListFigures {
  goods: number;
  variants: number;
  /** Goods of the sample whose variant count, stock or lowest price differ from their variants'. */
  inconsistent: number;
  sampled: number;
  seedMs: number;
  body: Record<string, unknown>;
  matching: number;
  plan: string[];
  callSql: string[];
  raw: Raw;
  api: Load;
}
interface ImportFigures {
  codes: number;
  bytes: number;
  answerMs: number;
  added: number;
  duplicates: number;
}
interface FeedFigures {
  items: number;
  batchMs: number;
  batches: number;
  sendMs: number;
  /** From the send call to the feed read back done. */
  doneMs: number;
  status: string;
  succeeded: number;
  failed: number;
  /** Distinct progress figures the feed showed while it ran (read every 250 ms). */
  progressSeen: number;
}
interface GoodsFigures {
  list: ListFigures;
  upc: ImportFigures | NotApplicable;
  /**
   * Beside the goods list, in the same minute: the UPC pool's list of unused codes (one statement
   * a call, no reference to name), the machine's own reading of what a list call costs now.
   */
  upcList: Load | NotApplicable;
  feed: FeedFigures | NotApplicable;
}

/** The list call's page statement, as the kit runs it once the list's count is known. */
async function pageStatements(direct: Direct, merchantId: number, body: Record<string, unknown>) {
  const { list } = resourceRoutes(goodsResource, tableOf(goodsResource), {} as never);
  const params = resourceSchemas(goodsResource).list.parse(body) as Record<string, unknown>;
  await list(direct.db, merchantId, params);
  direct.captured.length = 0;
  await list(direct.db, merchantId, params);
  return [...direct.captured];
}

async function importCodes(
  server: Server,
  token: string,
  direct: Direct | undefined,
  merchantId: number,
) {
  const codes = upcCodes(UPC_CODES);
  // The pool holds some of them already: the first UPC_KNOWN, imported before.
  await post(
    `${server.url}/admin/goods-upc/import-codes`,
    { codes: codes.slice(0, UPC_KNOWN).join('\n') },
    token,
  );
  const body = JSON.stringify({ codes: codes.join('\n') });
  const t0 = performance.now();
  const res = await fetch(`${server.url}/admin/goods-upc/import-codes`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body,
  });
  const answer = (await res.json()) as {
    code: number;
    msg?: string;
    data: { added: number; duplicates: number };
  };
  const answerMs = Math.round(performance.now() - t0);
  if (answer.code !== 200)
    throw new Error(`import-codes: HTTP ${res.status}, ${answer.code} ${answer.msg ?? ''}`);
  const held = direct
    ? (
        await one<{ n: number }>(
          direct,
          'select count(*)::int as n from goods_upc where merchant_id = $1',
          [merchantId],
        )
      ).n
    : UPC_KNOWN + answer.data.added;
  if (held !== UPC_CODES || answer.data.added + answer.data.duplicates !== UPC_CODES)
    throw new Error(`import-codes: the pool holds ${held} codes, not ${UPC_CODES}`);
  return {
    codes: UPC_CODES,
    bytes: Buffer.byteLength(body),
    answerMs,
    added: answer.data.added,
    duplicates: answer.data.duplicates,
  };
}

async function sendFeed(server: Server, token: string, direct: Direct, merchantId: number) {
  const max = await one<{ n: string }>(direct, 'select max(id)::text as n from goods');
  const first = Number(max.n) + 1;
  const leaf = await one<{ id: string }>(
    direct,
    `select c.id::text as id from goods_categories c where c.merchant_id = $1
     and not exists (select 1 from goods_categories k where k.parent_id = c.id) order by c.id limit 1`,
    [merchantId],
  );
  for (const sql of feedGoodsSql(first))
    await direct.raw({
      sql,
      params: sql.includes('$2') ? [merchantId, leaf.id] : sql.includes('$1') ? [merchantId] : [],
    });
  const setting = await post<{ id: number }>(
    `${server.url}/admin/goods-setting/create`,
    {
      name: 'Amazon US',
      marketplace: 'amazon',
      site: 'US',
      currency: 'USD',
      exchangeRate: '7.1000',
      markupPercent: '30',
      fixedFee: '5.00',
      endIn99: true,
      handlingDays: 2,
      defaultStock: 10,
    },
    token,
  );
  const goodsIds = Array.from({ length: FEED_GOODS }, (_, i) => first + i);
  const t0 = performance.now();
  const feed = await post<{ id: number; total: number }>(
    `${server.url}/admin/feeds/send`,
    { settingId: setting.id, goodsIds },
    token,
  );
  const sendMs = Math.round(performance.now() - t0);
  const seen = new Set<number>();
  for (;;) {
    const row = await post<{
      status: string;
      processed: number;
      succeeded: number;
      failed: number;
    }>(`${server.url}/admin/feeds/detail`, { id: feed.id }, token);
    seen.add(row.processed);
    if (!['queued', 'processing'].includes(row.status)) {
      const batches = Math.ceil(feed.total / SANDBOX_BATCH);
      return {
        items: feed.total,
        batchMs: FEED_BATCH_MS,
        batches,
        sendMs,
        doneMs: Math.round(performance.now() - t0),
        status: row.status,
        succeeded: row.succeeded,
        failed: row.failed,
        progressSeen: seen.size,
      };
    }
    if (performance.now() - t0 > FEED_TIMEOUT_MS)
      throw new Error(`feed not done in ${FEED_TIMEOUT_MS / 1000} s (${row.processed} processed)`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function on(kind: Kind): Promise<GoodsFigures> {
  const rows = GOODS[kind];
  console.log(`\n[${kind}] goods: preparing…`);
  const target = await createTarget(kind);
  const env = {
    ...target.env,
    MARKETPLACE_SANDBOX_BATCH_MS: String(FEED_BATCH_MS),
    MARKETPLACE_SANDBOX_CHAOS: '0',
  };
  try {
    await (await startServer(env)).stop();
    const direct = await target.open();
    let list: Omit<ListFigures, 'api'>;
    let merchantId: number;
    try {
      merchantId = Number(
        (
          await one<{ merchant_id: string }>(
            direct,
            "select merchant_id from admins where name = 'admin'",
          )
        ).merchant_id,
      );
      const t0 = performance.now();
      await seed(kind, direct, merchantId, rows);
      const seedMs = Math.round(performance.now() - t0);
      const counts = await one<{ goods: number; variants: number }>(
        direct,
        `select (select count(*)::int from goods where merchant_id = $1) as goods,
                (select count(*)::int from goods_variants where merchant_id = $1) as variants`,
        [merchantId],
      );
      const check = await one<{ sampled: number; bad: number }>(
        direct,
        `select count(*)::int as sampled,
                count(*) filter (where g.variant_count <> v.n or g.stock_total <> v.s
                                    or g.price_min <> v.p)::int as bad
         from goods g, lateral (select count(*) as n, sum(stock) as s, min(price) as p
                                from goods_variants where goods_id = g.id) v
         where g.merchant_id = $1 and g.id % 997 = 0`,
        [merchantId],
      );
      // A leaf category with the status most goods have: the list a merchant works through.
      const leaf = await one<{ id: string }>(
        direct,
        `select c.id::text as id from goods_categories c where c.merchant_id = $1
         and not exists (select 1 from goods_categories k where k.parent_id = c.id)
         order by c.id offset 17 limit 1`,
        [merchantId],
      );
      const body = { categoryId: Number(leaf.id), status: 'listed' };
      const matching = await one<{ n: number }>(
        direct,
        `select count(*)::int as n from goods
         where merchant_id = $1 and category_id = $2 and status = 'listed'`,
        [merchantId, leaf.id],
      );
      const statements = await pageStatements(direct, merchantId, body);
      const plan = rowsOf<{ 'QUERY PLAN': string }>(
        await direct.raw({
          sql: `explain (analyze, buffers) ${statements[0]!.sql}`,
          params: (statements[0] as Statement).params,
        }),
      ).map((r) => r['QUERY PLAN']);
      console.log(`[${kind}] the goods list page statement, EXPLAIN (ANALYZE, BUFFERS):`);
      for (const line of plan) console.log(`    ${line}`);
      const perCall = (await sqlPerCall(direct, { list: [LIST_PATH, body] })).list ?? [];
      const callSql = perCall.map((s) => s.sql.replace(/\s+/g, ' ').slice(0, 80));
      console.log(`[${kind}] a steady goods list call runs ${perCall.length} statement(s):`);
      for (const line of callSql) console.log(`    ${line}`);
      console.log(`[${kind}] raw SQL: goods list page statement…`);
      const raw = await timeRaw(direct, statements);
      list = {
        goods: counts.goods,
        variants: counts.variants,
        inconsistent: check.bad,
        sampled: check.sampled,
        seedMs,
        body,
        matching: matching.n,
        plan,
        callSql,
        raw,
      };
    } finally {
      await direct.close();
    }

    const server = await startServer(env);
    try {
      const token = await signIn(server.url);
      const page = await post<{ items: unknown[] }>(`${server.url}${LIST_PATH}`, list.body, token);
      if (page.items.length !== 20)
        throw new Error(`goods list: ${page.items.length} items, not 20`);
      console.log(`[${kind}] load: goods list, category + status…`);
      const api = await load(server, LIST_PATH, list.body, token);
      // PGlite's folder is the server's alone while it runs: the checks there go by its answers.
      const direct = kind === 'postgresql' ? await target.open() : undefined;
      try {
        let upc: ImportFigures | NotApplicable;
        try {
          console.log(`[${kind}] import ${UPC_CODES.toLocaleString('en')} UPC codes…`);
          upc = await importCodes(server, token, direct, merchantId);
        } catch (err) {
          console.error(`[${kind}] UPC import failed: ${(err as Error).message}`);
          upc = na(`failed: ${(err as Error).message.split('\n')[0]}`);
        }
        let upcList: Load | NotApplicable = na('no codes imported');
        if (!isNa(upc)) {
          console.log(`[${kind}] load: UPC pool list, unused (for comparison)…`);
          upcList = await load(server, '/admin/goods-upc/list', { status: 'unused' }, token);
        }
        let feed: FeedFigures | NotApplicable = na('PostgreSQL only');
        if (direct) {
          try {
            console.log(
              `[${kind}] a ${(FEED_GOODS * FEED_VARIANTS).toLocaleString('en')}-item feed (sandbox ${FEED_BATCH_MS} ms per batch of ${SANDBOX_BATCH})…`,
            );
            feed = await sendFeed(server, token, direct, merchantId);
          } catch (err) {
            console.error(`[${kind}] feed failed: ${(err as Error).message}`);
            feed = na(`failed: ${(err as Error).message.split('\n')[0]}`);
          }
        }
        return { list: { ...list, api }, upc, upcList, feed };
      } finally {
        await direct?.close();
      }
    } finally {
      await server.stop();
    }
  } finally {
    await target.drop();
  }
}

/** PostgreSQL first (the aims), then PGlite at its smaller scale. */
export async function goods() {
  const saved: Record<string, GoodsFigures | NotApplicable> = {};
  for (const kind of (['postgresql', 'pglite'] as const).filter((k) =>
    knobs.databases.includes(k),
  )) {
    let figures: GoodsFigures | NotApplicable;
    try {
      figures = await on(kind);
    } catch (err) {
      console.error(`[${kind}] goods failed: ${(err as Error).stack}`);
      figures = na(`failed: ${(err as Error).message.split('\n')[0]}`);
    }
    saved[kind] = figures;
    if (isNa(figures)) {
      verdict('goods', `${kind} goods list p99`, figures, '');
      continue;
    }
    const { list: l, upc, upcList, feed } = figures;
    const aims = kind === 'postgresql';
    table(
      `Goods (${kind}, ${l.goods.toLocaleString('en')} goods, ${l.variants.toLocaleString('en')} variants; autocannon ${knobs.connections} connections, ${knobs.seconds} s).${
        aims
          ? ' Aims: list p99 ≤ 15 ms at ≥ 1,500 req/s; 100,000 UPC codes ≤ 5 s; a 10,000-item feed ≤ 60 s'
          : ' No aims: usable is the bar'
      }`,
      [
        ['figure', 'value'],
        ['seed (indexes after, VACUUM ANALYZE)', `${(l.seedMs / 1000).toFixed(1)} s`],
        [
          'derived columns against the variants',
          `${l.inconsistent} of ${l.sampled.toLocaleString('en')} sampled goods differ`,
        ],
        [
          'goods list, one category + listed',
          `${l.matching.toLocaleString('en')} matching, newest first`,
        ],
        ['  API p50 / p99, req/s', `${l.api.p50} / ${l.api.p99} ms, ${l.api.rps}`],
        [
          '  raw page statement, 1 at a time p50 / p99',
          `${l.raw.sequential.p50} / ${l.raw.sequential.p99} ms`,
        ],
        [
          `  raw page statement ×${knobs.connections} p50 / p99, req/s`,
          `${l.raw.concurrent.p50} / ${l.raw.concurrent.p99} ms, ${l.raw.concurrent.rps}`,
        ],
        isNa(upcList)
          ? ['  beside it: the UPC pool list', upcList.na]
          : [
              '  beside it: the UPC pool list (1 statement a call) p50 / p99, req/s',
              `${upcList.p50} / ${upcList.p99} ms, ${upcList.rps}`,
            ],
        isNa(upc)
          ? ['import UPC codes', upc.na]
          : [
              `import ${upc.codes.toLocaleString('en')} UPC codes (${Math.round(upc.bytes / 1024)} KiB)`,
              `${round1(upc.answerMs / 1000)} s (${upc.added.toLocaleString('en')} added, ${upc.duplicates.toLocaleString('en')} already in the pool)`,
            ],
        ...(isNa(feed)
          ? kind === 'postgresql'
            ? [['feed', feed.na]]
            : []
          : [
              [
                `feed of ${feed.items.toLocaleString('en')} items (${feed.batches} batches), sandbox ${feed.batchMs} ms per batch`,
                `${round1(feed.doneMs / 1000)} s to ${feed.status} (${feed.succeeded.toLocaleString('en')} accepted, ${feed.failed} rejected; send call ${feed.sendMs} ms; progress read at ${feed.progressSeen} points)`,
              ],
            ]),
      ],
    );
    if (l.api.non2xx || l.api.errors)
      console.log(`  goods list: ${l.api.non2xx} non-2xx, ${l.api.errors} errors`);
    verdict('goods', `${kind} goods list (category + status) p99`, l.api.p99, 'ms', {
      ...(aims ? { max: 15 } : {}),
    });
    verdict('goods', `${kind} goods list (category + status) req/s`, l.api.rps, 'req/s', {
      ...(aims ? { min: 1500 } : {}),
    });
    verdict(
      'goods',
      `${kind} import ${UPC_CODES.toLocaleString('en')} UPC codes`,
      isNa(upc) ? upc : round1(upc.answerMs / 1000),
      's',
      aims ? { max: 5 } : undefined,
    );
    if (aims)
      verdict(
        'goods',
        `${kind} ${FEED_GOODS * FEED_VARIANTS}-item feed, sandbox ${FEED_BATCH_MS} ms per batch`,
        isNa(feed) ? feed : round1(feed.doneMs / 1000),
        's',
        { max: 60 },
      );
  }
  saveResults('goods', saved);
}
