import { describe, expect, it } from 'vitest';
import { mergePrefs } from './column-prefs';

describe('mergePrefs', () => {
  it('keeps the saved order and hidden columns, adds new columns at the end', () => {
    expect(
      mergePrefs({ order: ['b', 'a', 'gone'], hidden: ['a', 'gone'] }, ['a', 'b', 'c']),
    ).toEqual({
      order: ['b', 'a', 'c'],
      hidden: ['a'],
    });
  });
  it('starts with every column shown in the screen order', () => {
    expect(mergePrefs(null, ['a', 'b'])).toEqual({ order: ['a', 'b'], hidden: [] });
  });
});
