import type { ComponentType } from 'react';
import { i18n } from '../../i18n';
// The demos' menu titles, with the shell (every demo's screens.ts imports this module).
import './route-titles';

/** The demos' own texts (namespace `demos`), both languages, loaded with their first screen. */
async function loadDemoTexts() {
  if (i18n.hasResourceBundle('zh', 'demos') && i18n.hasResourceBundle('en', 'demos')) return;
  const [{ zh }, { en }] = await Promise.all([import('./texts.zh'), import('./texts.en')]);
  i18n.addResourceBundle('zh', 'demos', zh);
  i18n.addResourceBundle('en', 'demos', en);
}

/**
 * A template demo's screen chunk, with the demos' texts: what a demo's `screens.ts` lists, so the
 * shell and the login page carry neither.
 */
export function demoScreen<P>(load: () => Promise<{ default: ComponentType<P> }>) {
  return async () => {
    const [screen] = await Promise.all([load(), loadDemoTexts()]);
    return screen;
  };
}
