import type { ScreenLoaders } from '../../app/screen-loaders';
import { demoScreen } from '../shared/demo-screen';

/** Template demo /excel (spec §2): exports and an upload, made and read in the browser. */
export default {
  'excel/export-excel': demoScreen(() => import('./export-excel-page')),
  'excel/export-selected-excel': demoScreen(() => import('./export-selected-page')),
  'excel/export-merge-header': demoScreen(() => import('./export-merge-header-page')),
  'excel/upload-excel': demoScreen(() => import('./upload-excel-page')),
} satisfies ScreenLoaders;
