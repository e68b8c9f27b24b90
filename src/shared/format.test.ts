import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_TIME_PATTERN,
  formatMoney,
  formatPriceDelta,
  formatTime,
  numberFormatter,
  param2Obj,
  parseTime,
  timeAgo,
  toThousandFilter,
} from './format';

// Every expected date is built with local-time Date APIs (new Date(y, m, d, ...)), and local
// times are chosen away from midnight and DST switch days, so the suite passes in any TZ.

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** Formats a date's local fields the way the default pattern should, for UTC-built dates. */
function localText(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ` +
    `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
  );
}

// Thursday 5 March 2026, 08:07:06 local: every field but the year needs padding.
const LOCAL = new Date(2026, 2, 5, 8, 7, 6);
const LOCAL_MS = LOCAL.getTime();
const LOCAL_SECONDS = LOCAL_MS / SECOND;

describe('parseTime', () => {
  it('formats a Date with the default pattern, padding month, day, hour, minute, second', () => {
    expect(parseTime(LOCAL)).toBe('2026-03-05 08:07:06');
    expect(DEFAULT_TIME_PATTERN).toBe('{y}-{m}-{d} {h}:{i}:{s}');
  });

  it('does not pad double-digit fields', () => {
    expect(parseTime(new Date(2026, 10, 22, 14, 35, 59))).toBe('2026-11-22 14:35:59');
  });

  it('reads a 13-digit number as milliseconds', () => {
    expect(String(LOCAL_MS)).toHaveLength(13);
    expect(parseTime(LOCAL_MS)).toBe('2026-03-05 08:07:06');
  });

  it('reads a ten-digit number as seconds', () => {
    expect(String(LOCAL_SECONDS)).toHaveLength(10);
    expect(parseTime(LOCAL_SECONDS)).toBe('2026-03-05 08:07:06');
  });

  it('reads numeric strings by the same digit rule', () => {
    expect(parseTime(String(LOCAL_MS))).toBe('2026-03-05 08:07:06');
    expect(parseTime(String(LOCAL_SECONDS))).toBe('2026-03-05 08:07:06');
  });

  it('applies the seconds rule exactly to ten-digit values', () => {
    // 1e9 is the smallest ten-digit number: seconds.
    expect(parseTime(1_000_000_000)).toBe(localText(new Date(1_000_000_000_000)));
    expect(parseTime(9_999_999_999)).toBe(localText(new Date(9_999_999_999_000)));
    // Nine and eleven digits are milliseconds.
    expect(parseTime(999_999_999)).toBe(localText(new Date(999_999_999)));
    expect(parseTime(10_000_000_000)).toBe(localText(new Date(10_000_000_000)));
  });

  it("reads 'yyyy-mm-dd hh:mm:ss' strings as local time", () => {
    expect(parseTime('2026-11-22 10:00:00')).toBe('2026-11-22 10:00:00');
    expect(parseTime('2026-03-05 08:07:06', '{h}:{i}:{s}')).toBe('08:07:06');
  });

  it("reads a date-only 'yyyy-mm-dd' string as local midnight, not UTC", () => {
    expect(parseTime('2026-11-22')).toBe('2026-11-22 00:00:00');
  });

  it("keeps ISO strings with 'T' as the platform parses them", () => {
    const utc = new Date(Date.UTC(2026, 10, 22, 10, 0, 0));
    expect(parseTime('2026-11-22T10:00:00.000Z')).toBe(localText(utc));
    // Without an offset an ISO date-time is local.
    expect(parseTime('2026-11-22T10:00:00')).toBe('2026-11-22 10:00:00');
  });

  it('reads slash date strings', () => {
    expect(parseTime('2026/11/22 10:20:30')).toBe('2026-11-22 10:20:30');
  });

  it('replaces every token, repeated and mixed with text', () => {
    expect(parseTime(LOCAL, '{y}年{m}月{d}日 {h}时{i}分{s}秒')).toBe('2026年03月05日 08时07分06秒');
    expect(parseTime(LOCAL, '{d}/{m}/{y} {d}')).toBe('05/03/2026 05');
  });

  it('leaves unknown or malformed tokens alone', () => {
    expect(parseTime(LOCAL, '{x} {yy} {Y} y-m-d')).toBe('{x} {yy} {Y} y-m-d');
  });

  it('returns the pattern text as is when it has no tokens', () => {
    expect(parseTime(LOCAL, 'today')).toBe('today');
  });

  it.each([
    [0, '日'],
    [1, '一'],
    [2, '二'],
    [3, '三'],
    [4, '四'],
    [5, '五'],
    [6, '六'],
  ])('renders {a} for weekday %i as %s', (offset, weekday) => {
    // 4 January 2026 is a Sunday.
    const date = new Date(2026, 0, 4 + offset, 12, 0, 0);
    expect(parseTime(date, '周{a}')).toBe(`周${weekday}`);
  });

  it('does not pad the year', () => {
    const date = new Date(2026, 5, 15, 12, 0, 0);
    date.setFullYear(987);
    expect(parseTime(date, '{y}-{m}-{d}')).toBe('987-06-15');
    date.setFullYear(5);
    expect(parseTime(date, '{y}-{m}-{d}')).toBe('5-06-15');
  });

  it.each([
    ['no argument', []],
    ['undefined', [undefined]],
    ['null', [null]],
    ['an empty string', ['']],
  ] as const)('returns null for %s', (_label, args) => {
    expect(parseTime(...args)).toBeNull();
  });

  it.each([
    ['an unparseable string', 'not a date'],
    ['an out-of-range date string', '2026-13-45 99:99:99'],
    ['an invalid Date', new Date(Number.NaN)],
    ['NaN', Number.NaN],
  ] as const)('returns null for %s', (_label, time) => {
    expect(parseTime(time)).toBeNull();
  });

  it('treats 0 as the epoch, not as empty', () => {
    expect(parseTime(0)).toBe(localText(new Date(0)));
  });
});

