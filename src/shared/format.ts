// Date and number formatting ported from vue-element-admin 4.4 (src/utils/index.js and
// src/filters/index.js), typed and with the template's known pitfalls fixed where noted.

/** A time value: a Date, milliseconds, ten-digit seconds, a numeric string or a date string. */
export type TimeInput = Date | number | string;

/** The pattern parseTime uses when none is given. */
export const DEFAULT_TIME_PATTERN = '{y}-{m}-{d} {h}:{i}:{s}';

const WEEKDAYS = '日一二三四五六';
const SECOND_MS = 1000;

/** True when the integer part of n has exactly ten digits, i.e. n is a Unix time in seconds. */
function isTenDigitSeconds(n: number): boolean {
  return n >= 1e9 && n < 1e10;
}

/** Turns any accepted time input into a valid Date, or null when empty or unparseable. */
function toDate(time: TimeInput | null | undefined): Date | null {
  if (time === undefined || time === null || time === '') return null;
  let date: Date;
  if (time instanceof Date) {
    date = time;
  } else {
    let value: number | string = time;
    if (typeof value === 'string') {
      if (/^\d+$/.test(value)) {
        // "1548221490638" or "1548221490": a timestamp sent as a string.
        value = Number(value);
      } else if (value.includes('-') && !value.includes('T')) {
        // "2026-11-22 10:00:00" is read as local time (and Safari rejects the '-' form).
        value = value.replace(/-/g, '/');
      }
    }
    if (typeof value === 'number' && isTenDigitSeconds(value)) value *= SECOND_MS;
    date = new Date(value);
  }
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Formats a time with {y} {m} {d} {h} {i} {s} {a} tokens in local time; null when empty or invalid. */
export function parseTime(
  time?: TimeInput | null,
  pattern: string = DEFAULT_TIME_PATTERN,
): string | null {
  const date = toDate(time);
  if (!date) return null;
  const values: Record<string, number> = {
    y: date.getFullYear(),
    m: date.getMonth() + 1,
    d: date.getDate(),
    h: date.getHours(),
    i: date.getMinutes(),
    s: date.getSeconds(),
    a: date.getDay(),
  };
  return pattern.replace(/\{([ymdhisa])\}/g, (_token, key: string) => {
    const value = values[key]!;
    // getDay() is 0 on Sunday, which the list starts with.
    if (key === 'a') return WEEKDAYS[value]!;
    if (key === 'y') return String(value);
    return String(value).padStart(2, '0');
  });
}

/** Describes a past time relative to now in Chinese ('刚刚', 'N分钟前', …); null when empty or invalid. */
export function formatTime(time: TimeInput | null | undefined, pattern?: string): string | null {
  const date = toDate(time);
  if (!date) return null;
  const diff = (Date.now() - date.getTime()) / 1000;
  if (diff < 30) return '刚刚';
  if (diff < 3600) return `${Math.ceil(diff / 60)}分钟前`;
  if (diff < 86_400) return `${Math.ceil(diff / 3600)}小时前`;
  if (diff < 172_800) return '1天前';
  if (pattern) return parseTime(date, pattern);
  return `${date.getMonth() + 1}月${date.getDate()}日${date.getHours()}时${date.getMinutes()}分`;
}

/** Appends an English plural 's' to the label unless the count is exactly 1. */
function pluralize(count: number, label: string): string {
  return count === 1 ? `${count}${label}` : `${count}${label}s`;
}

/** Elapsed time in whole English units ("5 minutes", "1 hour", "3 days"); input in seconds or ms. */
export function timeAgo(time: number | string): string {
  const value = Number(time);
  const seconds = isTenDigitSeconds(value) ? value : value / SECOND_MS;
  const between = Date.now() / SECOND_MS - seconds;
  if (between < 3600) return pluralize(Math.trunc(between / 60), ' minute');
  if (between < 86_400) return pluralize(Math.trunc(between / 3600), ' hour');
  return pluralize(Math.trunc(between / 86_400), ' day');
}

const SI_UNITS = [
  { value: 1e18, symbol: 'E' },
  { value: 1e15, symbol: 'P' },
  { value: 1e12, symbol: 'T' },
  { value: 1e9, symbol: 'G' },
  { value: 1e6, symbol: 'M' },
  { value: 1e3, symbol: 'k' },
] as const;

/** Abbreviates a number with an SI suffix (k M G T P E) and at most `digits` decimals: 1234 → "1.2k". */
export function numberFormatter(num: number, digits = 0): string {
  for (const { value, symbol } of SI_UNITS) {
    if (num >= value) {
      // Drop trailing zeros: "1.50" → "1.5", "2.00" → "2".
      return (num / value).toFixed(digits).replace(/\.0+$|(\.[0-9]*[1-9])0+$/, '$1') + symbol;
    }
  }
  return num.toString();
}

/** Inserts thousands commas into the integer part of a number: 10000 → "10,000"; non-numbers → "0". */
export function toThousandFilter(num: number | string): string {
  return (+num || 0).toString().replace(/^-?\d+/g, (m) => m.replace(/(?=(?!\b)(\d{3})+$)/g, ','));
}

/** Decodes one query component: '+' is a space, malformed escapes are kept as written. */
function decodeQueryPart(part: string): string {
  const spaced = part.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}

/** Parses the query string of a URL into an object, splitting each pair on its first '='. */
export function param2Obj(url: string): Record<string, string> {
  const start = url.indexOf('?');
  if (start === -1) return {};
  // The query ends at a fragment that follows it.
  const query = url.slice(start + 1).split('#')[0]!;
  const entries: [string, string][] = [];
  for (const pair of query.split('&')) {
    const eq = pair.indexOf('=');
    // Like the template, a pair without '=' carries no value and is skipped.
    if (eq === -1) continue;
    // Decoding after splitting keeps an encoded '&' or '=' inside a value.
    entries.push([decodeQueryPart(pair.slice(0, eq)), decodeQueryPart(pair.slice(eq + 1))]);
  }
  // fromEntries defines own properties, so a "__proto__" key cannot reach the prototype.
  return Object.fromEntries(entries);
}

/** Inserts thousands commas into a decimal money string without a float: "1234567.50" → "1,234,567.50". */
export function formatMoney(amount: string): string {
  const match = /^([+-]?)(\d+)(\.\d*)?$/.exec(amount.trim());
  // Anything that is not a plain decimal string is shown as given.
  if (!match) return amount;
  const [, sign = '', integer = '', fraction = ''] = match;
  return sign + integer.replace(/\B(?=(\d{3})+$)/g, ',') + fraction;
}

/**
 * A price change as a customer reads it: "5.00" → "+¥5.00", "-3.00" → "-¥3.00" (not "+¥-3.00"),
 * nothing for none.
 */
export function formatPriceDelta(delta: string): string {
  const text = String(delta ?? '').trim();
  if (text === '' || Number(text) === 0) return '';
  const digits = text.replace(/^[+-]/, '');
  return `${text.startsWith('-') ? '-' : '+'}¥${formatMoney(digits)}`;
}
