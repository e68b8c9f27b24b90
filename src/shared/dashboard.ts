import { z } from 'zod';

/** One recent change on the dashboard (from the operation log). */
export const dashboardChange = z.object({
  id: z.number(),
  adminName: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  /** The target's name and where it opens (as the operation log gives them). */
  targetName: z.string().nullable(),
  targetLink: z.string().nullable(),
  createdAt: z.string(),
});
export type DashboardChange = z.infer<typeof dashboardChange>;

/** A live listing, or a store product on sale, with this many units or fewer is low on stock. */
export const LOW_STOCK = 5;

/** Work waiting in an area, and the list that shows it (a route with its filter). */
export const TODOS = [
  { key: 'ordersToShip', route: 'orders-list', link: '/orders-list?status=unshipped' },
  { key: 'shopOrdersToAccept', route: 'product-order', link: '/product-order?status=paid' },
  {
    key: 'refundsToDecide',
    route: 'product-order',
    link: '/product-order?refundStatus=requested',
  },
  {
    key: 'listingsLowStock',
    route: 'listing',
    link: `/listing?status=active&stockRange=0,${LOW_STOCK}`,
  },
  {
    key: 'productsLowStock',
    route: 'product-list',
    link: `/product-list?status=on&stockRange=0,${LOW_STOCK}`,
  },
  { key: 'goodsDrafts', route: 'goods-list', link: '/goods-list?status=draft' },
  { key: 'goodsErrors', route: 'goods-list', link: '/goods-list?status=error' },
  { key: 'feedsFailed', route: 'feeds-list', link: '/feeds-list?status=failed' },
  { key: 'feedsPartial', route: 'feeds-list', link: '/feeds-list?status=partial' },
  { key: 'listingsSuppressed', route: 'listing', link: '/listing?status=suppressed' },
  { key: 'collected', route: 'collection-box', link: '/collection-box?status=new' },
  { key: 'rechargesWaiting', route: 'recharge', link: '/recharge' },
  { key: 'jobsFailed', route: 'job-list', link: '/job-list?state=failed' },
] as const;
export type TodoKey = (typeof TODOS)[number]['key'];

export const dashboardTodo = z.object({
  key: z.enum(TODOS.map((t) => t.key) as [TodoKey, ...TodoKey[]]),
  count: z.number(),
  link: z.string(),
});
export type DashboardTodo = z.infer<typeof dashboardTodo>;

/**
 * A spec combination (大份 / 特辣) of a store product on sale with LOW_STOCK units or fewer of its
 * own, and the product's page.
 */
export const lowStockCombination = z.object({
  productId: z.number(),
  product: z.string(),
  /** Its options, one of each group, in the groups' order. */
  options: z.array(z.string()),
  stock: z.number(),
  link: z.string(),
});
export type LowStockCombination = z.infer<typeof lowStockCombination>;

/** Most low combinations the dashboard names (the fewest left first). */
export const LOW_STOCK_COMBINATIONS_MAX = 20;

const dayFigures = z.object({ orders: z.number(), sales: z.string() });
const dayPair = z.object({ today: dayFigures, yesterday: dayFigures, link: z.string() });
export type DayPair = z.infer<typeof dayPair>;

/**
 * What the dashboard shows: each part only when the account may open its area (null otherwise).
 */
export const dashboardSummary = z.object({
  /** The to-dos of the areas the account may open, those with work waiting only. */
  todos: z.array(dashboardTodo),
  customers: z.object({ total: z.number(), newLast7Days: z.number() }).nullable(),
  articles: z.object({ published: z.number(), drafts: z.number() }).nullable(),
  /**
   * Today's and yesterday's orders and sales (Beijing days), of the marketplaces and of the
   * storefront, each with the list of today's orders.
   */
  marketplaceOrders: dayPair.nullable(),
  shopOrders: dayPair.nullable(),
  recentChanges: z.array(dashboardChange).nullable(),
  /**
   * The store products' combinations low on stock, when the account may open the product list
   * (null otherwise): a product may have plenty while its 大份 / 特辣 runs out.
   */
  lowStockCombinations: z.array(lowStockCombination).nullable(),
});
export type DashboardSummary = z.infer<typeof dashboardSummary>;

/** How many recent changes the dashboard lists. */
export const DASHBOARD_CHANGES = 6;
