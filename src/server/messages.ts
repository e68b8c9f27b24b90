import type { FastifyRequest } from 'fastify';
import i18next from 'i18next';
import { dynamicKey } from '../shared/dynamic-key';
import {
  languageOf,
  MESSAGE_NAMESPACE,
  type Message,
  type MessageLanguage,
  renderMessage,
} from '../shared/messages';
import en from '../shared/messages/en';
import zh from '../shared/messages/zh';
import type { ResourceDictionary } from '../shared/resource';

// The catalogue through i18next, as the browser renders it: same texts, same interpolation and
// plural rules, so a message reads alike from either side.
const catalogue = i18next.createInstance();
void catalogue.init({
  resources: { zh: { [MESSAGE_NAMESPACE]: zh }, en: { [MESSAGE_NAMESPACE]: en } },
  lng: 'zh',
  fallbackLng: 'zh',
  ns: [MESSAGE_NAMESPACE],
  defaultNS: MESSAGE_NAMESPACE,
  interpolation: { escapeValue: false },
  initAsync: false,
});

/** A resource's dictionaries, so that its own rules' texts (`goods-upc:rules.code`) render. */
export function addDictionaries(
  name: string,
  dictionaries: Record<MessageLanguage, ResourceDictionary>,
) {
  for (const [language, dictionary] of Object.entries(dictionaries))
    if (!catalogue.hasResourceBundle(language, name))
      catalogue.addResourceBundle(language, name, dictionary);
}

/** A message's text in a language. */
export function render(language: MessageLanguage, m: Message): string {
  const t = catalogue.getFixedT(language);
  return renderMessage((key, options) => t(dynamicKey(key), options), m);
}

/** The language a request asked to be answered in (the app sends its UI's). */
export function requestLanguage(request: FastifyRequest): MessageLanguage {
  return languageOf(request.headers['accept-language']);
}
