/**
 * The login page is served prerendered (`login.html`, written at build time), so it paints before
 * any script has run; React then hydrates it in place. The markup is the default look: Chinese,
 * light, the default theme colour, signed out. A browser whose stored choices differ, or that
 * prefers dark with no choice stored, renders afresh instead. The check runs inline in login.html's head, before the first paint: it marks
 * <html> on or off (off hides the markup), and main.tsx hydrates or renders afresh by that mark.
 * It must stay self-contained (no imports, no outer names): the build inlines its source text.
 */
import { THEME_COLOR, TOKEN_COOKIE } from '../../shared/constants';
import { LANGUAGE_KEY } from '../i18n';
import { SETTINGS_KEY } from '../stores/settings';

export interface PrerenderKeys {
  theme: string;
  tokenCookie: string;
  languageKey: string;
  settingsKey: string;
}

export function prerenderedLoginFits(keys: PrerenderKeys): boolean {
  try {
    if (location.pathname !== '/login') return false;
    const cookies = document.cookie.split(/;\s*/);
    if (cookies.some((cookie) => cookie.startsWith(`${keys.tokenCookie}=`))) return false;
    if ((localStorage.getItem(keys.languageKey) || 'zh') !== 'zh') return false;
    const stored = JSON.parse(localStorage.getItem(keys.settingsKey) || '{}');
    const settings = stored?.state || {};
    // Dark as chosen (stored since version 2; a version 1 `false` was the default), else the
    // system's preference.
    const chosen =
      settings.dark === true || (typeof settings.dark === 'boolean' && stored.version >= 2);
    const dark = chosen
      ? settings.dark
      : typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches;
    return !dark && (!settings.theme || settings.theme === keys.theme);
  } catch {
    return false;
  }
}

/** The attribute the inline check sets on <html>: "on" when the prerendered markup fits. */
export const PRERENDER_ATTRIBUTE = 'data-prerender';
/** #root carries this when it holds prerendered markup. */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

export const PRERENDER_KEYS: PrerenderKeys = {
  theme: THEME_COLOR,
  tokenCookie: TOKEN_COOKIE,
  languageKey: LANGUAGE_KEY,
  settingsKey: SETTINGS_KEY,
};

/**
 * Before React takes over, a submit would be the browser's own: a GET with the password in the
 * address. Held until the page is hydrated (finishPrerender); React handles submits from then on.
 * Self-contained, like prerenderedLoginFits.
 */
export function holdPrerenderedSubmits(attribute: string) {
  document.addEventListener(
    'submit',
    (event) => {
      if (document.getElementById('root')?.hasAttribute(attribute)) event.preventDefault();
    },
    true,
  );
}

/** The hydrated login page has taken over: submits are React's from now on. */
export function finishPrerender() {
  document.getElementById('root')?.removeAttribute(PRERENDERED_ATTRIBUTE);
}

/** The inline script of login.html's head, as source text: the check and the submit hold. */
export function prerenderCheckScript(): string {
  const fits = `(${prerenderedLoginFits.toString()})(${JSON.stringify(PRERENDER_KEYS)})`;
  return [
    `document.documentElement.setAttribute(${JSON.stringify(PRERENDER_ATTRIBUTE)},${fits}?"on":"off")`,
    `(${holdPrerenderedSubmits.toString()})(${JSON.stringify(PRERENDERED_ATTRIBUTE)})`,
  ].join(';');
}
