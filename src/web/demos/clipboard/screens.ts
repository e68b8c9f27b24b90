import type { ScreenLoaders } from '../../app/screen-loaders';
import { demoScreen } from '../shared/demo-screen';

/** Template demo /clipboard/index (spec §2). */
export default {
  'clipboard/index': demoScreen(() => import('./clipboard-page')),
} satisfies ScreenLoaders;
