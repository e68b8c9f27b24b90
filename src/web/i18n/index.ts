import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  type IssueLike,
  MESSAGE_NAMESPACE,
  type Message,
  messageOfIssue,
  renderMessage,
} from '../../shared/messages';
import zhMessages from '../../shared/messages/zh';
import type { ResourceDictionary } from '../../shared/resource';
import { resourceRouteTitles } from '../../shared/resource-titles';
import { dynamicKey } from './keys';
import { zh } from './zh';

export * from './keys';

export const LANGUAGES = [
  { key: 'zh', label: '简体中文' },
  { key: 'en', label: 'English' },
] as const;
export type Language = (typeof LANGUAGES)[number]['key'];
export const LANGUAGE_KEY = 'language';

function storedLanguage(): Language {
  const stored = globalThis.localStorage?.getItem(LANGUAGE_KEY);
  return stored === 'en' ? 'en' : 'zh';
}

/** Each resource's texts, beside its definition; loaded with its screen. */
const dictionaries = import.meta.glob<ResourceDictionary>(
  ['../../shared/resources/*.zh.ts', '../../shared/resources/*.en.ts'],
  { import: 'default' },
);
/** The areas whose texts a screen asked for: their other language comes when it is chosen. */
const openedAreas = new Set<string>();

async function addDictionary(language: Language, name: string) {
  if (i18n.hasResourceBundle(language, name)) return;
  const load = dictionaries[`../../shared/resources/${name}.${language}.ts`];
  if (!load) throw new Error(`no ${language} dictionary for ${name}`);
  i18n.addResourceBundle(language, name, await load());
}

/** The language the UI is in or about to be in: the one whose dictionaries a screen loads. */
let shownLanguage: Language = storedLanguage();

/**
 * Chinese (the default and the fallback) is built in; English is its own chunk, fetched only by
 * those who choose it, so the first download carries one dictionary rather than two. Choosing it
 * also fetches the English texts of the areas already opened.
 */
async function loadLanguage(language: Language) {
  if (language === 'en' && !i18n.hasResourceBundle('en', 'translation')) {
    const [{ en }, { default: enMessages }] = await Promise.all([
      import('./en'),
      import('../../shared/messages/en'),
    ]);
    i18n.addResourceBundle('en', 'translation', withResourceTitles(en, 'en'));
    i18n.addResourceBundle('en', MESSAGE_NAMESPACE, enMessages);
  }
  await Promise.all([...openedAreas].map((name) => addDictionary(language, name)));
}

/** The shell's texts with the route titles of the areas, which their definitions hold. */
function withResourceTitles<T extends { route: object }>(texts: T, language: Language): T {
  return { ...texts, route: { ...texts.route, ...resourceRouteTitles(language) } };
}

void i18n.use(initReactI18next).init({
  resources: { zh: { translation: withResourceTitles(zh, 'zh'), [MESSAGE_NAMESPACE]: zhMessages } },
  lng: 'zh',
  fallbackLng: 'zh',
  interpolation: { escapeValue: false },
  returnNull: false,
});

/** Resolves once the stored language's dictionary is in: render after it, so no text flashes. */
export const i18nReady: Promise<unknown> = (async () => {
  const language = storedLanguage();
  await loadLanguage(language);
  if (language !== 'zh') await i18n.changeLanguage(language);
})();

/** Switches the UI's language once its texts (and those of the areas opened) are in. */
export function setLanguage(language: Language): Promise<unknown> {
  shownLanguage = language;
  localStorage.setItem(LANGUAGE_KEY, language);
  document.documentElement.lang = language === 'zh' ? 'zh-CN' : 'en';
  return loadLanguage(language).then(() => i18n.changeLanguage(language));
}

/**
 * The UI's language as the API is asked to answer in it (Accept-Language): the server renders
 * its messages from the same catalogue (shared/messages) in it.
 */
export function apiLanguage(): string {
  return i18n.language === 'en' ? 'en' : 'zh-CN';
}

/** A catalogue message in the UI's language, as the server would say it. */
export function messageText(m: Message): string {
  return renderMessage((key, options) => i18n.t(dynamicKey(key), options), m);
}

/** Why a shared rule refused a value (a zod issue), in the UI's language. */
export function issueText(issue: IssueLike | undefined): string {
  return messageText(messageOfIssue(issue ?? {}));
}

/**
 * A route title: an i18n key (`route.x`, or `demo-routes:x` for the template demos) or a literal
 * title from the server.
 */
export function routeTitle(title: string | undefined): string {
  if (!title) return i18n.t('app.noName');
  return /^(route\.|demo-routes:)/.test(title) ? i18n.t(dynamicKey(title)) : title;
}

/**
 * Adds a resource's texts as its i18n namespace, in the UI's language (and in Chinese, the
 * fallback, under English).
 */
export async function loadDictionaries(name: string) {
  openedAreas.add(name);
  const languages = shownLanguage === 'zh' ? (['zh'] as const) : (['zh', shownLanguage] as const);
  await Promise.all(languages.map((language) => addDictionary(language, name)));
}

/** Every resource's texts (the operation log names any area's fields). */
export function loadAllDictionaries() {
  const names = new Set(
    Object.keys(dictionaries).map((path) => path.split('/').pop()!.split('.')[0]!),
  );
  return Promise.all([...names].map(loadDictionaries));
}

export { i18n };
