import { ARTICLE_TYPE_ROUTES } from '../../../shared/routes';
import type { ScreenLoaders } from '../../app/screen-loaders';

/** The ten article lists are one screen, told its type by the route (one chunk for all ten). */
const articleList = () => import('./article-list-page');

export default {
  ...Object.fromEntries(ARTICLE_TYPE_ROUTES.map(({ name }) => [name, articleList])),
  'article-store': () => import('./article-store-page'),
} satisfies ScreenLoaders;
