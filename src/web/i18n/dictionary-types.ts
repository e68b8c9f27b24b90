/**
 * The dictionaries' types, by namespace, from the Chinese dictionaries (the source of truth):
 * src/web/i18next-types.ts gives them to i18next, so a mistyped `t('…')` key does not compile. The
 * English ones are checked below to have the same keys. Type-only imports: nothing is bundled.
 */

import type enMessages from '../../shared/messages/en';
import type zhMessages from '../../shared/messages/zh';
import type accountEn from '../../shared/resources/account.en';
import type accountZh from '../../shared/resources/account.zh';
import type articleEn from '../../shared/resources/article.en';
import type articleZh from '../../shared/resources/article.zh';
import type brokerEn from '../../shared/resources/broker.en';
import type brokerZh from '../../shared/resources/broker.zh';
import type carouselEn from '../../shared/resources/carousel.en';
import type carouselZh from '../../shared/resources/carousel.zh';
import type collectionBoxEn from '../../shared/resources/collection-box.en';
import type collectionBoxZh from '../../shared/resources/collection-box.zh';
import type costCenterEn from '../../shared/resources/cost-center.en';
import type costCenterZh from '../../shared/resources/cost-center.zh';
import type couponEn from '../../shared/resources/coupon.en';
import type couponZh from '../../shared/resources/coupon.zh';
import type customerEn from '../../shared/resources/customer.en';
import type customerZh from '../../shared/resources/customer.zh';
import type evaluateEn from '../../shared/resources/evaluate.en';
import type evaluateZh from '../../shared/resources/evaluate.zh';
import type extensionEn from '../../shared/resources/extension.en';
import type extensionZh from '../../shared/resources/extension.zh';
import type extensionOrderEn from '../../shared/resources/extension-order.en';
import type extensionOrderZh from '../../shared/resources/extension-order.zh';
import type feedsEn from '../../shared/resources/feeds.en';
import type feedsZh from '../../shared/resources/feeds.zh';
import type goodsEn from '../../shared/resources/goods.en';
import type goodsZh from '../../shared/resources/goods.zh';
import type goodsCategoryEn from '../../shared/resources/goods-category.en';
import type goodsCategoryZh from '../../shared/resources/goods-category.zh';
import type goodsKeywordsEn from '../../shared/resources/goods-keywords.en';
import type goodsKeywordsZh from '../../shared/resources/goods-keywords.zh';
import type goodsSettingEn from '../../shared/resources/goods-setting.en';
import type goodsSettingZh from '../../shared/resources/goods-setting.zh';
import type goodsUpcEn from '../../shared/resources/goods-upc.en';
import type goodsUpcZh from '../../shared/resources/goods-upc.zh';
import type helpEn from '../../shared/resources/help.en';
import type helpZh from '../../shared/resources/help.zh';
import type houseListEn from '../../shared/resources/house-list.en';
import type houseListZh from '../../shared/resources/house-list.zh';
import type jobEn from '../../shared/resources/job.en';
import type jobZh from '../../shared/resources/job.zh';
import type listingEn from '../../shared/resources/listing.en';
import type listingZh from '../../shared/resources/listing.zh';
import type marketplaceAccountEn from '../../shared/resources/marketplace-account.en';
import type marketplaceAccountZh from '../../shared/resources/marketplace-account.zh';
import type marketplaceOrderEn from '../../shared/resources/marketplace-order.en';
import type marketplaceOrderZh from '../../shared/resources/marketplace-order.zh';
import type materialEn from '../../shared/resources/material.en';
import type materialZh from '../../shared/resources/material.zh';
import type miniProgramHomeEn from '../../shared/resources/mini-program-home.en';
import type miniProgramHomeZh from '../../shared/resources/mini-program-home.zh';
import type miniProgramInfoEn from '../../shared/resources/mini-program-info.en';
import type miniProgramInfoZh from '../../shared/resources/mini-program-info.zh';
import type miniProgramRegistrationEn from '../../shared/resources/mini-program-registration.en';
import type miniProgramRegistrationZh from '../../shared/resources/mini-program-registration.zh';
import type miniProgramVersionEn from '../../shared/resources/mini-program-version.en';
import type miniProgramVersionZh from '../../shared/resources/mini-program-version.zh';
import type newHouseEn from '../../shared/resources/new-house.en';
import type newHouseZh from '../../shared/resources/new-house.zh';
import type orderSettingEn from '../../shared/resources/order-setting.en';
import type orderSettingZh from '../../shared/resources/order-setting.zh';
import type payMannerEn from '../../shared/resources/pay-manner.en';
import type payMannerZh from '../../shared/resources/pay-manner.zh';
import type printerEn from '../../shared/resources/printer.en';
import type printerZh from '../../shared/resources/printer.zh';
import type productEn from '../../shared/resources/product.en';
import type productZh from '../../shared/resources/product.zh';
import type productCategoryEn from '../../shared/resources/product-category.en';
import type productCategoryZh from '../../shared/resources/product-category.zh';
import type productOrderEn from '../../shared/resources/product-order.en';
import type productOrderZh from '../../shared/resources/product-order.zh';
import type secondHandHouseEn from '../../shared/resources/second-hand-house.en';
import type secondHandHouseZh from '../../shared/resources/second-hand-house.zh';
import type sellingPartnerEn from '../../shared/resources/selling-partner.en';
import type sellingPartnerZh from '../../shared/resources/selling-partner.zh';
import type storeEn from '../../shared/resources/store.en';
import type storeZh from '../../shared/resources/store.zh';
import type tableNumberEn from '../../shared/resources/table-number.en';
import type tableNumberZh from '../../shared/resources/table-number.zh';
import type websiteSettingEn from '../../shared/resources/website-setting.en';
import type websiteSettingZh from '../../shared/resources/website-setting.zh';
import type { en } from './en';
import type { zh } from './zh';

