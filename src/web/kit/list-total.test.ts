import { describe, expect, it } from 'vitest';
import { COUNT_LIMIT } from '../../shared/paging';
import { totalText } from './list-total';

const t = (key: string, values: { n: string }) => `${key}:${values.n}`;

describe('totalText', () => {
  it('says an exact count as it is, grouped', () => {
    expect(totalText(1234, true, t, 'en')).toBe('kit.total:1,234');
  });
  it("gives the server's estimate as about N past the limit", () => {
    expect(totalText(124_060, false, t, 'zh-CN')).toBe('kit.totalAbout:124,060');
  });
  it('says only "more than the limit" when the estimate is no larger', () => {
    expect(totalText(COUNT_LIMIT + 1, false, t, 'en')).toBe('kit.totalMore:1,000');
  });
});
