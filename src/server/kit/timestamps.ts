/**
 * A `timestamptz` as the driver hands it over (PostgreSQL's text, e.g. "2026-11-23 14:24:41.46+00")
 * as ISO 8601 in UTC with milliseconds, exactly as `Date#toISOString` writes it. The common case
 * (a UTC session, at most millisecond precision) is rewritten as text, without the date parser
 * and formatter a `Date` costs per value; anything else goes through a `Date`.
 */
export function isoTimestamp(value: string | Date): string;
export function isoTimestamp(value: string | Date | null): string | null;
export function isoTimestamp(value: string | Date | null): string | null {
  if (value === null) return null;
  if (typeof value !== 'string') return value.toISOString();
  const n = value.length;
  // "YYYY-MM-DD HH:MM:SS" [".f" to ".fff"] "+00"
  if (
    n >= 22 &&
    n <= 26 &&
    value.charCodeAt(4) === 45 && // -
    value.charCodeAt(10) === 32 && // space
    value.endsWith('+00') &&
    (n === 22 || value.charCodeAt(19) === 46) // .
  ) {
    const date = value.slice(0, 10);
    const time = value.slice(11, 19);
    const fraction = n === 22 ? '' : value.slice(20, n - 3);
    return `${date}T${time}.${fraction.padEnd(3, '0')}Z`;
  }
  return new Date(value).toISOString();
}
