import Big from 'big.js';
import { and, inArray, sql } from 'drizzle-orm';
import { message } from '../../../shared/messages';
import { PAID_STATUSES } from '../../../shared/product-order';
import { offerRuleBroken } from '../../../shared/promotion-terms';
import { productOrders } from '../../db/schema/product-order';
import { fieldError } from '../../errors';
import type { ResourceHooks } from '../../kit/resource-routes';
import { scheduleClock, statusAt } from './clock';
import { keepWhenOrdered } from './in-use';

const dateOf = (value: unknown) => (value ? new Date(value as string | Date) : null);

/**
 * A campaign's period and offer are checked as a whole; publishing makes it scheduled or, once its
 * start has come, active, and queues the clock that moves it on. Its figures (orders, customers,
 * discount given, sales) are read from the paid orders that applied it, so they are never out of
 * step; one with orders is ended, not deleted.
 */
export default {
  async beforeWrite(values, { request, tx, before }) {
    const next = { ...before, ...values };
    const start = dateOf(next.startAt);
    const end = dateOf(next.endAt);
    if (start && end && end <= start) throw fieldError('endAt', message('extension:rules.period'));
    const offer = offerRuleBroken(next, values);
    if (offer.broken)
      throw fieldError(
        offer.broken.field,
        message(`extension:rules.${offer.broken.rule}` as never, offer.broken.params),
      );
    // Published: its status follows its times (publishing one already over is refused).
    let set: Record<string, unknown> = { ...values, ...offer.kept };
    const published =
      values.status === 'scheduled' ||
      before?.status === 'scheduled' ||
      before?.status === 'active';
    if (values.status !== 'ended' && published && start && end) {
      if (values.status === 'scheduled' && end.getTime() <= Date.now())
        throw fieldError('endAt', message('extension:rules.period'));
      const status = statusAt(start, end);
      set = { ...set, status };
      // The clock looks again at the new times (a stale run finds nothing to do).
      if (before && status !== 'ended')
        await scheduleClock(
          request.server.jobs,
          { id: before.id as number, merchantId: request.auth!.merchantId },
          status === 'scheduled' ? start : end,
          tx,
        );
    }
    return set;
  },
  async decorate(rows, { ex }) {
    if (rows.length === 0) return;
    const figures = await ex
      .select({
        id: productOrders.extensionId,
        orders: sql<number>`count(*)::int`,
        customers: sql<number>`count(distinct ${productOrders.customerKey})::int`,
        discount: sql<string>`coalesce(sum(${productOrders.discountAmount}), 0)::text`,
        sales: sql<string>`coalesce(sum(${productOrders.totalAmount} - ${productOrders.refundedAmount}), 0)::text`,
      })
      .from(productOrders)
      .where(
        and(
          inArray(
            productOrders.extensionId,
            rows.map((row) => row.id as number),
          ),
          inArray(productOrders.status, [...PAID_STATUSES]),
        ),
      )
      .groupBy(productOrders.extensionId);
    const byId = new Map(figures.map((f) => [Number(f.id), f]));
    for (const row of rows) {
      const f = byId.get(row.id as number);
      row.orderCount = Number(f?.orders ?? 0);
      row.customerCount = Number(f?.customers ?? 0);
      row.discountGiven = new Big(f?.discount ?? 0).toFixed(2);
      row.sales = new Big(f?.sales ?? 0).toFixed(2);
    }
  },
  beforeDelete: (rows, { tx }) =>
    keepWhenOrdered(tx, rows, productOrders.extensionId, 'extension:rules.inUse'),
} satisfies ResourceHooks;
