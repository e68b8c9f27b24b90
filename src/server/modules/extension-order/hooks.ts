import { isNotNull, or } from 'drizzle-orm';
import { productOrders } from '../../db/schema/product-order';
import type { ResourceHooks } from '../../kit/resource-routes';

/**
 * Of the storefront's orders, those a campaign or a coupon discounted or a selling partner
 * brought.
 */
export default {
  scope: () => [
    or(
      isNotNull(productOrders.extensionId),
      isNotNull(productOrders.couponId),
      isNotNull(productOrders.partnerId),
    ),
  ],
} satisfies ResourceHooks;
