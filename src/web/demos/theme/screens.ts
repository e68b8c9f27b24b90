import type { ScreenLoaders } from '../../app/screen-loaders';
import { demoScreen } from '../shared/demo-screen';

/** Template demo /theme/index (spec §2). */
export default { 'theme/index': demoScreen(() => import('./theme-page')) } satisfies ScreenLoaders;
