import { describe, expect, it } from 'vitest';
import { clockStamp, clockText, clockTime } from './merchant-clock';

describe('the merchant clock', () => {
  // 17:30 UTC on 1 March is 01:30 on 2 March in China: the day changes too.
  const evening = new Date('2026-03-01T17:30:05Z');

  it('reads an instant in China’s time by default, whatever the process’s time zone', () => {
    expect(clockStamp(evening)).toBe('20260302013005');
    expect(clockText(evening)).toBe('2026-03-02 01:30:05');
    // Midnight is 00, not 24.
    expect(clockText(new Date('2026-03-01T16:00:00Z'))).toBe('2026-03-02 00:00:00');
  });

  it('reads it in another time zone when the merchant has one', () => {
    expect(clockStamp(evening, 'UTC')).toBe('20260301173005');
    expect(clockText(evening, 'Europe/Berlin')).toBe('2026-03-01 18:30:05');
  });

  it('reads a time typed without an offset on the merchant’s clock, one with an offset as it says', () => {
    expect(clockTime('2026-03-02 01:30:05').toISOString()).toBe('2026-03-01T17:30:05.000Z');
    expect(clockTime('2026/3/2 1:30').toISOString()).toBe('2026-03-01T17:30:00.000Z');
    expect(clockTime('2026-03-02').toISOString()).toBe('2026-03-01T16:00:00.000Z');
    expect(clockTime('2026-03-02T01:30:05Z').toISOString()).toBe('2026-03-02T01:30:05.000Z');
    expect(clockTime('2026-03-02T01:30:05+09:00').toISOString()).toBe('2026-03-01T16:30:05.000Z');
    // Summer time in Berlin: 10:00 there is 08:00 UTC.
    expect(clockTime('2026-07-01 10:00', 'Europe/Berlin').toISOString()).toBe(
      '2026-07-01T08:00:00.000Z',
    );
    expect(clockTime('0005-06-01 12:00').getUTCFullYear()).toBe(5);
    expect(Number.isNaN(clockTime('next tuesday').getTime())).toBe(true);
  });
});
