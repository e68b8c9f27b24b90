import type { ResourceHooks } from '../../kit/resource-routes';

/** A reply is dated when it is written or changed. */
export default {
  beforeWrite(values, { before }) {
    if (before && typeof values.reply === 'string' && values.reply !== before.reply)
      return { ...values, repliedAt: values.reply ? new Date() : null };
    return values;
  },
} satisfies ResourceHooks;
