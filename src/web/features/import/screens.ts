import type { ScreenLoaders } from '../../app/screen-loaders';

export default {
  'data-helper': () => import('./data-helper-page'),
} satisfies ScreenLoaders;
