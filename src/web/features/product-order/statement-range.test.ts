import { describe, expect, it } from 'vitest';
import { addDays, chinaDay, daysBetween, statementPresets } from './statement-range';

describe('the statement’s days', () => {
  it('are China’s: 16:00 UTC is already the next day there, 15:59 UTC is not', () => {
    expect(chinaDay(new Date('2026-11-29T15:59:59Z'))).toBe('2026-11-29');
    expect(chinaDay(new Date('2026-11-29T16:00:00Z'))).toBe('2026-11-30');
  });

  it('give 今天, 昨天, 近7天 and 本月 in China’s clock', () => {
    // 2026-12-01 00:30 in China, still November 30th in UTC.
    expect(statementPresets(new Date('2026-11-30T16:30:00Z'))).toEqual({
      today: { from: '2026-12-01', to: '2026-12-01' },
      yesterday: { from: '2026-11-30', to: '2026-11-30' },
      last7: { from: '2026-11-25', to: '2026-12-01' },
      thisMonth: { from: '2026-12-01', to: '2026-12-01' },
    });
    // Across a year's end and February of a leap year.
    const newYear = statementPresets(new Date('2028-01-01T02:00:00Z'));
    expect(newYear.yesterday).toEqual({ from: '2027-12-31', to: '2027-12-31' });
    expect(newYear.last7.from).toBe('2027-12-26');
    expect(statementPresets(new Date('2028-03-01T01:00:00Z')).yesterday.from).toBe('2028-02-29');
    expect(statementPresets(new Date('2028-03-20T01:00:00Z')).thisMonth).toEqual({
      from: '2028-03-01',
      to: '2028-03-20',
    });
  });

  it('count and step whole days', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysBetween('2026-11-01', '2026-11-29')).toBe(28);
    expect(daysBetween('2026-11-29', '2026-11-29')).toBe(0);
  });
});
