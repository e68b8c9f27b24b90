import { message } from '../../../shared/messages';
import { fieldError } from '../../errors';
import type { ResourceHooks } from '../../kit/resource-routes';

const time = (v: unknown) => (v instanceof Date ? v : v ? new Date(String(v)) : null);

/** A slide's time window ends after it starts (checked on the row as it will be). */
export default {
  beforeWrite(values, { before }) {
    const next = { ...before, ...values };
    const start = time(next.startAt);
    const end = time(next.endAt);
    if (start && end && end <= start) throw fieldError('endAt', message('carousel:rules.endAt'));
    return values;
  },
} satisfies ResourceHooks;
