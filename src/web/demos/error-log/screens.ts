import type { ScreenLoaders } from '../../app/screen-loaders';
import { demoScreen } from '../shared/demo-screen';

/** Template demo /error-log/log (spec §2). */
export default {
  'error-log/log': demoScreen(() => import('./error-log-page')),
} satisfies ScreenLoaders;
