import { sql } from 'drizzle-orm';
import {
  marketplaceOrders as orders,
  marketplaceOrderSkus as skus,
} from '../../db/schema/marketplace-order';
import type { ResourceHooks } from '../../kit/resource-routes';

/**
 * The SKU filter reads the orders' SKUs beside them (marketplace_order_skus, by SKU and time):
 * matched on the order's id and time, PostgreSQL walks that index in the list's order and stops
 * at a page (0.1 ms on three million orders, where the GIN index read all 1,500 of a SKU's orders
 * and sorted them, 18 ms).
 *
 * A site with a status finds its page's ids first, in the index of (site, status, time) alone
 * (migration 0041): 21 index pages for the bench's page of UK's delivered orders, where the site's
 * index passed 1,233 newer orders of other statuses (1,031 pages; PostgreSQL, guessing delivered
 * orders spread evenly over time, took that index while it held the status).
 */
export default {
  idsFirst: (params) => params.site !== undefined && params.status !== undefined,
  filters: {
    skus: (sku, merchantId) => sql`(${orders.id}, ${orders.orderedAt}) in (
      select ${skus.orderId}, ${skus.orderedAt} from ${skus}
      where ${skus.merchantId} = ${merchantId} and ${skus.sellerSku} = ${String(sku)})`,
  },
} satisfies ResourceHooks;
