import { describe, expect, it } from 'vitest';
import { jsonErrorAt } from './json-editor-page';

const failure = (text: string) => {
  try {
    JSON.parse(text);
  } catch (err) {
    return jsonErrorAt(text, (err as Error).message);
  }
  throw new Error('parsed');
};

describe('where JSON stopped parsing', () => {
  it('is the line and column of the engine’s position', () => {
    expect(failure('{\n  "a": 1,\n  b: 2\n}')).toEqual({ line: 3, column: 3 });
    expect(failure('{"a" 1}')).toEqual({ line: 1, column: 6 });
  });
  it('is the end of the text when it ran out', () => {
    expect(failure('{\n  "a": [1, 2')).toEqual({ line: 2, column: 13 });
  });
});