describe('formatTime', () => {
  // Monday 15 June 2026, 12:00:00 local.
  const NOW = new Date(2026, 5, 15, 12, 0, 0);
  const ago = (ms: number) => NOW.getTime() - ms;

  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each([
    ['now', 0, '刚刚'],
    ['29 s', 29 * SECOND, '刚刚'],
    ['29.999 s', 30 * SECOND - 1, '刚刚'],
    ['30 s', 30 * SECOND, '1分钟前'],
    ['60 s', 60 * SECOND, '1分钟前'],
    ['61 s', 61 * SECOND, '2分钟前'],
    ['90 s', 90 * SECOND, '2分钟前'],
    ['59 min', 59 * MINUTE, '59分钟前'],
    ['59 min 1 s', 59 * MINUTE + SECOND, '60分钟前'],
    ['60 min', 60 * MINUTE, '1小时前'],
    ['61 min', 61 * MINUTE, '2小时前'],
    ['23 h', 23 * HOUR, '23小时前'],
    ['23 h 59 min', 23 * HOUR + 59 * MINUTE, '24小时前'],
    ['24 h', 24 * HOUR, '1天前'],
    ['47 h', 47 * HOUR, '1天前'],
    ['47 h 59 min 59 s', 48 * HOUR - SECOND, '1天前'],
  ])('describes a time %s ago relatively', (_label, offset, expected) => {
    expect(formatTime(ago(offset))).toBe(expected);
  });

  it('describes a future time as just now', () => {
    expect(formatTime(NOW.getTime() + HOUR)).toBe('刚刚');
  });

  it('writes month, day, hour and minute unpadded from 48 hours on', () => {
    expect(formatTime(ago(48 * HOUR))).toBe('6月13日12时0分');
    // Built in local time so a DST switch elsewhere cannot move the expected text.
    expect(formatTime(new Date(2026, 5, 13, 11, 0, 0))).toBe('6月13日11时0分');
    expect(formatTime(new Date(2026, 0, 2, 3, 4, 5))).toBe('1月2日3时4分');
  });

  it('uses the given pattern from 48 hours on', () => {
    expect(formatTime(new Date(2026, 5, 13, 11, 0, 0), '{y}-{m}-{d} {h}:{i}')).toBe(
      '2026-06-13 11:00',
    );
  });

  it('ignores the pattern within 48 hours', () => {
    expect(formatTime(ago(5 * MINUTE), '{y}-{m}-{d}')).toBe('5分钟前');
    expect(formatTime(ago(47 * HOUR), '{y}-{m}-{d}')).toBe('1天前');
  });

  it('ignores an empty pattern', () => {
    expect(formatTime(new Date(2026, 5, 13, 11, 0, 0), '')).toBe('6月13日11时0分');
  });

  it('reads ten-digit input as seconds and longer input as milliseconds', () => {
    const ms = ago(5 * MINUTE);
    expect(formatTime(ms / SECOND)).toBe('5分钟前');
    expect(formatTime(ms)).toBe('5分钟前');
    expect(formatTime(String(ms / SECOND))).toBe('5分钟前');
    expect(formatTime(String(ms))).toBe('5分钟前');
  });

  it('accepts Date and date-string input', () => {
    expect(formatTime(new Date(ago(3 * HOUR)))).toBe('3小时前');
    expect(formatTime('2026-06-15 11:30:00')).toBe('30分钟前');
  });

  it('returns null for empty or invalid input', () => {
    expect(formatTime(undefined)).toBeNull();
    expect(formatTime(null)).toBeNull();
    expect(formatTime('')).toBeNull();
    expect(formatTime('garbage')).toBeNull();
    expect(formatTime(new Date(Number.NaN))).toBeNull();
  });
});

