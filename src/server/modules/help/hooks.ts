import type { ResourceHooks } from '../../kit/resource-routes';
import { sanitizeArticleHtml } from '../../kit/sanitize-html';

/** Help articles are HTML from the editor: kept only in the sanitiser's safe subset. */
export default {
  beforeWrite: (values) =>
    typeof values.body === 'string'
      ? { ...values, body: sanitizeArticleHtml(values.body) }
      : values,
} satisfies ResourceHooks;
