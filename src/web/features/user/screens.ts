import type { ScreenLoaders } from '../../app/screen-loaders';

export default {
  'change-password': () => import('./change-password-page'),
} satisfies ScreenLoaders;
