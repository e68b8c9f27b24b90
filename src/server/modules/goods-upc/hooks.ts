import { gtinKind, isPlatformCode } from '../../../shared/gtin';
import { message } from '../../../shared/messages';
import { fieldError } from '../../errors';
import type { ResourceHooks } from '../../kit/resource-routes';

/**
 * A code's kind is told by its length; a code added by hand says so. A code under the platform's
 * prefix is the platform's to sell: never added by hand nor made by changing another code (a
 * bought code keeps its own, so its remark can still be edited).
 */
export default {
  beforeWrite(values, { before }) {
    const next = { ...values };
    if (typeof next.code === 'string') {
      if (isPlatformCode(next.code) && next.code !== before?.code)
        throw fieldError('code', message('goods-upc:errors.platformPrefix'));
      next.kind = gtinKind(next.code);
    }
    if (!before) next.source = 'manual';
    return next;
  },
} satisfies ResourceHooks;
