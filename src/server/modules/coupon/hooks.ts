import { inArray } from 'drizzle-orm';
import { ResultCode } from '../../../shared/envelope';
import { message } from '../../../shared/messages';
import { offerRuleBroken } from '../../../shared/promotion-terms';
import { customerCoupons } from '../../db/schema/coupon';
import { AppError, fieldError } from '../../errors';
import type { ResourceHooks } from '../../kit/resource-routes';
import { usedCounts } from './service';

const dateOf = (value: unknown) => (value ? new Date(value as string | Date) : null);
const rule = (field: string, key: string, params?: Record<string, string | number>) =>
  fieldError(field, message(`coupon:rules.${key}` as never, params));

/**
 * A coupon is checked as a whole (its validity, its scope, its offer, its total against what was
 * already issued); its used count is read from its customers' coupons; one already issued is
 * stopped, not deleted.
 */
export default {
  beforeWrite(values, { before }) {
    const next = { ...before, ...values };
    if (next.validity === 'days') {
      if (!(Number(next.validDays) >= 1)) throw rule('validDays', 'days');
    } else {
      const start = dateOf(next.startAt);
      const end = dateOf(next.endAt);
      if (!start) throw rule('startAt', 'period');
      if (!end || end <= start) throw rule('endAt', 'period');
    }
    const offer = offerRuleBroken(next, values);
    if (offer.broken) throw rule(offer.broken.field, offer.broken.rule, offer.broken.params);
    const issued = Number(before?.issuedCount ?? 0);
    if (values.totalQuantity !== undefined && Number(values.totalQuantity) < issued)
      throw rule('totalQuantity', 'total', { issued });
    return { ...values, ...offer.kept };
  },
  async decorate(rows, { ex }) {
    const used = await usedCounts(
      ex,
      rows.map((row) => row.id as number),
    );
    for (const row of rows) row.usedCount = used.get(row.id as number) ?? 0;
  },
  async beforeDelete(rows, { tx }) {
    const [held] = await tx
      .select({ couponId: customerCoupons.couponId })
      .from(customerCoupons)
      .where(
        inArray(
          customerCoupons.couponId,
          rows.map((row) => row.id as number),
        ),
      )
      .limit(1);
    if (!held) return;
    const row = rows.find((r) => r.id === Number(held.couponId));
    throw new AppError(
      ResultCode.CONFLICT,
      message('coupon:rules.inUse' as never, { name: String(row?.name ?? '') }),
      409,
    );
  },
} satisfies ResourceHooks;
