import Big from 'big.js';
import { message } from '../../../shared/messages';
import { fieldError } from '../../errors';
import type { ResourceHooks } from '../../kit/resource-routes';

/** A project's price range is a range: its highest price is not below its lowest. */
export default {
  beforeWrite(values, { before }) {
    const next = { ...before, ...values };
    const low = new Big(String(next.priceMin || 0));
    const high = new Big(String(next.priceMax || 0));
    if (high.gt(0) && high.lt(low))
      throw fieldError('priceMax', message('new-house:rules.priceRange'));
    return values;
  },
} satisfies ResourceHooks;
