import type { ScreenLoaders } from '../../app/screen-loaders';
import { loadDictionaries } from '../../i18n';

/** The cost centre's screens, each with the area's texts. */
const withTexts =
  <T>(load: () => Promise<T>) =>
  async () =>
    (await Promise.all([load(), loadDictionaries('cost-center')]))[0];

export default {
  'cost-center': withTexts(() => import('./cost-center-page')),
  recharge: withTexts(() => import('./recharge-page')),
  'recharge-pay': withTexts(() => import('./recharge-pay-page')),
} satisfies ScreenLoaders;
