import { z } from 'zod';
import { orderParts } from './product-order';
import { EXTENSION_KINDS, PROMOTION_SCOPES } from './resources/extension';
import { PAY_MANNER_KINDS } from './resources/pay-manner';
import { ORDER_MODES, PRODUCT_ORDER_STATUSES, REFUND_STATUSES } from './resources/product-order';

/** A product on sale as the storefront's menu shows it. */
export const shopProduct = z.object({
  id: z.number(),
  name: z.string(),
  categoryId: z.number().nullable(),
  image: z.string(),
  images: z.array(z.string()),
  price: z.string(),
  originalPrice: z.string(),
  soldOut: z.boolean(),
  salesCount: z.number(),
  description: z.string(),
  specs: z.array(
    z.object({
      name: z.string(),
      options: z.array(
        z.object({ name: z.string(), priceDelta: z.string(), soldOut: z.boolean() }),
      ),
    }),
  ),
  /** Add-ons the customer may tick (at most `addonsMax` of them; 0: any number). */
  addons: z.array(z.object({ name: z.string(), price: z.string() })),
  addonsMax: z.number(),
  /** Yuan per item on a pickup or delivery order. */
  packagingFee: z.string(),
  /** Combinations sold at their own price or stock: the price a customer pays, sold out or not. */
  skus: z.array(
    z.object({ options: z.array(z.string()), price: z.string(), soldOut: z.boolean() }),
  ),
});

export type ShopProduct = z.infer<typeof shopProduct>;

/** A review the store shows (visible, with words): its stars, words, photos and the store's reply. */
export const shopReview = z.object({
  rating: z.number(),
  content: z.string(),
  images: z.array(z.string()),
  reply: z.string(),
  createdAt: z.string(),
});
export type ShopReview = z.infer<typeof shopReview>;

/** A score: the average of the ratings (one decimal) and how many there are. */
const shopScore = z.object({ average: z.string(), count: z.number() });

/** The storefront's page of a store (GET /open/shop/<merchant>/store). */
export const shopStore = z.object({
  /** The store (its details; the merchant's name until they are written). */
  merchant: z.object({
    id: z.number(),
    name: z.string(),
    logo: z.string(),
    notice: z.string(),
    intro: z.string(),
    phone: z.string(),
    address: z.string(),
    /** Today's opening hours on the store's clock (none: closed today). */
    todayHours: z.array(z.object({ from: z.string(), to: z.string() })),
    /** Taking orders now: open, within its hours. */
    open: z.boolean(),
  }),
  /** The table the customer scanned, when its code named one. */
  table: z.object({ id: z.number(), name: z.string() }).nullable(),
  /**
   * Why the address's table code gave no table: no such table of the store's, or one disabled
   * (its name given); null when it named one, or none was given.
   */
  tableProblem: z.object({ kind: z.enum(['unknown', 'disabled']), name: z.string() }).nullable(),
  slides: z.array(
    z.object({ id: z.number(), title: z.string(), image: z.string(), link: z.string() }),
  ),
  categories: z.array(z.object({ id: z.number(), name: z.string() })),
  products: z.array(shopProduct),
  payManners: z.array(z.object({ kind: z.enum(PAY_MANNER_KINDS), name: z.string() })),
  /** The campaigns running now (shared/extension.ts): checkout applies the best one it may. */
  campaigns: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      kind: z.enum(EXTENSION_KINDS),
      threshold: z.string(),
      value: z.string(),
      scope: z.enum(PROMOTION_SCOPES),
      categoryIds: z.array(z.number()),
      productIds: z.array(z.number()),
      /** Uses per customer (0: any): a campaign with a limit applies to a verified phone only. */
      perCustomerLimit: z.number(),
      endAt: z.string(),
    }),
  ),
  /** Whether orders without a table may be delivered, for what fee, from what amount of goods. */
  delivery: z.object({ enabled: z.boolean(), fee: z.string(), minimum: z.string() }),
  reviews: z.array(shopReview),
  /** The store's score: the average of every rating (one decimal) and how many there are. */
  score: shopScore,
});
export type ShopStore = z.infer<typeof shopStore>;

