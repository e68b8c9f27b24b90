import type { ScreenLoaders } from '../../app/screen-loaders';

export default {
  'operation-log': () => import('./operation-log-page'),
} satisfies ScreenLoaders;
