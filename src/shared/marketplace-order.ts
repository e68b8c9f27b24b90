import Big from 'big.js';
import { z } from 'zod';
import { day } from './list';
import { MARKETPLACES, SITES } from './marketplace';
import { messageKey as m } from './messages';
import { CARRIERS, type MARKETPLACE_ORDER_STATUSES } from './resources/marketplace-order';

export type MarketplaceOrderStatus = (typeof MARKETPLACE_ORDER_STATUSES)[number];

/** The states an order can be cancelled in (nothing has left the warehouse). */
export const CANCELLABLE: readonly MarketplaceOrderStatus[] = ['pending', 'unshipped'];
/** The states money can go back to the buyer in (the goods have left). */
export const REFUNDABLE: readonly MarketplaceOrderStatus[] = ['shipped', 'delivered', 'refunded'];

export type Carrier = (typeof CARRIERS)[number];

/** A site's currency: the listing settings' and the orders' follow it. */
export { SITE_CURRENCY } from './marketplace';

/**
 * Yuan for one unit of a currency when the merchant's listing settings name no rate for the
 * order's marketplace and site (the listing settings' rate is the day's rate otherwise).
 */
export const DEFAULT_RATES: Record<string, string> = {
  USD: '7.1000',
  CAD: '5.2000',
  MXN: '0.4100',
  GBP: '9.0000',
  EUR: '7.7000',
  JPY: '0.0480',
  AUD: '4.7000',
};

/** What each marketplace keeps of an order's goods (its referral fee), as a fraction. */
export const FEE_RATES: Record<(typeof MARKETPLACES)[number], string> = {
  amazon: '0.15',
  walmart: '0.15',
  ebay: '0.1325',
};

/** An amount in the order's currency as yuan at the order's rate, to the fen (half up). */
export const toYuan = (amount: string, rate: string) => new Big(amount).times(rate).toFixed(2);

/** The marketplace's fee on an order's goods, to the cent (half up). */
export const feeOf = (marketplace: (typeof MARKETPLACES)[number], goods: string) =>
  new Big(goods).times(FEE_RATES[marketplace]).toFixed(2);

/** One line of an order as the marketplace sends it. */
export const marketplaceOrderItem = z.object({
  id: z.number(),
  sellerSku: z.string(),
  title: z.string(),
  listingId: z.number().nullable(),
  goodsId: z.number().nullable(),
  quantity: z.number(),
  unitPrice: z.string(),
  amount: z.string(),
  amountCny: z.string(),
});
export const marketplaceOrderEvent = z.object({
  id: z.number(),
  type: z.string(),
  actor: z.string(),
  note: z.string(),
  createdAt: z.string(),
});
export const marketplaceOrderParts = z.object({
  items: z.array(marketplaceOrderItem),
  events: z.array(marketplaceOrderEvent),
});
export type MarketplaceOrderParts = z.infer<typeof marketplaceOrderParts>;

const trackingNo = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[A-Za-z0-9-]+$/);
/** One order shipped: its carrier and tracking number. */
export const shipment = z.object({
  id: z.number().int().positive(),
  carrier: z.enum(CARRIERS),
  trackingNo,
});
export type Shipment = z.infer<typeof shipment>;
/** Ships one order or many, each with its own tracking number. */
export const shipBody = z.object({ shipments: z.array(shipment).min(1).max(500) });
/** One row of a shipping file: the order by its number. */
export const shipFileRow = z.object({
  orderNo: z.string().trim().min(1).max(40),
  carrier: z.enum(CARRIERS),
  trackingNo,
});
export const shipResult = z.object({
  shipped: z.number(),
  /** The rows (1-based in a file, else the shipment's place) that were not shipped, and why. */
  errors: z.array(z.object({ row: z.number(), orderNo: z.string(), reason: z.string() })),
});
export type ShipResult = z.infer<typeof shipResult>;

/** A period of whole days (Beijing time), inclusive. */
export const periodBody = z
  .object({ from: day, to: day, site: z.enum(SITES).optional() })
  .refine((p) => p.from <= p.to && daysBetween(p.from, p.to) <= 400, {
    path: ['to'],
    message: m('validation.period'),
    params: { max: 400 },
  });
export type Period = z.infer<typeof periodBody>;

