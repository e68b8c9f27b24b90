import { extensionOrder } from '../../../shared/resources/extension-order';
import { readContract } from '../../kit/resource-contract';
import { partnerCode, storefrontOrder } from '../product-order/test-orders';

/**
 * The promotion's view of the storefront's orders: the n-th customer's order, brought by an
 * approved selling partner's invite code (an order without a campaign, coupon or partner is not
 * in this list). The worker stays off.
 */
readContract(
  extensionOrder,
  async (made, n) => (await storefrontOrder(made, n, { ref: await partnerCode(made) })).id,
  { env: { JOBS: 'off' } },
);
