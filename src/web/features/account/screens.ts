import type { ScreenLoaders } from '../../app/screen-loaders';

export default {
  'permission-account': () => import('./account-page'),
} satisfies ScreenLoaders;
