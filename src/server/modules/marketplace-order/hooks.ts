import { sql } from 'drizzle-orm';
import { marketplaceOrders as orders, marketplaceOrderSkus as skus } from '../../db/schema';
import type { ResourceHooks } from '../../kit/resource-routes';

/**
 * The SKU filter reads the orders' SKUs beside them (marketplace_order_skus, by SKU and time):
 * matched on the order's id and time, PostgreSQL walks that index in the list's order and stops
 * at a page (0.1 ms on three million orders, where the GIN index read all 1,500 of a SKU's orders
 * and sorted them, 18 ms).
 *
 * The site's index holds each order's status (INCLUDE, migration 0040): a site with a status
 * finds its page's ids in that index, where it read from the table every order of the site newer
 * than the page to test its status (1,253 for the bench's page of UK's delivered orders).
 */
export default {
  idsFirst: (params) => params.site !== undefined && params.status !== undefined,
  filters: {
    skus: (sku, merchantId) => sql`(${orders.id}, ${orders.orderedAt}) in (
      select ${skus.orderId}, ${skus.orderedAt} from ${skus}
      where ${skus.merchantId} = ${merchantId} and ${skus.sellerSku} = ${String(sku)})`,
  },
} satisfies ResourceHooks;