describe('timeAgo', () => {
  const NOW = new Date(2026, 5, 15, 12, 0, 0);
  const secondsAgo = (seconds: number) => NOW.getTime() / SECOND - seconds;

  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each([
    [0, '0 minutes'],
    [59, '0 minutes'],
    [60, '1 minute'],
    [119, '1 minute'],
    [120, '2 minutes'],
    [3599, '59 minutes'],
    [3600, '1 hour'],
    [7199, '1 hour'],
    [7200, '2 hours'],
    [86_399, '23 hours'],
    [86_400, '1 day'],
    [172_799, '1 day'],
    [172_800, '2 days'],
    [30 * 86_400, '30 days'],
  ])('describes %i seconds ago as %s', (seconds, expected) => {
    expect(timeAgo(secondsAgo(seconds))).toBe(expected);
  });

  it('has no "ago" suffix and pluralizes only counts other than 1', () => {
    expect(timeAgo(secondsAgo(3600))).toBe('1 hour');
    expect(timeAgo(secondsAgo(2 * 3600))).toBe('2 hours');
  });

  it('reads milliseconds as well as seconds', () => {
    const seconds = secondsAgo(3 * 3600);
    expect(String(seconds)).toHaveLength(10);
    expect(timeAgo(seconds)).toBe('3 hours');
    expect(timeAgo(seconds * SECOND)).toBe('3 hours');
  });

  it('reads numeric strings', () => {
    expect(timeAgo(String(secondsAgo(5 * 60)))).toBe('5 minutes');
    expect(timeAgo(String(secondsAgo(5 * 60) * SECOND))).toBe('5 minutes');
  });
});

describe('numberFormatter', () => {
  it.each([
    [0, 1, '0'],
    [999, 1, '999'],
    [-5000, 1, '-5000'],
    [12.5, 1, '12.5'],
    [1000, 1, '1k'],
    [1234, 1, '1.2k'],
    [1250, 2, '1.25k'],
    [1230, 3, '1.23k'],
    [10_000, 2, '10k'],
    [1_500_000, 2, '1.5M'],
    [1_000_000, 0, '1M'],
    [1_250_000_000, 2, '1.25G'],
    [1e12, 1, '1T'],
    [2.5e15, 1, '2.5P'],
    [3e18, 1, '3E'],
    [1e21, 0, '1000E'],
  ])('formats %d with %i digits as %s', (num, digits, expected) => {
    expect(numberFormatter(num, digits)).toBe(expected);
  });

  it('rounds to the requested digits', () => {
    expect(numberFormatter(1999, 1)).toBe('2k');
    expect(numberFormatter(1949, 1)).toBe('1.9k');
    expect(numberFormatter(1_234_567, 3)).toBe('1.235M');
  });

  it('defaults to no decimals', () => {
    expect(numberFormatter(1600)).toBe('2k');
  });

  it('uses the largest suffix the number reaches', () => {
    expect(numberFormatter(999_999, 0)).toBe('1000k');
    expect(numberFormatter(1_000_000, 0)).toBe('1M');
  });
});

describe('toThousandFilter', () => {
  it.each([
    [0, '0'],
    [123, '123'],
    [1000, '1,000'],
    [10_000, '10,000'],
    [123_456, '123,456'],
    [1_234_567, '1,234,567'],
    [-1000, '-1,000'],
    [-123_456, '-123,456'],
    [-1_234_567, '-1,234,567'],
    [1234.5678, '1,234.5678'],
    [-1234.5, '-1,234.5'],
    [0.123456, '0.123456'],
  ])('formats %d as %s', (num, expected) => {
    expect(toThousandFilter(num)).toBe(expected);
  });

  it('accepts numeric strings', () => {
    expect(toThousandFilter('1234567')).toBe('1,234,567');
    expect(toThousandFilter('-9876.5')).toBe('-9,876.5');
  });

  it('shows non-numbers as 0', () => {
    expect(toThousandFilter('abc')).toBe('0');
    expect(toThousandFilter('')).toBe('0');
    expect(toThousandFilter(Number.NaN)).toBe('0');
  });
});

