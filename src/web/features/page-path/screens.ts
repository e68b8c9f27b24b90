import type { ScreenLoaders } from '../../app/screen-loaders';

export default {
  'page-path': () => import('./page-path-page'),
} satisfies ScreenLoaders;
