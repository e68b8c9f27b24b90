import type { ScreenLoaders } from '../../app/screen-loaders';
import { demoScreen } from '../shared/demo-screen';

/** Template demo /zip/download (spec §2). */
export default {
  'zip/download': demoScreen(() => import('./zip-download-page')),
} satisfies ScreenLoaders;
