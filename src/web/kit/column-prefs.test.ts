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
  it('starts with the columns hidden by default hidden, and a new one of them too', () => {
    expect(mergePrefs(null, ['a', 'b', 'c'], ['b'])).toEqual({
      order: ['a', 'b', 'c'],
      hidden: ['b'],
    });
    // Saved before b was a column: b arrives hidden; a column shown by choice stays shown.
    expect(mergePrefs({ order: ['a', 'c'], hidden: [] }, ['a', 'b', 'c'], ['b', 'c'])).toEqual({
      order: ['a', 'c', 'b'],
      hidden: ['b'],
    });
  });
});
