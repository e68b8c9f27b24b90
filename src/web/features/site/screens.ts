import type { ScreenLoaders } from '../../app/screen-loaders';

export default {
  'website-setting': () => import('./website-setting-page'),
} satisfies ScreenLoaders;
