import type { ScreenLoaders } from '../../app/screen-loaders';
import { demoScreen } from '../shared/demo-screen';

/** Template demo /guide/index (spec §2). */
export default { 'guide/index': demoScreen(() => import('./guide-page')) } satisfies ScreenLoaders;
