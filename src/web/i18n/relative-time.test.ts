import { afterEach, describe, expect, it } from 'vitest';
import { en } from './en';
import { i18n } from './index';
import { relativeTime } from './relative-time';

const now = Date.parse('2026-11-25T10:00:00Z');
const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();

describe('relativeTime', () => {
  afterEach(() => i18n.changeLanguage('zh'));
  it('is Chinese in the Chinese UI and English in the English UI', async () => {
    expect(relativeTime(new Date(Date.now() - 330_000).toISOString())).toBe('6分钟前');
    i18n.addResourceBundle('en', 'translation', en);
    await i18n.changeLanguage('en');
    expect(relativeTime(ago(10), now)).toBe('just now');
    expect(relativeTime(ago(360), now)).toBe('6 minutes ago');
    expect(relativeTime(ago(7200), now)).toBe('2 hours ago');
    expect(relativeTime(ago(90_000), now)).toBe('yesterday');
  });
});
