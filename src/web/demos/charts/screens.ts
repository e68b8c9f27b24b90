import type { ScreenLoaders } from '../../app/screen-loaders';
import { demoScreen } from '../shared/demo-screen';

/** Template demo /charts (spec §2): drawn in SVG, no chart library. */
export default {
  'charts/keyboard': demoScreen(() => import('./keyboard-chart-page')),
  'charts/line': demoScreen(() => import('./line-chart-page')),
  'charts/mix-chart': demoScreen(() => import('./mix-chart-page')),
} satisfies ScreenLoaders;
