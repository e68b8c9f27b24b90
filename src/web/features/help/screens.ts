import type { ScreenLoaders } from '../../app/screen-loaders';

export default {
  'service-help': () => import('./service-help-page'),
} satisfies ScreenLoaders;
