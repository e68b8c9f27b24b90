import { describe, expect, it } from 'vitest';
import type { RouteDef } from '../../../shared/routes';
import { namesOf, routeTree } from './route-tree';

const routes: RouteDef[] = [
  { path: '/dashboard', name: 'dashboard', meta: { title: 'Home' } },
  {
    path: '/article',
    meta: { title: 'Articles' },
    children: [
      { path: '/article-news', name: 'article-news', meta: { title: 'News' } },
      { path: '/article-store/:t', name: 'article-store', hidden: true, meta: { title: 'Edit' } },
    ],
  },
  {
    path: '/demos',
    demo: true,
    meta: { title: 'Demos' },
    children: [{ path: '/nested/menu2', name: 'nested/menu2', meta: { title: 'Menu 2' } }],
  },
];

describe('routeTree', () => {
  it('makes groups and leaves, leaves out implied routes and demos, disables what cannot be granted', () => {
    const tree = routeTree(
      (t) => t ?? '',
      (name) => name !== 'dashboard',
      routes,
    );
    expect(tree).toEqual([
      { key: 'dashboard', title: 'Home', disabled: true },
      {
        key: 'group:/article',
        title: 'Articles',
        children: [{ key: 'article-news', title: 'News', disabled: false }],
      },
    ]);
    expect(namesOf(['group:/article', 'article-news'])).toEqual(['article-news']);
  });
});
