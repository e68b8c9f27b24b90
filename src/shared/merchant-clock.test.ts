import { describe, expect, it } from 'vitest';
import { clockStamp, clockText } from './merchant-clock';

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
});
