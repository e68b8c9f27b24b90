import { describe, expect, it } from 'vitest';
import type { RouteDef } from '../../shared/routes';
import { searchIndex, searchPool } from './search-pool';

const routes: RouteDef[] = [
  { path: '/dashboard', name: 'dashboard', meta: { title: 'Dashboard' } },
  {
    path: '/goods',
    meta: { title: 'Goods' },
    children: [
      { path: '/goods-category', name: 'goods-category', meta: { title: 'Category' } },
      { path: '/goods-store/:id', name: 'goods-store', hidden: true, meta: { title: 'Edit' } },
    ],
  },
];

describe('header search', () => {
  const pool = searchPool(routes, (t) => t ?? '');
  it('joins nested titles and leaves hidden routes out', () => {
    expect(pool).toEqual([
      { path: '/dashboard', title: 'Dashboard' },
      { path: '/goods-category', title: 'Goods > Category' },
    ]);
  });
  it('finds by fuzzy title or path', () => {
    const index = searchIndex(pool);
    expect(index.search('categry')[0]?.item.path).toBe('/goods-category');
    expect(index.search('dashbord')[0]?.item.path).toBe('/dashboard');
    expect(index.search('zzzzzz')).toEqual([]);
  });
});
