import Big from 'big.js';
import { message } from '../../../shared/messages';
import { fieldError } from '../../errors';
import type { ResourceHooks } from '../../kit/resource-routes';

/** The day of an instant in Beijing, where the merchant's days are counted: 2026-12-01. */
const beijingDay = (at: unknown) =>
  new Date(new Date(at as string | Date).getTime() + 8 * 3_600_000).toISOString().slice(0, 10);

/**
 * A project's price range is a range: its highest price is not below its lowest. Its houses are
 * handed over on or after its opening day, never before.
 */
export default {
  beforeWrite(values, { before }) {
    const next = { ...before, ...values };
    const low = new Big(String(next.priceMin || 0));
    const high = new Big(String(next.priceMax || 0));
    if (high.gt(0) && high.lt(low))
      throw fieldError('priceMax', message('new-house:rules.priceRange'));
    if (
      next.openingDate &&
      next.deliveryDate &&
      String(next.deliveryDate) < beijingDay(next.openingDate)
    )
      throw fieldError('deliveryDate', message('new-house:rules.deliveryBeforeOpening'));
    return values;
  },
} satisfies ResourceHooks;
