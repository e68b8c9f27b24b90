import { z } from 'zod';
import { messageKey as m } from './messages';

/** The store's clock: opening hours are read in China's time. */
export const STORE_TIME_ZONE = 'Asia/Shanghai';

const TIME = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;
const time = z.string().regex(TIME, m('validation.invalid'));

/** From one time to a later one the same day (24:00 is the day's end). */
export const timeRange = z
  .object({ from: time, to: time })
  .refine((r) => r.from < r.to, { message: m('validation.invalid'), path: ['to'] });

/** A day's ranges, in order and apart; none: closed that day. */
const dayRanges = z
  .array(timeRange)
  .max(4)
  .refine((ranges) => ranges.every((r, i) => i === 0 || ranges[i - 1]!.to <= r.from), {
    message: m('validation.invalid'),
  });

/**
 * A store's weekly hours (Monday first; several ranges a day) and its exceptions by date (a
 * holiday closed, or open other hours).
 */
export const openingHours = z.object({
  week: z.array(dayRanges).length(7),
  exceptions: z
    .array(z.object({ date: z.iso.date(m('validation.date')), ranges: dayRanges }))
    .max(60)
    .refine((list) => new Set(list.map((e) => e.date)).size === list.length, {
      message: m('validation.unique'),
    }),
});
export type OpeningHours = z.output<typeof openingHours>;

/** Open all day, every day: a new store's hours. */
export const ALWAYS_OPEN: OpeningHours = {
  week: Array.from({ length: 7 }, () => [{ from: '00:00', to: '24:00' }]),
  exceptions: [],
};

/** The date (YYYY-MM-DD), weekday (0 = Monday) and time (HH:mm) of an instant on the store's clock. */
export function storeClock(at: Date) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: STORE_TIME_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      weekday: 'short',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  const weekday = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(parts.weekday!);
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    weekday,
    time: `${parts.hour}:${parts.minute}`,
  };
}

/** The hours of the day of an instant on the store's clock (a date's exception wins over its weekday). */
export function rangesOn(hours: OpeningHours, at: Date): { from: string; to: string }[] {
  const clock = storeClock(at);
  return (
    hours.exceptions.find((e) => e.date === clock.date)?.ranges ?? hours.week[clock.weekday] ?? []
  );
}

/** Whether the hours have the store open at an instant (a date's exception wins over its weekday). */
export function isOpenAt(hours: OpeningHours, at: Date): boolean {
  const time = storeClock(at).time;
  return rangesOn(hours, at).some((r) => r.from <= time && time < r.to);
}
