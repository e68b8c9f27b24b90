import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './en';
import { zh } from './zh';

export const LANGUAGES = [
  { key: 'zh', label: '简体中文' },
  { key: 'en', label: 'English' },
] as const;
export type Language = (typeof LANGUAGES)[number]['key'];
const LANGUAGE_KEY = 'language';

function storedLanguage(): Language {
  const stored = globalThis.localStorage?.getItem(LANGUAGE_KEY);
  return stored === 'en' ? 'en' : 'zh';
}

void i18n.use(initReactI18next).init({
  resources: { zh: { translation: zh }, en: { translation: en } },
  lng: storedLanguage(),
  fallbackLng: 'zh',
  interpolation: { escapeValue: false },
  returnNull: false,
});

export function setLanguage(language: Language) {
  localStorage.setItem(LANGUAGE_KEY, language);
  document.documentElement.lang = language === 'zh' ? 'zh-CN' : 'en';
  void i18n.changeLanguage(language);
}

/** A route title: an i18n key (`route.x`) or a literal title from the server. */
export function routeTitle(title: string | undefined): string {
  if (!title) return i18n.t('app.noName');
  return title.startsWith('route.') ? i18n.t(title) : title;
}

export { i18n };
