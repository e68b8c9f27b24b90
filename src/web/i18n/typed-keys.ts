/**
 * `npm run typecheck` fails here if the dictionaries' keys stop being typed (src/web/i18next-types.ts
 * declares them): each `@ts-expect-error` needs the error a wrong key gives. Types only, imported by
 * nothing, run by nothing: the compiler is its test.
 */
import type { i18n as I18n, TFunction } from 'i18next';
import type { Mismatch, Same } from './dictionary-types';
import type { AreaTFunction } from './index';

declare const i18n: I18n;
declare const goods: TFunction<'goods'>;
declare const goodsAndShell: TFunction<['goods', 'translation']>;
declare const kit: AreaTFunction;

export function keysOfTheDictionaries() {
  return [
    i18n.t('route.change-password'),
    i18n.t('goods:fields.title'),
    goods('fields.title'),
    goodsAndShell('translation:kit.save'),
    kit('translation:kit.save'),
  ];
}

export function keysTheDictionariesLack() {
  return [
    // @ts-expect-error: a typo of route.change-password.
    i18n.t('route.change-pasword'),
    // @ts-expect-error: a field goods.zh.ts does not name.
    i18n.t('goods:fields.titel'),
    // @ts-expect-error: the same, in the goods namespace.
    goods('fields.titel'),
    // @ts-expect-error: the shell's text, from a t that did not ask for its namespace.
    goods('translation:kit.save'),
    // @ts-expect-error: a typo in the shell's keys, from the kit's t.
    kit('translation:kit.svae'),
  ];
}

// @ts-expect-error: an English dictionary that lacks a key of the Chinese one.
export type EnglishLackingAKey = Same<Mismatch<{ a: ''; b: { c: '' } }, { a: '' }>>;
// @ts-expect-error: an English dictionary with a key the Chinese one lacks.
export type EnglishWithAnExtraKey = Same<Mismatch<{ a: '' }, { a: ''; b: '' }>>;
/** A plural's English forms count as the Chinese key. */
export type EnglishPlurals = Same<Mismatch<{ a: '' }, { a_one: ''; a_other: '' }>>;
