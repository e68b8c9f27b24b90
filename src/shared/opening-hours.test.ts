import { describe, expect, it } from 'vitest';
import { ALWAYS_OPEN, isOpenAt, openingHours, storeClock } from './opening-hours';

const lunchAndDinner = [
  { from: '11:00', to: '14:00' },
  { from: '17:00', to: '21:30' },
];
const week = Array.from({ length: 7 }, (_, i) => (i === 0 ? [] : lunchAndDinner));

describe('opening hours', () => {
  it('read an instant on China’s clock, Monday first', () => {
    // 2026-11-23 is a Monday; 03:30 UTC is 11:30 in Shanghai.
    expect(storeClock(new Date('2026-11-23T03:30:00Z'))).toEqual({
      date: '2026-11-23',
      weekday: 0,
      time: '11:30',
    });
    expect(storeClock(new Date('2026-11-22T16:30:00Z')).weekday).toBe(0); // Monday 00:30
  });

  it('open within a range, closed between ranges, on a closed weekday and on a holiday', () => {
    const hours = { week, exceptions: [{ date: '2026-11-24', ranges: [] }] };
    const at = (iso: string) => isOpenAt(hours, new Date(iso));
    expect(at('2026-11-25T03:30:00Z')).toBe(true); // Wednesday 11:30
    expect(at('2026-11-25T07:00:00Z')).toBe(false); // Wednesday 15:00
    expect(at('2026-11-25T13:29:00Z')).toBe(true); // 21:29
    expect(at('2026-11-25T13:30:00Z')).toBe(false); // 21:30: closed
    expect(at('2026-11-23T03:30:00Z')).toBe(false); // Monday: closed all day
    expect(at('2026-11-24T03:30:00Z')).toBe(false); // a Tuesday holiday
    expect(isOpenAt(ALWAYS_OPEN, new Date('2026-11-23T15:59:00Z'))).toBe(true); // 23:59
  });

  it('refuse ranges that end before they start, overlap, or repeat a date', () => {
    const bad = [
      { week: week.slice(1), exceptions: [] },
      { week: [[{ from: '14:00', to: '11:00' }], ...week.slice(1)], exceptions: [] },
      {
        week: [
          [
            { from: '11:00', to: '14:00' },
            { from: '13:00', to: '15:00' },
          ],
          ...week.slice(1),
        ],
        exceptions: [],
      },
      { week: [[{ from: '25:00', to: '26:00' }], ...week.slice(1)], exceptions: [] },
      {
        week,
        exceptions: [
          { date: '2026-10-01', ranges: [] },
          { date: '2026-10-01', ranges: [] },
        ],
      },
    ];
    for (const value of bad) expect(openingHours.safeParse(value).success).toBe(false);
    expect(openingHours.safeParse({ week, exceptions: [] }).success).toBe(true);
  });
});
