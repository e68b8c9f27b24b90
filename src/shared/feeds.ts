import { z } from 'zod';
import { idParam } from './list';
import { messageKey as m } from './messages';
import type { FEED_KINDS, FEED_STATUSES } from './resources/feeds';
import type { LISTING_STATUSES } from './resources/listing';

/**
 * Feeds and listings (DOMAIN.md "Goods and marketplace"): a feed is a batch sent to a marketplace
 * for one listing setting's marketplace and site; the marketplace answers each item, and accepted
 * products become listings. A change of a listing's price or stock is a feed of its own.
 */

export type FeedKind = (typeof FEED_KINDS)[number];

export type FeedStatus = (typeof FEED_STATUSES)[number];

export const FEED_ITEM_STATUSES = ['queued', 'accepted', 'rejected'] as const;
export type FeedItemStatus = (typeof FEED_ITEM_STATUSES)[number];

export type ListingStatus = (typeof LISTING_STATUSES)[number];

/**
 * Why a marketplace refuses an item or a whole feed. Codes, said in the UI's language by the
 * feeds dictionary (`feeds:errors.<code>`).
 */
export const FEED_ERRORS = [
  'missing-upc',
  'missing-image',
  'title-too-long',
  'price',
  'stock',
  'banned-word',
  'unknown-listing',
  'marketplace-unavailable',
  'marketplace-issue',
  'marketplace-auth',
  'marketplace-refused',
  'marketplace-unsupported',
] as const;
export type FeedError = (typeof FEED_ERRORS)[number];

/** Their texts in each language, for the feeds' and listings' dictionaries. */
export const FEED_ERROR_TEXTS = {
  zh: {
    'missing-upc': '缺少 UPC / EAN',
    'missing-image': '缺少商品图片',
    'title-too-long': '标题超过 200 个字符',
    price: '价格须大于 0（检查成本与刊登设置的汇率）',
    stock: '库存不能为负数',
    'banned-word': '标题含有平台禁用词',
    'unknown-listing': '平台上没有这个刊登',
    'marketplace-unavailable': '平台暂时无法处理，整批未处理',
    'marketplace-issue': '平台未接受（平台原话见右）',
    'marketplace-auth': '平台账号的授权无效或已被撤销，请在“平台账号”中重新授权',
    'marketplace-refused': '平台拒绝了这次请求',
    'marketplace-unsupported': '平台不接受通过接口办理此事，请在卖家后台操作',
  },
  en: {
    'missing-upc': 'No UPC / EAN',
    'missing-image': 'No image',
    'title-too-long': 'The title is over 200 characters',
    price: 'The price must be more than 0 (check the cost and the setting’s rate)',
    stock: 'Stock cannot be negative',
    'banned-word': 'The title has a word the marketplace bans',
    'unknown-listing': 'The marketplace has no such listing',
    'marketplace-unavailable':
      'The marketplace could not take the feed; nothing in it was processed',
    'marketplace-issue': 'The marketplace did not accept it (its own words beside)',
    'marketplace-auth':
      'The account’s authorization is invalid or revoked: authorize again under Marketplace accounts',
    'marketplace-refused': 'The marketplace refused the request',
    'marketplace-unsupported':
      'The marketplace does not take this through its API: do it in its seller console',
  },
} satisfies Record<'zh' | 'en', Record<FeedError, string>>;

/** Most goods one feed sends. */
export const FEED_GOODS_MAX = 500;

export const feedSendBody = z.object({
  /** The listing setting: marketplace, site, currency and price formula. */
  settingId: z.coerce.number().int().positive(),
  goodsIds: z
    .array(z.coerce.number().int().positive())
    .min(1, m('validation.chooseRows'))
    .max(FEED_GOODS_MAX, m('validation.maxRows')),
});
export type FeedSendBody = z.input<typeof feedSendBody>;

export const feedRef = idParam;

/** A goods that can be sent: ready, or listed already (sent again, it updates its listings). */
export const feedCandidate = z.object({
  id: z.number(),
  title: z.string(),
  status: z.string(),
  variantCount: z.number(),
});
export const feedCandidates = z.object({ items: z.array(feedCandidate) });
export type FeedCandidate = z.infer<typeof feedCandidate>;

export const feedItem = z.object({
  id: z.number(),
  sellerSku: z.string(),
  title: z.string(),
  price: z.string().nullable(),
  currency: z.string(),
  stock: z.number().nullable(),
  status: z.enum(FEED_ITEM_STATUSES),
  error: z.string(),
  /** The marketplace's own words about the item (Amazon's issues), beside the error. */
  detail: z.string(),
});
export type FeedItem = z.infer<typeof feedItem>;
export const feedItems = z.object({ items: z.array(feedItem) });

/** What sending made: the feed's id and number. */
export const feedCreated = z.object({ id: z.number(), batchNo: z.string(), total: z.number() });

/**
 * What a product feed would send, before it is sent: each item's price worked from the goods'
 * cost (or price) in yuan, through the setting's markup, fee and rate, into the site's currency.
 */
export const feedPreview = z.object({
  currency: z.string(),
  exchangeRate: z.string(),
  markupPercent: z.string(),
  fixedFee: z.string(),
  endIn99: z.boolean(),
  items: z.array(
    z.object({
      goodsId: z.number(),
      title: z.string(),
      sellerSku: z.string(),
      /** A family's child names its parent; the parent has a theme and no parent. */
      parentSku: z.string(),
      variationTheme: z.string(),
      variation: z.record(z.string(), z.string()),
      /** Yuan the price is worked from: the cost, or the sale price when there is no cost. */
      costCny: z.string().nullable(),
      price: z.string().nullable(),
      stock: z.number().nullable(),
    }),
  ),
});
export type FeedPreview = z.infer<typeof feedPreview>;
export type FeedCreated = z.infer<typeof feedCreated>;
