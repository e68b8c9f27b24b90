import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { ARTICLE_TYPE_ROUTES } from '../../shared/routes';

// biome-ignore lint/suspicious/noExplicitAny: screens take their route's props (e.g. articleType).
type Screen = LazyExoticComponent<ComponentType<any>>;

const nestedPage = lazy(() => import('../demos/nested/nested-page'));
const articleList = lazy(() => import('../features/article/article-list-page'));

/**
 * Route name → screen, each its own lazy chunk: the login page never loads a screen, and a screen
 * loads the first time its route opens. A catalog route joins the menu once it is listed here.
 */
export const screens: Record<string, Screen> = {
  dashboard: lazy(() => import('../features/dashboard/dashboard-page')),
  ...Object.fromEntries(ARTICLE_TYPE_ROUTES.map(({ name }) => [name, articleList])),
  'article-store': lazy(() => import('../features/article/article-store-page')),
  'client-list': lazy(() => import('../features/customer/customer-page')),
  'website-setting': lazy(() => import('../features/site/website-setting-page')),
  'service-help': lazy(() => import('../features/help/service-help-page')),
  'data-helper': lazy(() => import('../features/import/data-helper-page')),
  'change-password': lazy(() => import('../features/user/change-password-page')),
  'permission-account': lazy(() => import('../features/account/account-page')),
  'operation-log': lazy(() => import('../features/operation-log/operation-log-page')),
  ...Object.fromEntries(
    [
      'menu1/menu1-1',
      'menu1/menu1-2/menu1-2-1',
      'menu1/menu1-2/menu1-2-2',
      'menu1/menu1-3',
      'menu2',
    ].map((path) => [`nested/${path}`, nestedPage]),
  ),
};

export function hasScreen(name: string | undefined): boolean {
  return !!name && name in screens;
}
