import { describe, expect, it } from 'vitest';
import { pagerItems } from './pager';

describe('pagerItems', () => {
  it('lists every page up to seven', () => {
    expect(pagerItems(1, 1)).toEqual([1]);
    expect(pagerItems(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
  it('keeps the first, the last and two either side of the current page, with gaps', () => {
    expect(pagerItems(1, 50)).toEqual([1, 2, 3, 4, 5, 6, 'on5', 50]);
    expect(pagerItems(25, 50)).toEqual([1, 'back5', 23, 24, 25, 26, 27, 'on5', 50]);
    expect(pagerItems(50, 50)).toEqual([1, 'back5', 45, 46, 47, 48, 49, 50]);
    expect(pagerItems(4, 50)).toEqual([1, 2, 3, 4, 5, 6, 'on5', 50]);
  });
});
