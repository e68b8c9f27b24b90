import { describe, expect, it } from 'vitest';
import { leafPaths, pickRoutes } from './role-api';

const tree = [
  { path: '/dashboard' },
  {
    path: '/demos',
    children: [
      {
        path: '/permission',
        children: [{ path: '/permission/page' }, { path: '/permission/role' }],
      },
      { path: '/example/list' },
    ],
  },
];

describe('the role tree', () => {
  it('checks leaves and keeps the groups leading to them', () => {
    expect(leafPaths(tree)).toEqual([
      '/dashboard',
      '/permission/page',
      '/permission/role',
      '/example/list',
    ]);
    expect(pickRoutes(tree, new Set(['/permission/role']))).toEqual([
      {
        path: '/demos',
        children: [{ path: '/permission', children: [{ path: '/permission/role' }] }],
      },
    ]);
    expect(pickRoutes(tree, new Set())).toEqual([]);
  });
});
