import { formatTime, parseTime } from '../../shared/format';
import { i18n } from './index';

/**
 * A past time relative to now, in the UI's language: Chinese as the spec words it ('刚刚',
 * 'N分钟前'…), English through Intl ('just now', '6 minutes ago'…); a date past two days.
 */
export function relativeTime(iso: string, now = Date.now()): string {
  const time = new Date(iso).getTime();
  if (Number.isNaN(time)) return '';
  if (i18n.language.startsWith('zh')) return formatTime(time, '{y}-{m}-{d} {h}:{i}') ?? '';
  const seconds = (now - time) / 1000;
  const words = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  if (seconds < 30) return 'just now';
  if (seconds < 3600) return words.format(-Math.ceil(seconds / 60), 'minute');
  if (seconds < 86_400) return words.format(-Math.ceil(seconds / 3600), 'hour');
  if (seconds < 172_800) return words.format(-1, 'day');
  return parseTime(time, '{y}-{m}-{d} {h}:{i}') ?? '';
}
