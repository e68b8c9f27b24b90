import { and, eq } from 'drizzle-orm';
import { evaluate } from '../../../shared/resources/evaluate';
import { evaluations } from '../../db/schema/evaluate';
import { resourceContract } from '../../kit/resource-contract';
import { completed, customerToken, storefrontOrder } from '../product-order/test-orders';

/**
 * An evaluation is written by the customer of a completed order, through the storefront (the
 * merchant only replies and shows or hides it): the n-th customer's order, worked to completed
 * at the counter, then rated. The worker stays off: no auto-praise.
 */
resourceContract(
  evaluate,
  { reply: '谢谢光临，欢迎再来', visible: false },
  { reply: '感谢好评' },
  {
    env: { JOBS: 'off' },
    madeBy: async (made, n) => {
      const order = await storefrontOrder(made, n);
      await completed(made, order.id);
      const rated = (
        await made.t.post('/open/shop/1/order/evaluate', {
          token: customerToken(n),
          orderNo: order.orderNo,
          rating: 5,
          content: `柠檬茶很好喝 ${n}`,
        })
      ).json();
      if (rated.code !== 200) throw new Error(`evaluate: ${rated.msg}`);
      const [row] = await made.t.db
        .select({ id: evaluations.id })
        .from(evaluations)
        .where(and(eq(evaluations.merchantId, 1), eq(evaluations.orderNo, order.orderNo)));
      return row!.id;
    },
  },
);
