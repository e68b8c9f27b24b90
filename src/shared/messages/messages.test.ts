import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { passwordMessage } from '../account';
import { fieldEntries, type ResourceDictionary } from '../resource';
import { invalidValues } from '../resource-samples';
import { inputSchema } from '../resource-schema';
import { resources } from '../resources';
import { PASSWORD_RULES } from '../validate';
import en from './en';
import {
  languageOf,
  MESSAGE_NAMESPACE,
  type Message,
  messageOfIssue,
  renderMessage,
} from './index';
import zh from './zh';

const here = path.dirname(new URL(import.meta.url).pathname);
const src = path.join(here, '../..');
const PLURAL = /_(zero|one|two|few|many|other)$/;

/** Every text of a nested dictionary by its dotted path. */
function leaves(tree: unknown, prefix = ''): Record<string, string> {
  const found: Record<string, string> = {};
  for (const [key, value] of Object.entries(tree as Record<string, unknown>)) {
    if (typeof value === 'string') found[prefix + key] = value;
    else if (value && typeof value === 'object')
      Object.assign(found, leaves(value, `${prefix}${key}.`));
  }
  return found;
}
const placeholders = (text: string) =>
  [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]!);

/** Each id with the parameters its texts use (plural forms together). */
function idsWithParams(catalogue: unknown): Map<string, string[]> {
  const ids = new Map<string, Set<string>>();
  for (const [key, text] of Object.entries(leaves(catalogue))) {
    const id = key.replace(PLURAL, '');
    const params = ids.get(id) ?? new Set<string>();
    for (const name of placeholders(text)) params.add(name);
    ids.set(id, params);
  }
  return new Map([...ids].map(([id, params]) => [id, [...params].sort()]));
}

const dictionaries: Record<string, Record<'zh' | 'en', ResourceDictionary>> = {};
for (const r of resources)
  dictionaries[r.name] = {
    zh: (await import(`../resources/${r.name}.zh.ts`)).default,
    en: (await import(`../resources/${r.name}.en.ts`)).default,
  };

// The catalogue as both sides load it: its own namespace, and each area's dictionary.
const catalogue = i18next.createInstance();
await catalogue.init({
  resources: Object.fromEntries(
    (['zh', 'en'] as const).map((language) => [
      language,
      {
        [MESSAGE_NAMESPACE]: language === 'zh' ? zh : en,
        ...Object.fromEntries(Object.entries(dictionaries).map(([n, d]) => [n, d[language]])),
      },
    ]),
  ),
  lng: 'zh',
  fallbackLng: false,
  interpolation: { escapeValue: false },
});

/** The raw text of an id in a language, or undefined. */
function textOf(language: 'zh' | 'en', key: string): string | undefined {
  const [namespace, id] = key.includes(':') ? key.split(':') : [MESSAGE_NAMESPACE, key];
  const tree =
    namespace === MESSAGE_NAMESPACE ? { zh, en }[language] : dictionaries[namespace!]?.[language];
  return tree ? leaves(tree)[id!] : undefined;
}

function say(language: 'zh' | 'en', m: Message) {
  const t = catalogue.getFixedT(language);
  return renderMessage((key, options) => String(t(key, options as never)), m);
}

