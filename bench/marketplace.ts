/**
 * Marketplace orders at scale, on the PostgreSQL server (issue #24, "Scale"): seeds
 * BENCH_MARKETPLACE_ORDERS orders (3,000,000 by default) over two years with one INSERT …
 * generate_series (the figure triggers off while it runs, the daily figures then built in one
 * statement each, as the triggers would have kept them: the API tests prove the triggers), then
 * measures the order list with two filters under load, the transaction overview for a year, the
 * ranking for a month and the dashboard, each through the API.
 */
import { createTarget, type Kind, type Load, load } from './db';
import {
  isNa,
  knobs,
  type NotApplicable,
  na,
  percentile,
  post,
  saveResults,
  signIn,
  startServer,
  table,
  verdict,
} from './support';

/** Orders seeded: the 3,000,000 on PostgreSQL; on PGlite, 100,000 (it must stay usable). */
const ROWS: Record<Kind, number> = {
  postgresql: Number(process.env.BENCH_MARKETPLACE_ORDERS ?? 3_000_000),
  pglite: Number(process.env.BENCH_MARKETPLACE_PGLITE_ORDERS ?? 100_000),
};
const LIST = '/admin/marketplace-order/list';

/**
 * Orders of one merchant ($1) over 730 days up to now: three marketplaces × ten sites, 50,000
 * buyers, 2,000 SKUs; nearly all delivered, the last three days' still to ship or on their way,
 * one in a hundred cancelled, two in a hundred refunded.
 */
const seedSql = (rows: number) => `
  insert into marketplace_orders (merchant_id, order_no, marketplace, site, buyer, items_summary,
    skus, units, currency, goods_amount, shipping_amount, total_amount, exchange_rate, total_cny,
    fees_cny, refund_amount, refund_cny, status, carrier, tracking_no, ship_by, ordered_at,
    shipped_at, delivered_at, refunded_at)
  select $1::bigint, 'B-' || g, m.marketplace, s.site, 'Buyer ' || (g::bigint * 7919 % 50000),
         'Goods ' || k.sku || ' ×' || u.units, array['SKU-' || k.sku], u.units, 'USD',
         a.goods, 0, a.goods, 7.1, round(a.goods * 7.1, 2), round(a.goods * 0.15 * 7.1, 2),
         case when st.status = 'refunded' then a.goods else 0 end,
         case when st.status = 'refunded' then round(a.goods * 7.1, 2) else 0 end,
         st.status, case when st.status in ('pending', 'unshipped', 'cancelled') then null else 'UPS' end,
         case when st.status in ('pending', 'unshipped', 'cancelled') then '' else '1Z' || g end,
         t.at + interval '2 days', t.at,
         case when st.status in ('shipped', 'delivered', 'refunded') then t.at + interval '1 day' end,
         case when st.status in ('delivered', 'refunded') then t.at + interval '6 days' end,
         case when st.status = 'refunded' then t.at + interval '8 days' end
  from generate_series(1, ${Math.floor(rows)}) g,
       lateral (select now() - (g::bigint * 63113 % (730 * 86400)) * interval '1 second' as at) t,
       lateral (select (array['amazon', 'walmart', 'ebay'])[1 + g % 3] as marketplace) m,
       lateral (select (array['US', 'US', 'US', 'CA', 'MX', 'UK', 'DE', 'FR', 'JP', 'AU'])[1 + g / 3 % 10] as site) s,
       lateral (select (g::bigint * 104729 % 2000)::text as sku) k,
       lateral (select 1 + g % 3 as units) u,
       lateral (select (u.units * (5 + (g::bigint * 31 % 9000) / 100.0))::numeric(14, 2) as goods) a,
       lateral (select case
         when t.at > now() - interval '1 day' then (array['pending', 'unshipped', 'unshipped', 'shipped'])[1 + g % 4]
         when t.at > now() - interval '3 days' then (array['unshipped', 'shipped', 'shipped'])[1 + g % 3]
         when g % 100 = 7 then 'cancelled'
         when g % 50 = 11 then 'refunded'
         else 'delivered' end as status) st`;

/**
 * The daily figures the triggers keep, built at once from the seeded orders, in the order of the
 * days as the triggers write them (a month's rows together, not scattered over the table).
 */