describe('param2Obj', () => {
  it('parses the query string of a URL', () => {
    expect(param2Obj('http://example.com/list?name=bill&age=18')).toEqual({
      name: 'bill',
      age: '18',
    });
  });

  it('returns an empty object without a query', () => {
    expect(param2Obj('http://example.com/list')).toEqual({});
    expect(param2Obj('http://example.com/list?')).toEqual({});
    expect(param2Obj('')).toEqual({});
  });

  it('splits each pair on its first "=" only', () => {
    expect(param2Obj('/p?a=b=c')).toEqual({ a: 'b=c' });
    expect(param2Obj('/p?token=abc==&x=1')).toEqual({ token: 'abc==', x: '1' });
  });

  it("decodes escapes and reads '+' as a space", () => {
    expect(param2Obj('/p?q=hello+world&city=%E4%B8%8A%E6%B5%B7&s=a%20b')).toEqual({
      q: 'hello world',
      city: '上海',
      s: 'a b',
    });
  });

  it("keeps an encoded '+', '&' or '=' inside a value", () => {
    expect(param2Obj('/p?expr=1%2B1&pair=a%26b&eq=x%3Dy')).toEqual({
      expr: '1+1',
      pair: 'a&b',
      eq: 'x=y',
    });
  });

  it('decodes keys', () => {
    expect(param2Obj('/p?first%20name=Ann&%E5%90%8D=%E5%80%BC')).toEqual({
      'first name': 'Ann',
      名: '值',
    });
  });

  it('keeps empty values and skips pairs without "="', () => {
    expect(param2Obj('/p?empty=&flag&a=1')).toEqual({ empty: '', a: '1' });
  });

  it('lets the last duplicate win', () => {
    expect(param2Obj('/p?a=1&a=2')).toEqual({ a: '2' });
  });

  it('stops at a fragment after the query', () => {
    expect(param2Obj('/p?a=1&b=2#section')).toEqual({ a: '1', b: '2' });
  });

  it('reads the query of a hash-mode route', () => {
    expect(param2Obj('http://example.com/#/order/list?page=2&size=20')).toEqual({
      page: '2',
      size: '20',
    });
  });

  it('keeps malformed escapes as written instead of throwing', () => {
    expect(param2Obj('/p?a=%E0%A4%A&b=100%')).toEqual({ a: '%E0%A4%A', b: '100%' });
  });

  it('stores "__proto__" as a plain key without touching the prototype', () => {
    const result = param2Obj('/p?__proto__=x&a=1');
    expect(Object.hasOwn(result, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
    expect(result.a).toBe('1');
  });
});

describe('formatMoney', () => {
  it.each([
    ['1234567.50', '1,234,567.50'],
    ['-12.00', '-12.00'],
    ['0.00', '0.00'],
    ['0.05', '0.05'],
    ['999.99', '999.99'],
    ['1000.00', '1,000.00'],
    ['-1000.00', '-1,000.00'],
    ['-1234567.89', '-1,234,567.89'],
    ['123456.78', '123,456.78'],
    ['1000', '1,000'],
    ['12345', '12,345'],
    ['+1000.5', '+1,000.5'],
  ])('formats %s as %s', (amount, expected) => {
    expect(formatMoney(amount)).toBe(expected);
  });

  it('keeps every digit beyond float precision', () => {
    expect(formatMoney('12345678901234567890.12')).toBe('12,345,678,901,234,567,890.12');
    expect(formatMoney('9007199254740993.01')).toBe('9,007,199,254,740,993.01');
  });

  it('never touches the fraction digits', () => {
    expect(formatMoney('1234.123456')).toBe('1,234.123456');
  });

  it('returns anything that is not a decimal string unchanged', () => {
    expect(formatMoney('')).toBe('');
    expect(formatMoney('abc')).toBe('abc');
    expect(formatMoney('1,234.00')).toBe('1,234.00');
    expect(formatMoney('1e6')).toBe('1e6');
  });
});

describe('formatPriceDelta', () => {
  it.each([
    ['5.00', '+¥5.00'],
    ['-3.00', '-¥3.00'],
    ['0.00', ''],
    ['1200.50', '+¥1,200.50'],
  ])('%s reads %s', (delta, text) => {
    expect(formatPriceDelta(delta)).toBe(text);
  });
});
