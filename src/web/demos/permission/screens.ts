import type { ScreenLoaders } from '../../app/screen-loaders';
import { demoScreen } from '../shared/demo-screen';

/** Template demo /permission (spec §2, §4, §6): the demo role and what it may open. */
export default {
  'permission/page': demoScreen(() => import('./page-permission-page')),
  'permission/directive': demoScreen(() => import('./directive-permission-page')),
  'permission/role': demoScreen(() => import('./role-permission-page')),
  'permission/menu': demoScreen(() => import('./menu-permission-page')),
} satisfies ScreenLoaders;
