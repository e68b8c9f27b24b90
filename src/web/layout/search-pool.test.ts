import { match } from 'pinyin-pro';
import { describe, expect, it } from 'vitest';
import type { RouteDef } from '../../shared/routes';
import { searchEntries, searchIndex, searchPool } from './search-pool';

const routes: RouteDef[] = [
  { path: '/dashboard', name: 'dashboard', meta: { title: 'Dashboard' } },
  {
    path: '/goods',
    meta: { title: 'Goods' },
    children: [
      { path: '/goods-category', name: 'goods-category', meta: { title: 'Category' } },
      { path: '/goods-list', name: 'goods-list', meta: { title: 'List' } },
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
      { path: '/goods-list', title: 'Goods > List' },
    ]);
  });
  it('names a group the menu folds into its only child as the menu does: not at all', () => {
    const folded = searchPool(
      [{ ...routes[1]!, children: routes[1]!.children!.slice(0, 1) }],
      (t) => t ?? '',
    );
    expect(folded).toEqual([{ path: '/goods-category', title: 'Category' }]);
  });
  it('finds by fuzzy title or path', () => {
    const index = searchIndex(pool);
    expect(index.search('categry')[0]?.item.path).toBe('/goods-category');
    expect(index.search('dashbord')[0]?.item.path).toBe('/dashboard');
    expect(index.search('zzzzzz')).toEqual([]);
  });
});

describe('header search by pinyin', () => {
  const pool = searchPool(
    [
      { path: '/dashboard', name: 'dashboard', meta: { title: '首页' } },
      {
        path: '/customer',
        meta: { title: '客户管理' },
        children: [
          { path: '/client-list', name: 'client-list', meta: { title: '客户列表' } },
          { path: '/data-helper', name: 'data-helper', meta: { title: '数据助手' } },
        ],
      },
      {
        path: '/demos',
        demo: true,
        meta: { title: '模板演示' },
        children: [{ path: '/nested/menu2', name: 'nested/menu2', meta: { title: '菜单 2' } }],
      },
    ],
    (t) => t ?? '',
  );
  const index = searchIndex(pool);
  const find = (query: string) =>
    searchEntries(index, pool, query, (text, q) => match(text, q, { continuous: true })).map(
      (entry) => entry.path,
    );

  it('finds a screen by its pinyin, in full or by initials', () => {
    expect(find('kehu')).toContain('/client-list');
    expect(find('khlb')[0]).toBe('/client-list');
    expect(find('shuju')[0]).toBe('/data-helper');
  });
  it('finds nothing for what matches nothing, and never a demo', () => {
    expect(find('qqqqxx')).toEqual([]);
    expect(find('caidan')).toEqual([]);
    expect(pool.map((entry) => entry.path)).not.toContain('/nested/menu2');
  });
});
