import { currencyOfSite } from '../../../shared/marketplace';
import type { ResourceHooks } from '../../kit/resource-routes';

/**
 * A listing setting's currency is its site's (the German site sells in EUR): set here on every
 * write, never taken from the form, so a feed is never priced in another site's currency.
 */
export default {
  beforeWrite(values, { before }) {
    const site = String(values.site ?? before?.site ?? 'US');
    return { ...values, currency: currencyOfSite(site) };
  },
} satisfies ResourceHooks;
