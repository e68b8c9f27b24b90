import type { ResourceHooks } from '../../kit/resource-routes';
import { sanitizeArticleHtml } from '../../kit/sanitize-html';

/**
 * An article's body is HTML from the editor, kept only in the sanitiser's safe subset. Published
 * without a time, it takes the moment it is first published; a new one records its author.
 */
export default {
  beforeWrite(values, { request, before }) {
    const next = { ...values };
    if (typeof next.body === 'string') next.body = sanitizeArticleHtml(next.body);
    if (!next.publishedAt) {
      const earlier = (before?.publishedAt as Date | null | undefined) ?? null;
      next.publishedAt = next.status === 'published' ? (earlier ?? new Date()) : earlier;
    }
    if (!before) next.createdBy = request.auth!.adminId;
    return next;
  },
} satisfies ResourceHooks;
