import type { ResourceHooks } from '../../kit/resource-routes';
import { platformWebsiteName } from '../site/service';

/** A merchant's website settings start from the platform's name (the rest empty). */
export default {
  firstRow: async ({ ex }) => ({ websiteName: await platformWebsiteName(ex) }),
} satisfies ResourceHooks;
