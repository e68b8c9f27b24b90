import type { ScreenLoaders } from '../../app/screen-loaders';
import { demoScreen } from '../shared/demo-screen';

/** Template demo /icon/index (spec §2). */
export default { 'icon/index': demoScreen(() => import('./icon-page')) } satisfies ScreenLoaders;
