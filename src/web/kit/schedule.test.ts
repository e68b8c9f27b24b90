import { describe, expect, it } from 'vitest';
import { scheduleOf } from './schedule';

const now = new Date('2026-11-29T08:00:00.000Z');

describe('a banner’s place in its time window', () => {
  it('is upcoming before its start, live within, ended after its end', () => {
    expect(scheduleOf({ enabled: true, startAt: '2026-12-01T02:00:00.000Z' }, now)).toBe(
      'upcoming',
    );
    expect(
      scheduleOf({ enabled: true, startAt: '2026-11-01T02:00:00.000Z', endAt: null }, now),
    ).toBe('live');
    expect(scheduleOf({ enabled: true, endAt: '2026-11-28T00:00:00.000Z' }, now)).toBe('ended');
    expect(scheduleOf({ enabled: true }, now)).toBe('live');
  });
  it('is disabled whatever its window when switched off', () => {
    expect(scheduleOf({ enabled: false, startAt: '2026-12-01T02:00:00.000Z' }, now)).toBe(
      'disabled',
    );
  });
});
