import type { ScreenLoaders } from '../../app/screen-loaders';

/** The template's nested-menu demo: every level is the same page. */
const nestedPage = () => import('./nested-page');

export default Object.fromEntries(
  [
    'menu1/menu1-1',
    'menu1/menu1-2/menu1-2-1',
    'menu1/menu1-2/menu1-2-2',
    'menu1/menu1-3',
    'menu2',
  ].map((path) => [`nested/${path}`, nestedPage]),
) satisfies ScreenLoaders;
