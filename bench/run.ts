/**
 * `npm run bench` — what users feel, at scale, on both databases. Parts: bytes, page, api, scale,
 * orders, houses, marketplace, goods (`npm run bench:bytes` etc., or `tsx bench/run.ts api scale`;
 * orders and houses: PostgreSQL only; BENCH_HOUSES listings, 500000; marketplace:
 * BENCH_MARKETPLACE_ORDERS on PostgreSQL, 3000000, and BENCH_MARKETPLACE_PGLITE_ORDERS on PGlite,
 * 100000; goods: BENCH_GOODS on PostgreSQL, 1000000, BENCH_GOODS_PGLITE on PGlite, 100000,
 * BENCH_GOODS_UPC codes, 100000, BENCH_GOODS_FEED_BATCH_MS, 0). Prints tables and a summary
 * beside the budgets, writes bench/results/latest.json. Figures only: nothing fails on time.
 *
 * Knobs: BENCH_ROWS (1000000), BENCH_SECONDS per autocannon call (10), BENCH_CONNECTIONS (10),
 * BENCH_RUNS page loads per CPU rate (5), BENCH_DB (pglite,postgresql), BENCH_PG_URL
 * (postgres://postgres@127.0.0.1:5432/postgres: a temporary database is created and dropped),
 * BENCH_BUILD=1 (build the SPA afresh into a temporary folder), BENCH_KEEP=1 (keep the PostgreSQL
 * databases made, to read plans in them afterwards), BENCH_NODE_ARGS (flags for the server's node,
 * e.g. `--cpu-prof --cpu-prof-dir=DIR`), CHROMIUM_PATH.
 */
import { bytes } from './bytes';
import { databases } from './db';
import { goods } from './goods';
import { houses } from './houses';
import { marketplace } from './marketplace';
import { orders } from './orders';
import { pageLoad } from './page';
import { cleanupAll, knobs, machine, machineSpeedText, RESULTS, table, verdicts } from './support';

const PARTS = [
  'bytes',
  'page',
  'api',
  'scale',
  'orders',
  'houses',
  'marketplace',
  'goods',
] as const;
const asked = process.argv.slice(2);
const unknown = asked.filter((p) => !(PARTS as readonly string[]).includes(p));
if (unknown.length) {
  console.error(`Unknown part(s): ${unknown.join(', ')}. Parts: ${PARTS.join(', ')}`);
  process.exit(2);
}
const want = (part: (typeof PARTS)[number]) => asked.length === 0 || asked.includes(part);

const started = performance.now();
console.log(`Merchant Admin benchmarks — ${new Date().toISOString()}`);
console.log(`Machine: ${machine()}`);
console.log(`Speed: ${machineSpeedText()}`);
console.log(
  `Rows ${knobs.rows.toLocaleString('en')}, ${knobs.seconds} s per load, ${knobs.connections} connections, ${knobs.runs} page runs, databases ${knobs.databases.join(' + ')}`,
);

const failures: string[] = [];
async function part(name: string, run: () => Promise<unknown>) {
  try {
    await run();
  } catch (err) {
    failures.push(name);
    console.error(`\n${name}: could not run: ${(err as Error).stack}`);
  }
}
try {
  if (want('bytes')) await part('bytes', bytes);
  if (want('page')) await part('page', pageLoad);
  if (want('api') || want('scale'))
    await part('api/scale', () => databases({ api: want('api'), scale: want('scale') }));
  if (want('orders')) await part('orders', orders);
  if (want('houses') && knobs.databases.includes('postgresql')) await part('houses', houses);
  if (want('marketplace')) await part('marketplace', marketplace);
  if (want('goods')) await part('goods', goods);
} finally {
  await cleanupAll();
}

table('Summary (budgets are aims; nothing fails on them)', [
  ['part', 'figure', 'value', 'budget', ''],
  ...verdicts.map((v) => [
    v.part,
    v.figure,
    v.value,
    v.budget,
    v.met === null ? '' : v.met ? 'within' : 'ABOVE',
  ]),
]);
if (failures.length) console.log(`\nParts that could not run: ${failures.join(', ')}`);
console.log(
  `\nDone in ${Math.round((performance.now() - started) / 1000)} s; figures in ${RESULTS}`,
);
process.exit(0);