const FIGURES_SQL = [
  // Each order's SKUs beside it (0038), newest first by SKU for the list's SKU filter.
  `insert into marketplace_order_skus (merchant_id, seller_sku, ordered_at, order_id)
   select distinct o.merchant_id, s, o.ordered_at, o.id from marketplace_orders o, unnest(o.skus) s`,
  // The list's number (0007), as the first write would have raised it: counts are then kept.
  `insert into list_versions (merchant_id, table_name)
   select distinct merchant_id, 'marketplace_orders' from marketplace_orders on conflict do nothing`,
  `insert into marketplace_order_days (merchant_id, day, marketplace, site, orders, units, sales, fees)
   select merchant_id, (ordered_at at time zone 'Asia/Shanghai')::date, marketplace, site,
          count(*), sum(units), sum(total_cny), sum(fees_cny)
   from marketplace_orders where status <> 'cancelled' group by 1, 2, 3, 4 order by 2`,
  `insert into marketplace_order_days as t (merchant_id, day, marketplace, site, refunds)
   select merchant_id, (refunded_at at time zone 'Asia/Shanghai')::date, marketplace, site, sum(refund_cny)
   from marketplace_orders where refunded_at is not null group by 1, 2, 3, 4
   on conflict (merchant_id, day, marketplace, site) do update set refunds = t.refunds + excluded.refunds`,
  `insert into marketplace_buyer_days (merchant_id, day, buyer, orders, units, sales)
   select merchant_id, (ordered_at at time zone 'Asia/Shanghai')::date, buyer, count(*), sum(units), sum(total_cny)
   from marketplace_orders where status <> 'cancelled' group by 1, 2, 3 order by 2`,
  `insert into marketplace_sku_days (merchant_id, day, seller_sku, orders, units, sales)
   select merchant_id, (ordered_at at time zone 'Asia/Shanghai')::date, skus[1], count(*), sum(units), sum(total_cny)
   from marketplace_orders where status <> 'cancelled' group by 1, 2, 3 order by 2`,
];

const day = (offset: number) =>
  new Date(Date.now() + 8 * 3_600_000 + offset * 86_400_000).toISOString().slice(0, 10);

/** The list with two filters, as a merchant combines them. */
const LISTS: [string, Record<string, unknown>][] = [
  ['site + status', { site: 'UK', status: 'delivered' }],
  ['status + last 30 days', { status: 'unshipped', orderedAtRange: [day(-29), day(0)] }],
  ['buyer + site', { buyer: 'Buyer 4242', site: 'US' }],
  ['SKU + status', { skus: 'SKU-42', status: 'delivered' }],
];

interface MarketplaceFigures {
  rows: number;
  seedMs: number;
  lists: { name: string; total: number; api: Load }[];
  timed: { name: string; p50: number; p99: number }[];
}

const rowsOf = <T>(answer: unknown) => (answer as { rows: T[] }).rows;

/** `calls` sequential calls of one body: p50 and p99 in ms. */
async function timeCalls(url: string, body: unknown, token: string, calls = 20) {
  const times: number[] = [];
  await post(url, body, token);
  for (let i = 0; i < calls; i++) {
    const t0 = performance.now();
    await post(url, body, token);
    times.push(performance.now() - t0);
  }
  return {
    p50: Math.round(percentile(times, 50) * 10) / 10,
    p99: Math.round(percentile(times, 99) * 10) / 10,
  };
}

