import { ResultCode } from '../../../shared/envelope';
import { message } from '../../../shared/messages';
import type { PrinterBrand } from '../../../shared/resources/printer';
import { AppError } from '../../errors';
import type { ResourceHooks } from '../../kit/resource-routes';
import { wakeWaitingPrints } from '../../printer';

/**
 * A printer's status is its adapter's: a new sandbox printer is online, a brand with no adapter
 * offline. Only the sandbox is switched by hand (setOffline / setOnline); back online, what waits
 * for it prints at once.
 */
export default {
  async beforeWrite(values, { before, tx }) {
    const transition = before && Object.keys(values).length === 1 && 'status' in values;
    if (transition) {
      if (before.brand !== 'sandbox')
        throw new AppError(ResultCode.CONFLICT, message('printer:errors.sandboxOnly'));
      if (values.status === 'online') await wakeWaitingPrints(tx, before.id);
      return values;
    }
    const next = { ...values };
    const brand = (next.brand ?? before?.brand ?? 'sandbox') as PrinterBrand;
    if (!before || brand !== before.brand) next.status = brand === 'sandbox' ? 'online' : 'offline';
    return next;
  },
} satisfies ResourceHooks;
