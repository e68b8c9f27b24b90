import Big from 'big.js';
import { and, between, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import {
  addDays,
  daysBetween,
  type Figures,
  type OverviewResult,
  type Period,
  previousPeriod,
  RANKING_SIZE,
  type Ranking,
  type RankingResult,
} from '../../../shared/marketplace-order';
import type { Executor } from '../../db/client';
import { listings } from '../../db/schema/listing';
import {
  marketplaceBuyerDays,
  marketplaceOrderDays,
  marketplaceSkuDays,
} from '../../db/schema/marketplace-order';

/**
 * The figures of /transaction_overview and /order-data-top, read from the daily figures the
 * orders' triggers keep (migration 0028): a year is at most a few thousand rows of days and sites,
 * never the orders themselves.
 */

const money = (value: unknown) => new Big(String(value ?? 0)).toFixed(2);

const sums = {
  orders: sql<number>`coalesce(sum(${marketplaceOrderDays.orders}), 0)::int`,
  units: sql<number>`coalesce(sum(${marketplaceOrderDays.units}), 0)::int`,
  sales: sql<string>`coalesce(sum(${marketplaceOrderDays.sales}), 0)::text`,
  fees: sql<string>`coalesce(sum(${marketplaceOrderDays.fees}), 0)::text`,
  refunds: sql<string>`coalesce(sum(${marketplaceOrderDays.refunds}), 0)::text`,
};

function figuresOf(row?: {
  orders: number;
  units: number;
  sales: string;
  fees: string;
  refunds: string;
}): Figures {
  const sales = money(row?.sales);
  const fees = money(row?.fees);
  const refunds = money(row?.refunds);
  return {
    orders: Number(row?.orders ?? 0),
    units: Number(row?.units ?? 0),
    sales,
    fees,
    refunds,
    net: new Big(sales).minus(fees).minus(refunds).toFixed(2),
  };
}

function daysWhere(merchantId: number, from: string, to: string, site?: string) {
  const where: SQL[] = [
    eq(marketplaceOrderDays.merchantId, merchantId),
    between(marketplaceOrderDays.day, from, to),
  ];
  if (site) where.push(eq(marketplaceOrderDays.site, site));
  return and(...where);
}

/** A period's figures: in total, against the period before, by day (every day) and by site. */
export async function overview(
  ex: Executor,
  merchantId: number,
  period: Period,
): Promise<OverviewResult> {
  const { from, to, site } = period;
  const before = previousPeriod(from, to);
  const [days, sites, [previous]] = await Promise.all([
    ex
      .select({ day: marketplaceOrderDays.day, ...sums })
      .from(marketplaceOrderDays)
      .where(daysWhere(merchantId, from, to, site))
      .groupBy(marketplaceOrderDays.day),
    ex
      .select({
        marketplace: marketplaceOrderDays.marketplace,
        site: marketplaceOrderDays.site,
        ...sums,
      })
      .from(marketplaceOrderDays)
      .where(daysWhere(merchantId, from, to, site))
      .groupBy(marketplaceOrderDays.marketplace, marketplaceOrderDays.site)
      .orderBy(desc(sums.sales)),
    ex
      .select(sums)
      .from(marketplaceOrderDays)
      .where(daysWhere(merchantId, before.from, before.to, site)),
  ]);
  const byDay = new Map(days.map((d) => [d.day, d]));
  const series = Array.from({ length: daysBetween(from, to) }, (_, i) => {
    const day = addDays(from, i);
    return { day, ...figuresOf(byDay.get(day)) };
  });
  const total = figuresOf(
    days.reduce(
      (sum, d) => ({
        orders: sum.orders + Number(d.orders),
        units: sum.units + Number(d.units),
        sales: new Big(sum.sales).plus(d.sales).toString(),
        fees: new Big(sum.fees).plus(d.fees).toString(),
        refunds: new Big(sum.refunds).plus(d.refunds).toString(),
      }),
      { orders: 0, units: 0, sales: '0', fees: '0', refunds: '0' },
    ),
  );
  return {
    total,
    previous: figuresOf(previous),
    days: series,
    sites: sites.map((s) => ({ marketplace: s.marketplace, site: s.site, ...figuresOf(s) })),
  };
}

/** The top goods (by seller SKU), sites or buyers of a period, by units or by sales. */
export async function ranking(
  ex: Executor,
  merchantId: number,
  { from, to, by, sort }: { from: string; to: string; by: Ranking; sort: 'units' | 'sales' },
): Promise<RankingResult> {
  if (by === 'sites') {
    const rows = await ex
      .select({
        marketplace: marketplaceOrderDays.marketplace,
        site: marketplaceOrderDays.site,
        ...sums,
      })
      .from(marketplaceOrderDays)
      .where(daysWhere(merchantId, from, to))
      .groupBy(marketplaceOrderDays.marketplace, marketplaceOrderDays.site)
      .having(sql`sum(${marketplaceOrderDays.orders}) > 0`)
      .orderBy(desc(sort === 'units' ? sums.units : sql`sum(${marketplaceOrderDays.sales})`))
      .limit(RANKING_SIZE);
    return {
      rows: rows.map((r) => ({
        key: `${r.marketplace}:${r.site}`,
        label: r.marketplace,
        orders: Number(r.orders),
        units: Number(r.units),
        sales: money(r.sales),
      })),
    };
  }
  const table = by === 'goods' ? marketplaceSkuDays : marketplaceBuyerDays;
  const key = by === 'goods' ? marketplaceSkuDays.sellerSku : marketplaceBuyerDays.buyer;
  const units = sql<number>`sum(${table.units})::int`;
  // In whole cents: a month of 50,000 buyers is 120,000 days to add, and adding bigints takes
  // two thirds of the time numerics do (exactly: a sales figure has two decimals).
  const cents = sql<string>`sum((${table.sales} * 100)::int8)`;
  const rows = await ex
    .select({
      key,
      orders: sql<number>`sum(${table.orders})::int`,
      units,
      cents: sql<string>`${cents}::text`,
    })
    .from(table)
    .where(and(eq(table.merchantId, merchantId), between(table.day, from, to)))
    .groupBy(key)
    // A buyer whose only order was cancelled keeps a day of zeros.
    .having(sql`sum(${table.orders}) > 0`)
    .orderBy(desc(sort === 'units' ? units : cents), key)
    .limit(RANKING_SIZE);
  const titles = new Map<string, string>();
  if (by === 'goods' && rows.length > 0) {
    const found = await ex
      .selectDistinctOn([listings.sellerSku], { sku: listings.sellerSku, title: listings.title })
      .from(listings)
      .where(
        and(
          eq(listings.merchantId, merchantId),
          inArray(
            listings.sellerSku,
            rows.map((r) => r.key),
          ),
        ),
      )
      .orderBy(listings.sellerSku, desc(listings.updatedAt));
    for (const row of found) titles.set(row.sku, row.title);
  }
  return {
    rows: rows.map((r) => ({
      key: r.key,
      label: titles.get(r.key) ?? '',
      orders: Number(r.orders),
      units: Number(r.units),
      sales: new Big(r.cents).div(100).toFixed(2),
    })),
  };
}

/** A day's orders and sales (the dashboard's today and yesterday). */
export async function dayFigures(ex: Executor, merchantId: number, day: string) {
  const [row] = await ex
    .select(sums)
    .from(marketplaceOrderDays)
    .where(daysWhere(merchantId, day, day));
  return figuresOf(row);
}
