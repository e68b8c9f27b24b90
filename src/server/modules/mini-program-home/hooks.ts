import { message } from '../../../shared/messages';
import { fieldError } from '../../errors';
import type { ResourceHooks } from '../../kit/resource-routes';

const time = (v: unknown) => (v instanceof Date ? v : v ? new Date(String(v)) : null);

/**
 * A nine-grid entry has an image or an icon; a time window ends after it starts. Checked on the
 * row as it will be (an update's values over the stored ones).
 */
export default {
  beforeWrite(values, { before }) {
    const next = { ...before, ...values };
    const hasImage = typeof next.image === 'string' && next.image !== '';
    if (!hasImage && (next.icon ?? 'none') === 'none')
      throw fieldError('image', message('mini-program-home:rules.imageOrIcon'));
    const start = time(next.startAt);
    const end = time(next.endAt);
    if (start && end && end <= start)
      throw fieldError('endAt', message('mini-program-home:rules.endAt'));
    return values;
  },
} satisfies ResourceHooks;
