import { ResultCode } from '../../../shared/envelope';
import { message } from '../../../shared/messages';
import type { ProductOrderStatus } from '../../../shared/product-order';
import { AppError } from '../../errors';
import type { ResourceHooks } from '../../kit/resource-routes';
import { signalPaid } from './paid-signal';
import { moved } from './service';

/** The event each move of the list's buttons writes on the order's timeline. */
const EVENT: Partial<Record<ProductOrderStatus, string>> = {
  paid: 'confirmPaid',
  accepted: 'accept',
  ready: 'ready',
  delivering: 'deliver',
  completed: 'complete',
};

/**
 * The list's moves (mark paid at the counter, accept, ready, complete): each with its time, its
 * timeline event, and what follows it (see `moved`), in the move's transaction.
 */
export default {
  // An order is named by its number (orders are never imported back); what the customer saved,
  // got back and asked for travels in the file whether or not the list shows it.
  export: {
    key: 'orderNo',
    always: ['discountAmount', 'couponName', 'couponDiscount', 'refundedAmount', 'remark'],
  },
  async beforeWrite(values, { request, tx, before }) {
    const to = values.status as ProductOrderStatus | undefined;
    if (!before || !to) return values;
    // A delivered order goes out for delivery; any other is made ready at the counter.
    const delivered = before.mode === 'delivery';
    if ((to === 'delivering' && !delivered) || (to === 'ready' && delivered))
      throw new AppError(
        ResultCode.CONFLICT,
        message('product-order:errors.wrongWay', {
          orderNo: before.orderNo as string,
          mode: message(`product-order:enums.mode.${before.mode as string}`),
          action: message(`product-order:transitions.${EVENT[to]}`),
        }),
      );
    const set = await moved(tx, request.server.jobs, before as never, to, {
      type: EVENT[to] ?? to,
      actor: request.auth!.name,
    });
    return { ...values, ...set };
  },
  afterCommit(row, { before }) {
    if (before?.status === 'unpaid' && row.status !== 'unpaid')
      signalPaid(row.merchantId as number);
  },
} satisfies ResourceHooks;
