import type { ScreenLoaders } from '../../app/screen-loaders';
import { demoScreen } from '../shared/demo-screen';

/** Template demo /documentation/index (spec §2). */
export default {
  'documentation/index': demoScreen(() => import('./documentation-page')),
} satisfies ScreenLoaders;
