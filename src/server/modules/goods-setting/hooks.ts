import Big from 'big.js';
import { currencyOfSite } from '../../../shared/marketplace';
import type { ResourceHooks } from '../../kit/resource-routes';

/** Whether a written rate differs from the one kept (7.2 and 7.2000 are the same rate). */
function rateTyped(values: Record<string, unknown>, before: Record<string, unknown> | undefined) {
  const typed = values.exchangeRate;
  if (typed === undefined || typed === null || typed === '') return false;
  if (!before) return true;
  try {
    return !new Big(String(typed)).eq(String(before.exchangeRate));
  } catch {
    return true;
  }
}

/**
 * A listing setting's currency is its site's (the German site sells in EUR): set here on every
 * write, never taken from the form, so a feed is never priced in another site's currency. A rate
 * typed by hand is the merchant's: the setting no longer counts as fetched, so the daily rate job
 * (routes.ts) never overwrites it; 获取汇率 makes it fetched again.
 */
export default {
  beforeWrite(values, { before }) {
    const site = String(values.site ?? before?.site ?? 'US');
    return {
      ...values,
      currency: currencyOfSite(site),
      ...(rateTyped(values, before) ? { rateFetchedAt: null } : {}),
    };
  },
} satisfies ResourceHooks;
