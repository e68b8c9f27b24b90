import type { ScreenLoaders } from '../../app/screen-loaders';
import { demoScreen } from '../shared/demo-screen';

/** Template demo /i18n/index (spec §2). */
export default { 'i18n/index': demoScreen(() => import('./i18n-page')) } satisfies ScreenLoaders;
