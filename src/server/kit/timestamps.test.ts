import { describe, expect, it } from 'vitest';
import { isoTimestamp } from './timestamps';

describe('isoTimestamp', () => {
  it('writes what Date#toISOString writes, for every form of PostgreSQL text', () => {
    for (const text of [
      '2026-11-23 14:24:41.463+00',
      '2026-11-23 14:24:41.46+00',
      '2026-11-23 14:24:41.4+00',
      '2026-11-23 14:24:41+00',
      '1999-01-01 00:00:00+00',
      '2026-11-23 22:24:41.5+08',
      '2026-11-23 09:54:41.123+05:30',
      '2026-11-23 14:24:41.123456+00',
    ]) {
      expect(isoTimestamp(text), text).toBe(new Date(text).toISOString());
    }
  });

  it('takes a Date or null as they are', () => {
    const at = new Date('2026-01-02T03:04:05.006Z');
    expect(isoTimestamp(at)).toBe('2026-01-02T03:04:05.006Z');
    expect(isoTimestamp(null)).toBeNull();
  });
});