const ms = (d: string) => Date.parse(`${d}T00:00:00Z`);
/** Days from `from` to `to`, both counted. */
export const daysBetween = (from: string, to: string) => (ms(to) - ms(from)) / 86_400_000 + 1;
/** `d` moved by `n` days. */
export const addDays = (d: string, n: number) =>
  new Date(ms(d) + n * 86_400_000).toISOString().slice(0, 10);
/** The period of the same length just before this one. */
export function previousPeriod(from: string, to: string) {
  const n = daysBetween(from, to);
  return { from: addDays(from, -n), to: addDays(from, -1) };
}
/** Today in Beijing (the days the figures are kept by). */
export const beijingDay = (at = new Date()) =>
  new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);

/** The figures of one day (or one site, or a whole period): yuan, two decimals. */
export const figures = z.object({
  orders: z.number(),
  units: z.number(),
  sales: z.string(),
  fees: z.string(),
  refunds: z.string(),
  net: z.string(),
});
export type Figures = z.infer<typeof figures>;
export const overviewResult = z.object({
  total: figures,
  previous: figures,
  days: z.array(figures.extend({ day: z.string() })),
  sites: z.array(figures.extend({ marketplace: z.string(), site: z.string() })),
});
export type OverviewResult = z.infer<typeof overviewResult>;

export const RANKINGS = ['goods', 'sites', 'buyers'] as const;
export type Ranking = (typeof RANKINGS)[number];
export const rankingBody = z
  .object({ from: day, to: day, by: z.enum(RANKINGS), sort: z.enum(['units', 'sales']) })
  .refine((p) => p.from <= p.to && daysBetween(p.from, p.to) <= 400, {
    path: ['to'],
    message: m('validation.period'),
    params: { max: 400 },
  });
/** How many rows a ranking lists. */
export const RANKING_SIZE = 20;
export const rankingResult = z.object({
  rows: z.array(
    z.object({
      key: z.string(),
      /** The goods' title, the site's marketplace; '' for a buyer. */
      label: z.string(),
      orders: z.number(),
      units: z.number(),
      sales: z.string(),
    }),
  ),
});
export type RankingResult = z.infer<typeof rankingResult>;

/** Settlements: the marketplace's report for a period, compared order by order. */
export const SETTLEMENT_STATUSES = ['downloading', 'matched', 'differences', 'failed'] as const;
export const settlementDifference = z.object({
  orderNo: z.string(),
  /** What the report says the order paid out, and what the orders say it should (null: absent). */
  reported: z.string().nullable(),
  expected: z.string().nullable(),
});
export type SettlementDifference = z.infer<typeof settlementDifference>;
export const settlement = z.object({
  id: z.number(),
  marketplace: z.string(),
  site: z.string(),
  periodFrom: z.string(),
  periodTo: z.string(),
  status: z.enum(SETTLEMENT_STATUSES),
  orders: z.number(),
  /** The site's currency, which every amount of the report is in. */
  currency: z.string(),
  reported: z.string(),
  expected: z.string(),
  differences: z.array(settlementDifference),
  createdAt: z.string(),
});
export type Settlement = z.infer<typeof settlement>;
export const settleBody = z
  .object({
    marketplace: z.enum(MARKETPLACES),
    site: z.enum(SITES),
    from: day,
    to: day,
  })
  .refine((p) => p.from <= p.to && daysBetween(p.from, p.to) <= 31, {
    path: ['to'],
    message: m('validation.period'),
    params: { max: 31 },
  });

/** The sandbox marketplace's buyer: buys one of the merchant's live listings. */
export const sandboxBuyBody = z.object({
  listingId: z.number().int().positive(),
  quantity: z.number().int().min(1).max(20),
  buyer: z.string().trim().min(1).max(64),
});

/** A ship-to address as a packing slip or label prints it: one line each, empty parts left out. */
export function shipToLines(order: {
  shipName: string;
  shipAddress1: string;
  shipAddress2: string;
  shipCity: string;
  shipState: string;
  shipPostalCode: string;
  shipCountry: string;
}): string[] {
  return [
    order.shipName,
    order.shipAddress1,
    order.shipAddress2,
    [order.shipCity, [order.shipState, order.shipPostalCode].filter(Boolean).join(' ')]
      .filter(Boolean)
      .join(', '),
    order.shipCountry,
  ].filter((line) => line.trim() !== '');
}
