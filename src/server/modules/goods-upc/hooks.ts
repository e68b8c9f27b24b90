import { gtinKind } from '../../../shared/gtin';
import type { ResourceHooks } from '../../kit/resource-routes';

/** A code's kind is told by its length; a code added by hand says so. */
export default {
  beforeWrite(values, { before }) {
    const next = { ...values };
    if (typeof next.code === 'string') next.kind = gtinKind(next.code);
    if (!before) next.source = 'manual';
    return next;
  },
} satisfies ResourceHooks;
