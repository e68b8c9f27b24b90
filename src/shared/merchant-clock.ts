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
