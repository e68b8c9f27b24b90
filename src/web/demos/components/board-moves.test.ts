import { describe, expect, it } from 'vitest';
import { moveItem } from './board-moves';

const board = { todo: ['a', 'b', 'c'], done: ['d'] };

describe('the drag demos’ board', () => {
  it('reorders within a column and moves across columns', () => {
    expect(moveItem(board, 'a', 'c')).toEqual({ todo: ['b', 'c', 'a'], done: ['d'] });
    expect(moveItem(board, 'c', 'a')).toEqual({ todo: ['c', 'a', 'b'], done: ['d'] });
    expect(moveItem(board, 'b', 'd')).toEqual({ todo: ['a', 'c'], done: ['b', 'd'] });
    expect(moveItem(board, 'b', 'done')).toEqual({ todo: ['a', 'c'], done: ['d', 'b'] });
    expect(moveItem(board, 'x', 'd')).toBe(board);
  });
});
