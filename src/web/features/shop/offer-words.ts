import { offerWords, type PromotionScopeTerms } from '../../../shared/extension';
import type { ShopStore } from '../../../shared/shop';
import { dynamicKey, i18n } from '../../i18n';

/** A coupon's offer in words, in the coupon dictionary ("满 50 减 10 元"). */
export const couponWords = (offer: Record<string, unknown>) => {
  const { key, params } = offerWords(offer);
  return i18n.t(dynamicKey(key.replace('extension:', 'coupon:')), params);
};

/**
 * What an offer applies to in words ("限分类：热菜、凉菜"), naming what the store shows of its
 * categories or products; nothing for every product.
 */
export function scopeWords(offer: PromotionScopeTerms, store: ShopStore): string {
  if (offer.scope === 'all') return '';
  const names =
    offer.scope === 'categories'
      ? store.categories.filter((c) => offer.categoryIds.includes(c.id)).map((c) => c.name)
      : store.products.filter((p) => offer.productIds.includes(p.id)).map((p) => p.name);
  return i18n.t(`extension:scopeText.${offer.scope}`, { names: names.join('、') });
}
