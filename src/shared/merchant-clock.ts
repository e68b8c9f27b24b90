import { STORE_TIME_ZONE } from './opening-hours';

/**
 * An instant's date and time on the merchant's clock (China's, Asia/Shanghai, unless it has
 * another), whatever the server's or the browser's own time zone: year to second, two digits each
 * but the year.
 */
function clockParts(at: Date, timeZone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return parts as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', string>;
}

/** `yyyyMMddHHmmss` on the merchant's clock: the date and time in an order number. */
export function clockStamp(at: Date, timeZone: string = STORE_TIME_ZONE) {
  const p = clockParts(at, timeZone);
  return `${p.year}${p.month}${p.day}${p.hour}${p.minute}${p.second}`;
}

/** `yyyy-MM-dd HH:mm:ss` on the merchant's clock: a time as the merchant and its customers read it. */
export function clockText(at: Date, timeZone: string = STORE_TIME_ZONE) {
  const p = clockParts(at, timeZone);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

/**
 * The instant a time typed without an offset means on the merchant's clock (`2026-12-01 10:00`
 * in a file is 10:00 in China, not on the server's clock); a text with its offset or `Z` means
 * what it says. Answers an invalid date for anything else. China keeps no summer time, so its
 * offset at the typed time is the zone's offset at that time read once.
 */
export function clockTime(text: string, timeZone: string = STORE_TIME_ZONE): Date {
  const typed = text.trim().replaceAll('/', '-');
  if (/(?:z|[+-]\d{2}:?\d{2})$/i.test(typed)) return new Date(typed);
  const m = /^([+-]?\d{4,6})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(
    typed,
  );
  if (!m) return new Date(Number.NaN);
  const [, y, mo, d, h = '0', mi = '0', s = '0'] = m;
  const asUtc = utc(+y!, +mo!, +d!, +h, +mi, +s);
  const p = clockParts(new Date(asUtc), timeZone);
  const shown = utc(+p.year, +p.month, +p.day, +p.hour, +p.minute, +p.second);
  return new Date(asUtc - (shown - asUtc));
}

/** Milliseconds of a UTC date and time (Date.UTC would read a year below 100 as 19xx). */
function utc(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  second: number,
) {
  return new Date(Date.UTC(2000, month - 1, day, hour, minute, second)).setUTCFullYear(year);
}