async function on(kind: Kind): Promise<MarketplaceFigures> {
  const rows = ROWS[kind];
  console.log(`\n[${kind}] marketplace orders: preparing…`);
  const target = await createTarget(kind);
  try {
    await (await startServer(target.env)).stop();
    const direct = await target.open();
    let seedMs: number;
    try {
      const owner = rowsOf<{ merchant_id: string | number }>(
        await direct.raw({
          sql: "select merchant_id from admins where name = 'admin'",
          params: [],
        }),
      );
      const merchantId = Number(owner[0]?.merchant_id);
      console.log(`[${kind}] seeding ${rows.toLocaleString('en')} marketplace orders…`);
      const t0 = performance.now();
      // The indexes are made after the rows (one sort each, not three million insertions).
      const indexes = rowsOf<{ name: string; def: string }>(
        await direct.raw({
          sql: `select indexname as name, indexdef as def from pg_indexes
                where tablename = 'marketplace_orders' and indexname <> 'marketplace_orders_pkey'`,
          params: [],
        }),
      );
      for (const index of indexes)
        await direct.raw({ sql: `drop index "${index.name}"`, params: [] });
      await direct.raw({ sql: 'alter table marketplace_orders disable trigger user', params: [] });
      await direct.raw({ sql: seedSql(rows), params: [merchantId] });
      await direct.raw({ sql: 'alter table marketplace_orders enable trigger user', params: [] });
      for (const index of indexes) await direct.raw({ sql: index.def, params: [] });
      for (const sql of FIGURES_SQL) await direct.raw({ sql, params: [] });
      for (const t of [
        'marketplace_orders',
        'marketplace_order_skus',
        'marketplace_order_days',
        'marketplace_buyer_days',
        'marketplace_sku_days',
      ])
        await direct.raw({ sql: `vacuum analyze ${t}`, params: [] });
      seedMs = Math.round(performance.now() - t0);
    } finally {
      await direct.close();
    }
    const server = await startServer(target.env);
    try {
      const token = await signIn(server.url);
      const lists: MarketplaceFigures['lists'] = [];
      for (const [name, filters] of LISTS) {
        const body = { page: 1, pageSize: 20, ...filters };
        const page = await post<{ total: number }>(`${server.url}${LIST}`, body, token);
        console.log(
          `[${kind}] load: order list, ${name} (${page.total.toLocaleString('en')} orders)…`,
        );
        lists.push({ name, total: page.total, api: await load(server, LIST, body, token) });
      }
      const base = `${server.url}/admin/marketplace-order`;
      const timed = [
        {
          name: 'transaction overview, a year',
          ...(await timeCalls(`${base}/overview`, { from: day(-364), to: day(0) }, token)),
        },
        {
          name: 'ranking of goods, a month, by sales',
          ...(await timeCalls(
            `${base}/ranking`,
            { from: day(-29), to: day(0), by: 'goods', sort: 'sales' },
            token,
          )),
        },
        {
          name: 'ranking of buyers, a month, by units',
          ...(await timeCalls(
            `${base}/ranking`,
            { from: day(-29), to: day(0), by: 'buyers', sort: 'units' },
            token,
          )),
        },
        {
          name: 'ranking of sites, a month',
          ...(await timeCalls(
            `${base}/ranking`,
            { from: day(-29), to: day(0), by: 'sites', sort: 'sales' },
            token,
          )),
        },
        {
          name: 'dashboard summary',
          ...(await timeCalls(`${server.url}/admin/dashboard/summary`, {}, token)),
        },
      ];
      return { rows, seedMs, lists, timed };
    } finally {
      await server.stop();
    }
  } finally {
    await target.drop();
  }
}

/** On each database of BENCH_DB: the budgets on PostgreSQL; PGlite's figures beside them. */
export async function marketplace() {
  const saved: Record<string, MarketplaceFigures | NotApplicable> = {};
  for (const kind of knobs.databases as Kind[]) {
    let figures: MarketplaceFigures | NotApplicable;
    try {
      figures = await on(kind);
    } catch (err) {
      console.error(`[${kind}] marketplace failed: ${(err as Error).stack}`);
      figures = na(`failed: ${(err as Error).message.split('\n')[0]}`);
    }
    saved[kind] = figures;
    if (isNa(figures)) {
      verdict('marketplace', `${kind} order list p99`, figures, '');
      continue;
    }
    const f = figures;
    const aims = kind === 'postgresql';
    table(
      `Marketplace orders (${kind}, ${f.rows.toLocaleString('en')} orders).${
        aims
          ? ' Aims: list p99 ≤ 15 ms at ≥ 1,500 req/s; overview and ranking ≤ 200 ms; dashboard ≤ 50 ms'
          : ' No aims: usable is the bar'
      }`,
      [
        ['figure', 'value'],
        ['seed (with the daily figures and VACUUM ANALYZE)', `${(f.seedMs / 1000).toFixed(1)} s`],
        ...f.lists.map((l) => [
          `list, ${l.name} (${l.total.toLocaleString('en')})`,
          `p50 ${l.api.p50} / p99 ${l.api.p99} ms, ${l.api.rps} req/s`,
        ]),
        ...f.timed.map((t) => [t.name, `p50 ${t.p50} / p99 ${t.p99} ms (one at a time)`]),
      ],
    );
    for (const l of f.lists) {
      verdict(
        'marketplace',
        `${kind} order list ${l.name} p99`,
        l.api.p99,
        'ms',
        aims ? { max: 15 } : undefined,
      );
      verdict(
        'marketplace',
        `${kind} order list ${l.name} req/s`,
        l.api.rps,
        'req/s',
        aims ? { min: 1500 } : undefined,
      );
    }
    for (const t of f.timed)
      verdict(
        'marketplace',
        `${kind} ${t.name} p99`,
        t.p99,
        'ms',
        aims ? { max: t.name.startsWith('dashboard') ? 50 : 200 } : undefined,
      );
  }
  saveResults('marketplace', saved);
}
