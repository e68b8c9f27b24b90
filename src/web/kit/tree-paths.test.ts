import { describe, expect, it } from 'vitest';
import { pathTree, treePaths } from './tree-paths';

const rows = [
  { id: 1, title: '服装', parentId: null },
  { id: 2, title: '男装', parentId: 1 },
  { id: 3, title: 'T恤', parentId: 2 },
  { id: 4, title: '箱包', parentId: null },
  { id: 5, title: '孤儿', parentId: 99 },
];

describe('tree paths', () => {
  it('reads each row from the top of its tree', () => {
    const paths = treePaths(rows);
    expect(paths.get(3)).toBe('服装 / 男装 / T恤');
    expect(paths.get(2)).toBe('服装 / 男装');
    expect(paths.get(4)).toBe('箱包');
    // A parent not among the rows: the row starts its own path.
    expect(paths.get(5)).toBe('孤儿');
  });

  it('stops at a loop instead of running forever', () => {
    const paths = treePaths([
      { id: 1, title: 'A', parentId: 2 },
      { id: 2, title: 'B', parentId: 1 },
    ]);
    expect(paths.get(1)).toBe('B / A');
    expect(paths.get(2)).toBe('B');
  });

  it('nests the rows for a tree picker, each with its path, leaving out one row and its branch', () => {
    const tree = pathTree(rows);
    expect(tree.map((n) => n.title)).toEqual(['服装', '箱包', '孤儿']);
    expect(tree[0]!.children[0]!.children[0]).toMatchObject({
      value: 3,
      path: '服装 / 男装 / T恤',
    });
    const without = pathTree(rows, 2);
    expect(without[0]!.children).toEqual([]);
  });
});
