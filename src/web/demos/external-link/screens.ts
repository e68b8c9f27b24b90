import type { ScreenLoaders } from '../../app/screen-loaders';
import { demoScreen } from '../shared/demo-screen';

/** Template demo: the external link entry (spec §2). */
export default {
  'external-link': demoScreen(() => import('./external-link-page')),
} satisfies ScreenLoaders;
