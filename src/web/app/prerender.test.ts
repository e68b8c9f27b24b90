import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { removeToken, setToken } from '../api/token';
import {
  finishPrerender,
  PRERENDER_ATTRIBUTE,
  PRERENDER_KEYS,
  PRERENDERED_ATTRIBUTE,
  prerenderCheckScript,
  prerenderedLoginFits,
} from './prerender';

const fits = () => prerenderedLoginFits(PRERENDER_KEYS);

describe('prerenderedLoginFits', () => {
  beforeEach(() => window.history.replaceState(null, '', '/login?redirect=%2Forders'));
  afterEach(() => {
    localStorage.clear();
    removeToken();
    document.documentElement.removeAttribute(PRERENDER_ATTRIBUTE);
  });

  it('fits a signed-out browser with the default language and settings', () => {
    expect(fits()).toBe(true);
    localStorage.setItem('language', 'zh');
    localStorage.setItem(
      'settings',
      JSON.stringify({ state: { theme: PRERENDER_KEYS.theme, dark: false }, version: 1 }),
    );
    expect(fits()).toBe(true);
  });

  it('does not fit English, dark mode, another theme colour or a signed-in browser', () => {
    localStorage.setItem('language', 'en');
    expect(fits()).toBe(false);
    localStorage.clear();
    localStorage.setItem('settings', JSON.stringify({ state: { dark: true }, version: 1 }));
    expect(fits()).toBe(false);
    localStorage.setItem('settings', JSON.stringify({ state: { theme: '#13c2c2' }, version: 1 }));
    expect(fits()).toBe(false);
    localStorage.clear();
    setToken('abc');
    expect(fits()).toBe(false);
  });

  it('follows the system dark preference until light or dark is chosen', () => {
    const real = window.matchMedia;
    const prefersDark = ((query: string) =>
      ({
        matches: query === '(prefers-color-scheme: dark)',
      }) as MediaQueryList) as typeof matchMedia;
    vi.stubGlobal('matchMedia', prefersDark);
    window.matchMedia = prefersDark;
    try {
      expect(fits()).toBe(false);
      // A version 1 `false` was the default, not a choice.
      localStorage.setItem('settings', JSON.stringify({ state: { dark: false }, version: 1 }));
      expect(fits()).toBe(false);
      localStorage.setItem('settings', JSON.stringify({ state: { dark: false }, version: 2 }));
      expect(fits()).toBe(true);
      localStorage.setItem('settings', JSON.stringify({ state: { tagsView: true }, version: 2 }));
      expect(fits()).toBe(false);
    } finally {
      vi.unstubAllGlobals();
      window.matchMedia = real;
    }
  });

  it('does not fit another path or unreadable settings', () => {
    localStorage.setItem('settings', '{not json');
    expect(fits()).toBe(false);
    localStorage.clear();
    window.history.replaceState(null, '', '/dashboard');
    expect(fits()).toBe(false);
  });

  it('runs on its own as the inline script, marking <html> on or off', () => {
    new Function(prerenderCheckScript())();
    expect(document.documentElement.getAttribute(PRERENDER_ATTRIBUTE)).toBe('on');
    localStorage.setItem('language', 'en');
    new Function(prerenderCheckScript())();
    expect(document.documentElement.getAttribute(PRERENDER_ATTRIBUTE)).toBe('off');
  });

  it('holds native submits while the root holds prerendered markup, not after', () => {
    const root = document.createElement('div');
    root.id = 'root';
    root.setAttribute(PRERENDERED_ATTRIBUTE, 'login');
    root.innerHTML = '<form><button type="submit">go</button></form>';
    document.body.append(root);
    const form = root.querySelector('form') as HTMLFormElement;
    new Function(prerenderCheckScript())();
    const submit = () => {
      const event = new Event('submit', { bubbles: true, cancelable: true });
      form.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(submit()).toBe(true);
    finishPrerender();
    expect(submit()).toBe(false);
    root.remove();
  });
});