/** A page of a product's reviews (GET …/product/<id>/reviews?page=N), newest first. */
export const shopProductReviews = z.object({
  reviews: z.array(shopReview),
  /** Whether an older page has more. */
  more: z.boolean(),
});
export type ShopProductReviews = z.infer<typeof shopProductReviews>;

/**
 * A product's page in the storefront (GET /open/shop/<merchant>/product/<id>): the product as the
 * menu has it, but its description as plain text (its lines kept, no HTML); the score of the
 * orders that had it and the first page of their reviews the store shows.
 */
export const shopProductPage = shopProductReviews.extend({
  product: shopProduct,
  score: shopScore,
});
export type ShopProductPage = z.infer<typeof shopProductPage>;

/** A customer's order as the storefront follows it. */
export const shopOrder = orderParts.extend({
  orderNo: z.string(),
  status: z.enum(PRODUCT_ORDER_STATUSES),
  refundStatus: z.enum(REFUND_STATUSES),
  totalAmount: z.string(),
  refundedAmount: z.string(),
  payManner: z.string(),
  /** The gateway's pay page while unpaid. */
  payUrl: z.string().nullable(),
  tableName: z.string(),
  /** The number the customer is called by once paid (A012); empty before. */
  pickupNo: z.string(),
  /** How many eat at the table (dine-in), if said. */
  diners: z.number().nullable(),
  mode: z.enum(ORDER_MODES),
  address: z.string(),
  deliveryFee: z.string(),
  /** The packaging fees of a picked-up or delivered order (in its total). */
  packagingFee: z.string(),
  /** The campaign checkout applied, and what it took off. */
  extensionName: z.string(),
  discountAmount: z.string(),
  /** The customer's coupon checkout used, and what it took off. */
  couponName: z.string(),
  couponDiscount: z.string(),
  evaluated: z.boolean(),
  expiresAt: z.string(),
  createdAt: z.string(),
});
export type ShopOrder = z.infer<typeof shopOrder>;

/** The storefront's coupons: those the customer may claim, and those the customer holds. */
const couponOffer = z.object({
  id: z.number(),
  name: z.string(),
  kind: z.enum(['amountOff', 'percentOff']),
  threshold: z.string(),
  value: z.string(),
  scope: z.enum(PROMOTION_SCOPES),
  categoryIds: z.array(z.number()),
  productIds: z.array(z.number()),
  stackable: z.boolean(),
});
const heldCoupon = couponOffer.extend({
  /** The customer's coupon's own id (what checkout names). */
  id: z.number(),
  couponId: z.number(),
  state: z.enum(['unused', 'used', 'expired']),
  validFrom: z.string(),
  validUntil: z.string(),
  orderNo: z.string(),
});
const claimableCoupon = couponOffer.extend({
  validity: z.enum(['fixed', 'days']),
  endAt: z.string().nullable(),
  validDays: z.number(),
  /** How many more this customer may claim. */
  left: z.number(),
});
export const shopCoupons = z.object({
  claimable: z.array(claimableCoupon),
  mine: z.array(heldCoupon),
});
export type ShopCoupons = z.infer<typeof shopCoupons>;

// A storefront customer's phone, verified by a code sent to it (…/verify/send, …/verify/check):
// where a limit depends on who the customer is (claiming coupons, a campaign's per-customer
// limit, a partner's application), the phone is who.

/** A mainland mobile number, as the operators issue them. */
export const MOBILE_NUMBER = /^1[3-9]\d{9}$/;
const shopToken = z.string().min(32).max(64);
export const shopVerifySendBody = z.object({
  token: shopToken,
  phone: z.string().trim().regex(MOBILE_NUMBER, 'validation.phone'),
});
export const shopVerifyCheckBody = shopVerifySendBody.extend({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'product-order:verify.codeFormat'),
});
/** Who the device is at the store: its verified phone (masked), and how codes are sent. */
export const shopMe = z.object({ phone: z.string().nullable(), sms: z.enum(['sandbox']) });
export type ShopMe = z.infer<typeof shopMe>;
/** The sandbox phone's messages (the SMS sandbox only). */
export const smsSandboxInbox = z.array(
  z.object({ id: z.number(), text: z.string(), createdAt: z.string() }),
);
export type SmsSandboxInbox = z.infer<typeof smsSandboxInbox>;
