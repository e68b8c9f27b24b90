import { describe, expect, it } from 'vitest';
import { shouldPrompt } from './use-update-check';

describe('shouldPrompt (update check)', () => {
  const now = 10_000_000_000;
  it('stays quiet for the first hash seen and for the same hash', () => {
    expect(shouldPrompt('a', null, 0, now)).toBe(false);
    expect(shouldPrompt('a', 'a', 0, now)).toBe(false);
  });
  it('prompts for a new hash once the 2 h reminder interval has passed', () => {
    expect(shouldPrompt('b', 'a', 0, now)).toBe(true);
    expect(shouldPrompt('b', 'a', now - 7_199_999, now)).toBe(false);
    expect(shouldPrompt('b', 'a', now - 7_200_000, now)).toBe(true);
  });
});
