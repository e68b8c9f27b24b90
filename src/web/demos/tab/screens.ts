import type { ScreenLoaders } from '../../app/screen-loaders';
import { demoScreen } from '../shared/demo-screen';

/** Template demo /tab/index (spec §2). */
export default { 'tab/index': demoScreen(() => import('./tab-page')) } satisfies ScreenLoaders;
