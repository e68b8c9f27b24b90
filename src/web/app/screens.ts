import type { ComponentType } from 'react';
import { ARTICLE_TYPE_ROUTES } from '../../shared/routes';
import { type Preloadable, preloadable } from './preloadable';

// biome-ignore lint/suspicious/noExplicitAny: screens take their route's props (e.g. articleType).
type Screen = Preloadable<ComponentType<any>>;

const nestedPage = preloadable(() => import('../demos/nested/nested-page'));
const articleList = preloadable(() => import('../features/article/article-list-page'));

/**
 * Route name → screen, each its own lazy chunk: the login page never loads a screen, and a screen
 * loads the first time its route opens. A catalog route joins the menu once it is listed here.
 */
export const screens: Record<string, Screen> = {
  dashboard: preloadable(() => import('../features/dashboard/dashboard-page')),
  ...Object.fromEntries(ARTICLE_TYPE_ROUTES.map(({ name }) => [name, articleList])),
  'article-store': preloadable(() => import('../features/article/article-store-page')),
  'client-list': preloadable(() => import('../features/customer/customer-page')),
  'website-setting': preloadable(() => import('../features/site/website-setting-page')),
  'service-help': preloadable(() => import('../features/help/service-help-page')),
  'data-helper': preloadable(() => import('../features/import/data-helper-page')),
  'change-password': preloadable(() => import('../features/user/change-password-page')),
  'permission-account': preloadable(() => import('../features/account/account-page')),
  'operation-log': preloadable(() => import('../features/operation-log/operation-log-page')),
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
