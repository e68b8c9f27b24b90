import type { ScreenLoaders } from '../../app/screen-loaders';
import { demoScreen } from '../shared/demo-screen';

/** Template demo /components (spec §2): one chunk per component. */
export default {
  'components/tinymce': demoScreen(() => import('./tinymce-page')),
  'components/markdown': demoScreen(() => import('./markdown-page')),
  'components/json-editor': demoScreen(() => import('./json-editor-page')),
  'components/split-pane': demoScreen(() => import('./split-pane-page')),
  'components/avatar-upload': demoScreen(() => import('./avatar-upload-page')),
  'components/dropzone': demoScreen(() => import('./dropzone-page')),
  'components/sticky': demoScreen(() => import('./sticky-page')),
  'components/count-to': demoScreen(() => import('./count-to-page')),
  'components/mixin': demoScreen(() => import('./mixin-page')),
  'components/back-to-top': demoScreen(() => import('./back-to-top-page')),
  'components/drag-dialog': demoScreen(() => import('./drag-dialog-page')),
  'components/drag-select': demoScreen(() => import('./drag-select-page')),
  'components/dnd-list': demoScreen(() => import('./dnd-list-page')),
  'components/drag-kanban': demoScreen(() => import('./drag-kanban-page')),
} satisfies ScreenLoaders;
