import { unitPriceOf } from '../../../shared/house';
import { message } from '../../../shared/messages';
import { fieldError } from '../../errors';
import type { ResourceHooks } from '../../kit/resource-routes';

/**
 * A listing's unit price follows its total and area (never typed); its floor is within the
 * building; each change of status is dated.
 */
export default {
  beforeWrite(values, { before }) {
    const next = { ...before, ...values };
    if (Number(next.floor) > Number(next.totalFloors))
      throw fieldError('floor', message('second-hand-house:rules.floor'));
    const set = { ...values };
    if ('totalPrice' in values || 'area' in values)
      set.unitPrice = unitPriceOf(next.totalPrice, next.area) ?? '0';
    if ('status' in values && values.status !== before?.status) set.statusAt = new Date();
    return set;
  },
} satisfies ResourceHooks;