/** Each area's dictionary (src/shared/resources/<name>.zh.ts), its namespace its name. */
export type AreaDictionaries = {
  account: typeof accountZh;
  article: typeof articleZh;
  broker: typeof brokerZh;
  carousel: typeof carouselZh;
  'collection-box': typeof collectionBoxZh;
  'cost-center': typeof costCenterZh;
  coupon: typeof couponZh;
  customer: typeof customerZh;
  evaluate: typeof evaluateZh;
  extension: typeof extensionZh;
  'extension-order': typeof extensionOrderZh;
  feeds: typeof feedsZh;
  goods: typeof goodsZh;
  'goods-category': typeof goodsCategoryZh;
  'goods-keywords': typeof goodsKeywordsZh;
  'goods-setting': typeof goodsSettingZh;
  'goods-upc': typeof goodsUpcZh;
  help: typeof helpZh;
  'house-list': typeof houseListZh;
  job: typeof jobZh;
  listing: typeof listingZh;
  'marketplace-account': typeof marketplaceAccountZh;
  'marketplace-order': typeof marketplaceOrderZh;
  material: typeof materialZh;
  'mini-program-home': typeof miniProgramHomeZh;
  'mini-program-info': typeof miniProgramInfoZh;
  'mini-program-registration': typeof miniProgramRegistrationZh;
  'mini-program-version': typeof miniProgramVersionZh;
  'new-house': typeof newHouseZh;
  'order-setting': typeof orderSettingZh;
  'pay-manner': typeof payMannerZh;
  printer: typeof printerZh;
  product: typeof productZh;
  'product-category': typeof productCategoryZh;
  'product-order': typeof productOrderZh;
  'second-hand-house': typeof secondHandHouseZh;
  'selling-partner': typeof sellingPartnerZh;
  store: typeof storeZh;
  'table-number': typeof tableNumberZh;
  'website-setting': typeof websiteSettingZh;
};
type AreaDictionariesEn = {
  account: typeof accountEn;
  article: typeof articleEn;
  broker: typeof brokerEn;
  carousel: typeof carouselEn;
  'collection-box': typeof collectionBoxEn;
  'cost-center': typeof costCenterEn;
  coupon: typeof couponEn;
  customer: typeof customerEn;
  evaluate: typeof evaluateEn;
  extension: typeof extensionEn;
  'extension-order': typeof extensionOrderEn;
  feeds: typeof feedsEn;
  goods: typeof goodsEn;
  'goods-category': typeof goodsCategoryEn;
  'goods-keywords': typeof goodsKeywordsEn;
  'goods-setting': typeof goodsSettingEn;
  'goods-upc': typeof goodsUpcEn;
  help: typeof helpEn;
  'house-list': typeof houseListEn;
  job: typeof jobEn;
  listing: typeof listingEn;
  'marketplace-account': typeof marketplaceAccountEn;
  'marketplace-order': typeof marketplaceOrderEn;
  material: typeof materialEn;
  'mini-program-home': typeof miniProgramHomeEn;
  'mini-program-info': typeof miniProgramInfoEn;
  'mini-program-registration': typeof miniProgramRegistrationEn;
  'mini-program-version': typeof miniProgramVersionEn;
  'new-house': typeof newHouseEn;
  'order-setting': typeof orderSettingEn;
  'pay-manner': typeof payMannerEn;
  printer: typeof printerEn;
  product: typeof productEn;
  'product-category': typeof productCategoryEn;
  'product-order': typeof productOrderEn;
  'second-hand-house': typeof secondHandHouseEn;
  'selling-partner': typeof sellingPartnerEn;
  store: typeof storeEn;
  'table-number': typeof tableNumberEn;
  'website-setting': typeof websiteSettingEn;
};

/**
 * The shell's and the areas' dictionaries, by namespace (with the demos' and the storefront's,
 * i18next's `CustomTypeOptions.resources`). The shell's (`translation`) is zh.ts: the route titles
 * the areas' definitions add under `route` at start (shared/resource-titles.ts) are keyed by
 * routes the definitions hold as data, read by `routeTitle()` through `dynamicKey()`, never
 * written as literal keys.
 */
export type Dictionaries = AreaDictionaries & {
  translation: typeof zh;
  messages: typeof zhMessages;
};
/** A namespace's dictionary: `Dictionary<'goods'>['fields']`. */
export type Dictionary<N extends keyof Dictionaries = 'translation'> = Dictionaries[N];

// English has the same keys as Chinese: a key one lacks fails `npm run typecheck` here, naming it.
type Plural = `_${'zero' | 'one' | 'two' | 'few' | 'many' | 'other'}`;
type Singular<K extends string> = K extends `${infer Base}${Plural}` ? Base : K;
/** Every text's dotted path (a plural's forms as one). */
export type Paths<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? Singular<`${P}${K}`> : Paths<T[K], `${P}${K}.`>;
}[keyof T & string];
/** The paths of one dictionary the other lacks, each side named: `never` when they match. */
export type Mismatch<Zh, En> =
  | `en lacks ${Exclude<Paths<Zh>, Paths<En>>}`
  | `en has what zh lacks: ${Exclude<Paths<En>, Paths<Zh>>}`;
export type Same<T extends never> = T;
export type EnglishMatchesChinese = [
  Same<Mismatch<typeof zh, typeof en>>,
  Same<Mismatch<typeof zhMessages, typeof enMessages>>,
  Same<
    {
      [N in keyof AreaDictionaries]: Mismatch<AreaDictionaries[N], AreaDictionariesEn[N]>;
    }[keyof AreaDictionaries]
  >,
];
