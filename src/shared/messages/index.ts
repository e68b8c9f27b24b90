import type zh from './zh';

/**
 * One catalogue of messages, keyed by id with parameters (`validation.maxLength {max}`), in zh.ts
 * and en.ts. Shared rules and the server write ids, never sentences: the server renders a message
 * in the request's language (server/messages.ts), the browser renders its own rule failures with
 * the same catalogue (web/i18n), so both read alike.
 *
 * An area's own rule (a barcode's check digit) names a text of its dictionary instead, with the
 * namespace: `goods-upc:rules.code`.
 */

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

/** Every id of the catalogue. */
export type MessageKey = Leaves<typeof zh>;
/** A text of a resource's dictionary: `<resource>:<path>`. */
export type ResourceMessageKey = `${string}:${string}`;

/** The shape of a catalogue: zh's ids, with i18next's plural forms (`_one`) where a language needs them. */
export type Catalogue<T = typeof zh> = {
  [K in keyof T]: T[K] extends string ? string : Catalogue<T[K]>;
} & { [plural: `${string}_${'zero' | 'one' | 'two' | 'few' | 'many' | 'other'}`]: string };

/** A list of messages is said as one, joined the language's way (、 or , ). */
export type MessageParam = string | number | Message | readonly Message[];
export interface Message {
  key: MessageKey | ResourceMessageKey;
  params?: Record<string, MessageParam>;
}

export const MESSAGE_NAMESPACE = 'messages';
export const MESSAGE_LANGUAGES = ['zh', 'en'] as const;
export type MessageLanguage = (typeof MESSAGE_LANGUAGES)[number];

/** A message by id. */
export function message(key: MessageKey | ResourceMessageKey, params?: Message['params']): Message {
  return params ? { key, params } : { key };
}

/**
 * An id where zod takes a message string: its parameters come with the issue (a `max` check's
 * `maximum`; a refinement's `params`), see messageOfIssue.
 */
export const messageKey = (key: MessageKey | ResourceMessageKey) => key;

/** True for an id (`validation.max`, `goods-upc:rules.code`); sentences have spaces. */
export function isMessageKey(text: string): text is MessageKey | ResourceMessageKey {
  return /^[a-z][\w-]*(:[\w.-]+|(\.\w+)+)$/.test(text);
}

/** The parts of a zod issue a message reads (fastify-type-provider-zod passes them on too). */
export interface IssueLike {
  code?: string;
  message?: string;
  origin?: string;
  maximum?: unknown;
  minimum?: unknown;
  params?: Record<string, unknown>;
}

/**
 * A zod issue as a message: the id its rule gave, with the issue's bounds as `max` and `min` and
 * the rule's own `params`; zod's own words (a value of the wrong type, outside a list of choices)
 * become the nearest id.
 */
export function messageOfIssue(issue: IssueLike): Message {
  const params: Record<string, MessageParam> = {};
  for (const [name, value] of Object.entries(issue.params ?? {}))
    if (typeof value === 'string' || typeof value === 'number') params[name] = value;
  if (issue.maximum !== undefined) params.max = Number(issue.maximum);
  if (issue.minimum !== undefined) params.min = Number(issue.minimum);
  const text = issue.message ?? '';
  if (isMessageKey(text)) return message(text, params);
  switch (issue.code) {
    case 'invalid_value':
      return message('validation.invalidOption');
    case 'too_big':
      if (issue.origin === 'string') return message('validation.maxLength', params);
      if (issue.origin === 'array') return message('validation.maxItems', params);
      return message('validation.max', params);
    case 'too_small':
      if (issue.origin === 'string' || issue.origin === 'array')
        return message('validation.required');
      return message('validation.min', params);
    default:
      return message('validation.invalid');
  }
}

/** What renders a text: i18next's `t` on either side. */
export type Translate = (key: string, options: Record<string, unknown>) => string;

/** A message's text, its parameters that are messages rendered first. */
export function renderMessage(t: Translate, m: Message): string {
  const params: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(m.params ?? {}))
    params[name] = Array.isArray(value)
      ? value
          .map((m) => renderMessage(t, m))
          .join(t('record.listSeparator', { ns: MESSAGE_NAMESPACE }))
      : typeof value === 'object'
        ? renderMessage(t, value as Message)
        : value;
  return t(m.key, { ns: MESSAGE_NAMESPACE, ...params });
}

/**
 * The language of a request from its Accept-Language header (the app sends the UI's language):
 * the first of zh and en it names, by preference; Chinese, the product's language, otherwise.
 */
export function languageOf(acceptLanguage: string | undefined): MessageLanguage {
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...rest] = part.trim().toLowerCase().split(';');
      const q = rest.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean);
      return { tag, q: q === undefined ? 1 : Number(q), index };
    })
    .filter((r) => r.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    const language = MESSAGE_LANGUAGES.find((l) => tag === l || tag.startsWith(`${l}-`));
    if (language) return language;
  }
  return 'zh';
}
