import Big from 'big.js';
import { message } from '../../../shared/messages';
import {
  cheapestChoice,
  combinationsOf,
  type ProductSkus,
  type ProductSpecs,
} from '../../../shared/product-specs';
import { fieldError } from '../../errors';
import type { ResourceHooks } from '../../kit/resource-routes';
import { scheduleSale } from './schedule';

const time = (v: unknown) => (v instanceof Date ? v : v ? new Date(String(v)) : null);
/** A minute of the merchant's clock: a time picked for "now" is not refused as past. */
const SLACK_MS = 60_000;
const SCHEDULE = ['onSaleAt', 'offSaleAt'] as const;

/**
 * A product is checked as a whole. An original price (0 for none) is not below the price, when
 * either is written. An option's price change may be negative, but no choice of options may bring
 * the price below 0 (checkout could not sell it, the store page would show a negative price): not
 * saved, nor put on sale. A combination priced or stocked on its own is one of the specs'.
 * A 定时上架 / 定时下架 time written is not in the past, and the off-sale time comes after the
 * on-sale one; each is queued, in the write's own transaction (a form's save and an import
 * alike), for the job that flips the product then. Put on or off sale by hand, a time already
 * passed (its job not yet run) is done with.
 */
export default {
  async beforeWrite(values, { before, request, tx }) {
    const next = { ...before, ...values };
    const now = Date.now();
    for (const key of SCHEDULE) {
      const at = time(values[key]);
      const changed = at && at.getTime() !== time(before?.[key])?.getTime();
      if (changed && at.getTime() < now - SLACK_MS)
        throw fieldError(key, message('product:rules.schedulePast'));
    }
    const due = SCHEDULE.map((key) => time(values[key])).filter(
      (at, i) => at && at.getTime() !== time(before?.[SCHEDULE[i]!])?.getTime(),
    );
    await scheduleSale(request.server.jobs, request.auth!.merchantId, due, tx);
    const on = time(next.onSaleAt);
    const off = time(next.offSaleAt);
    if (on && off && off <= on) throw fieldError('offSaleAt', message('product:rules.offAfterOn'));
    const done =
      'status' in values && before
        ? SCHEDULE.filter((key) => (time(before[key])?.getTime() ?? Infinity) <= now)
        : [];
    const cleared = Object.fromEntries(done.map((key) => [key, null]));
    const price = String(next.price ?? '0');
    const specs = (Array.isArray(next.specs) ? next.specs : []) as ProductSpecs;
    const original = new Big(String(next.originalPrice || '0'));
    const pricing = 'price' in values || 'originalPrice' in values;
    if (pricing && original.gt(0) && original.lt(price))
      throw fieldError(
        'originalPrice',
        message('product:rules.originalPrice', { price: new Big(price).toFixed(2) }),
      );
    // Checked when the price or specs change and when it goes on sale; one saved before the rule
    // may still be taken off sale or renamed.
    const selling = 'price' in values || 'specs' in values || values.status === 'on';
    const cheapest = cheapestChoice(price, specs);
    if (selling && new Big(cheapest.price).lt(0))
      throw fieldError(
        'specs',
        message('product:rules.negativePrice', {
          options: cheapest.discounted.join(' / '),
          amount: new Big(cheapest.price).abs().toFixed(2),
        }),
      );
    // A combination names one option of each group, in order. Combinations sent are checked;
    // those a change of the specs leaves behind (an option renamed or removed) go with it.
    if ('specs' in values || 'skus' in values) {
      const known = new Set(combinationsOf(specs).map((c) => c.join('\u0000')));
      const skus = (Array.isArray(next.skus) ? next.skus : []) as ProductSkus;
      const stale = skus.filter((sku) => !known.has(sku.options.join('\u0000')));
      if ('skus' in values && stale.length > 0)
        throw fieldError(
          'skus',
          message('product:rules.skuOptions', { combination: stale[0]!.options.join(' / ') }),
        );
      if (stale.length > 0)
        return { ...values, ...cleared, skus: skus.filter((sku) => !stale.includes(sku)) };
    }
    return done.length > 0 ? { ...values, ...cleared } : values;
  },
} satisfies ResourceHooks;
