import type { ScreenLoaders } from '../../app/screen-loaders';
import { loadDictionaries } from '../../i18n';

/** The overview and the ranking, each with the marketplace orders' texts. */
const withTexts =
  <T>(load: () => Promise<T>) =>
  async () =>
    (await Promise.all([load(), loadDictionaries('marketplace-order')]))[0];

export default {
  transaction_overview: withTexts(() => import('./overview-page')),
  'order-data-top': withTexts(() => import('./ranking-page')),
} satisfies ScreenLoaders;
