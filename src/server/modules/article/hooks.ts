import type { ResourceHooks } from '../../kit/resource-routes';

/**
 * An article published without a time takes the moment it is first published; a new one records
 * its author. (Its body, rich text, is sanitised by the kit, as every rich-text field is.)
 */
export default {
  beforeWrite(values, { request, before }) {
    const next = { ...values };
    if (!next.publishedAt) {
      const earlier = (before?.publishedAt as Date | null | undefined) ?? null;
      next.publishedAt = next.status === 'published' ? (earlier ?? new Date()) : earlier;
    }
    if (!before) next.createdBy = request.auth!.adminId;
    return next;
  },
} satisfies ResourceHooks;
