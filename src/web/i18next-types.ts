/**
 * i18next's typed keys, its documented way (`CustomTypeOptions`): each namespace's dictionary type
 * comes from its Chinese dictionary, the source of truth, so `t('…')` with a key the dictionary
 * lacks does not compile (i18n/typed-keys.ts shows it). Type-only imports: nothing is bundled,
 * and nothing imports this file. It lives here, not in the i18n kit, because it names the demos'
 * and the storefront's texts.
 */
import type { DEMO_ROUTE_TITLES } from './demos/shared/route-titles';
import type { en as demosEn } from './demos/shared/texts.en';
import type { zh as demosZh } from './demos/shared/texts.zh';
import type { en as shopEn } from './features/shop/en';
import type { zh as shopZh } from './features/shop/zh';
import type { Dictionaries, Mismatch, Same } from './i18n/dictionary-types';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: Dictionaries & {
      demos: typeof demosZh;
      'demo-routes': (typeof DEMO_ROUTE_TITLES)['zh'];
      shop: typeof shopZh;
    };
  }
}

/** English has the same keys as Chinese (dictionary-types.ts checks the shell's and the areas'). */
export type EnglishMatchesChinese = [
  Same<Mismatch<typeof demosZh, typeof demosEn>>,
  Same<Mismatch<(typeof DEMO_ROUTE_TITLES)['zh'], (typeof DEMO_ROUTE_TITLES)['en']>>,
  Same<Mismatch<typeof shopZh, typeof shopEn>>,
];
