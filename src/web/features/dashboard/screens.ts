import type { ScreenLoaders } from '../../app/screen-loaders';

export default {
  dashboard: () => import('./dashboard-page'),
} satisfies ScreenLoaders;
