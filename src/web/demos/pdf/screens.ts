import type { ScreenLoaders } from '../../app/screen-loaders';
import { demoScreen } from '../shared/demo-screen';

/** Template demo /pdf (spec §2): the index and the hidden printable page. */
export default {
  'pdf/index': demoScreen(() => import('./pdf-index-page')),
  'pdf/download': demoScreen(() => import('./pdf-download-page')),
} satisfies ScreenLoaders;
