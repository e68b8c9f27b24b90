import type { ScreenLoaders } from '../../app/screen-loaders';
import { demoScreen } from '../shared/demo-screen';

/** Template demo /example (spec §2): the demo article on the mock API. */
const form = demoScreen(() => import('./article-form-page'));

export default {
  'example/list': demoScreen(() => import('./article-list-page')),
  'example/create': form,
  'example/edit': form,
} satisfies ScreenLoaders;