/** A message both languages have, given every parameter their texts use. */
function expectComplete(m: Message, where: string) {
  for (const language of ['zh', 'en'] as const) {
    const text = textOf(language, m.key);
    expect(text, `${where}: ${m.key} has no ${language} text`).toBeTruthy();
    for (const name of placeholders(text!))
      if (name !== 'count' || !(name in (m.params ?? {})))
        expect(m.params ?? {}, `${where}: ${m.key} needs {{${name}}}`).toHaveProperty(name);
  }
  const chinese = say('zh', m);
  const english = say('en', m);
  expect(chinese, `${where}: ${m.key}`).toMatch(/[\u4e00-\u9fff]/);
  expect(english, `${where}: ${m.key}`).not.toMatch(/[\u4e00-\u9fff]|\{\{/);
  return { chinese, english };
}

/** Source files of the app, tests left out. */
function sources(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const file = path.join(folder, name);
    if (statSync(file).isDirectory()) return sources(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

describe('the message catalogue', () => {
  it('has the same ids in Chinese and English, with the same parameters', () => {
    const chinese = idsWithParams(zh);
    const english = idsWithParams(en);
    expect([...english.keys()].sort()).toEqual([...chinese.keys()].sort());
    for (const [id, params] of chinese) expect(english.get(id), id).toEqual(params);
  });

  it('has both texts of every id the code names', () => {
    const used = new Set<string>();
    const call = /\b(?:message|messageKey|m)\(\s*'([a-z][\w-]*(?::[\w.-]+|(?:\.\w+)+))'/g;
    const rule = /\bmessage: '([a-z][\w-]*:[\w.-]+)'/g;
    for (const file of sources(src)) {
      const text = readFileSync(file, 'utf8');
      for (const pattern of [call, rule])
        for (const match of text.matchAll(pattern)) used.add(match[1]!);
    }
    // The scan sees the code's ids: dozens of them, server and shared alike.
    expect(used.size).toBeGreaterThan(80);
    for (const key of used)
      for (const language of ['zh', 'en'] as const)
        expect(textOf(language, key), `${key} (${language})`).toBeTruthy();
    for (const r of resources)
      expectComplete(
        { key: 'record.notFound', params: { noun: { key: `${r.name}:noun` } } },
        r.name,
      );
    for (const rule of PASSWORD_RULES) expectComplete(passwordMessage(rule, 'x'), rule);
  });

  it('says every rule of every resource field in both languages, alike', () => {
    let checked = 0;
    for (const resource of resources)
      for (const [key, f] of fieldEntries(resource)) {
        if (f.readOnly) continue;
        for (const value of invalidValues(f)) {
          const result = inputSchema(f).safeParse(value);
          const where = `${resource.name}.${key} = ${JSON.stringify(value).slice(0, 40)}`;
          expect(result.success, where).toBe(false);
          const m = messageOfIssue(result.error!.issues[0]!);
          expectComplete(m, where);
          checked++;
        }
      }
    expect(checked).toBeGreaterThan(20);
  });

  it('renders bounds, rule parameters and plurals', () => {
    const tooLong = inputSchema({ kind: 'text', max: 64 }).safeParse('x'.repeat(65));
    expect(say('zh', messageOfIssue(tooLong.error!.issues[0]!))).toBe('最多 64 个字符');
    expect(say('en', messageOfIssue(tooLong.error!.issues[0]!))).toBe('At most 64 characters');
    const upc = resources.find((r) => r.name === 'goods-upc')!;
    const code = inputSchema(upc.fields.code).safeParse('123456789013');
    expect(say('zh', messageOfIssue(code.error!.issues[0]!))).toMatch(/^不是有效的 UPC/);
    const wait = (count: number) => ({
      key: 'auth.nameLocked' as const,
      params: { wait: { key: 'auth.minutes' as const, params: { count } } },
    });
    expect(say('en', wait(1))).toMatch(/try again in 1 minute$/);
    expect(say('en', wait(15))).toMatch(/try again in 15 minutes$/);
    expect(say('zh', wait(15))).toBe('该账号登录失败次数过多，请 15 分钟后再试');
    // zod's own words for a value outside the choices.
    expect(
      messageOfIssue({ code: 'invalid_value', message: 'Invalid option: expected "a"' }),
    ).toEqual({
      key: 'validation.invalidOption',
    });
  });
});

describe('languageOf', () => {
  it('answers in the language the request prefers, Chinese by default', () => {
    expect(languageOf('en')).toBe('en');
    expect(languageOf('en-US,en;q=0.9')).toBe('en');
    expect(languageOf('zh-CN')).toBe('zh');
    expect(languageOf('fr-FR,en;q=0.5,zh;q=0.8')).toBe('zh');
    expect(languageOf('zh;q=0,en')).toBe('en');
    expect(languageOf(undefined)).toBe('zh');
    expect(languageOf('de')).toBe('zh');
  });
});
