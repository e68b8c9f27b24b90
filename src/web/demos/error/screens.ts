import type { ScreenLoaders } from '../../app/screen-loaders';
import { demoScreen } from '../shared/demo-screen';

/** Template demo /error (spec §2): the 401 and 404 pages. */
const page = demoScreen(() => import('./error-demo-page'));

export default { 'error/401': page, 'error/404': page } satisfies ScreenLoaders;
