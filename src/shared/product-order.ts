import { z } from 'zod';
import { dateBound } from './list';
import { ADDONS_MAX } from './product-addons';
import { moneyInput, UPLOADED_IMAGE } from './resource-schema';
import { PAY_MANNER_KINDS } from './resources/pay-manner';
import type { ORDER_MODES, PRODUCT_ORDER_STATUSES } from './resources/product-order';

export type ProductOrderStatus = (typeof PRODUCT_ORDER_STATUSES)[number];

/** The states in which money was taken and is still held. */
export const PAID_STATUSES: readonly ProductOrderStatus[] = [
  'paid',
  'accepted',
  'ready',
  'delivering',
  'completed',
];

export type OrderMode = (typeof ORDER_MODES)[number];

/** Most lines in one order, most of one product (its lines together), most items in all. */
export const ORDER_LINES_MAX = 30;
export const ORDER_QUANTITY_MAX = 99;
export const ORDER_UNITS_MAX = 200;

export const orderItem = z.object({
  id: z.number(),
  productId: z.number(),
  name: z.string(),
  image: z.string(),
  /** The specs chosen (大份 / 微辣), then the add-ons with their prices (+加蛋 ¥2.00). */
  specsLabel: z.string(),
  /** The add-ons chosen, their prices (in the unit price) as they were. */
  addons: z.array(z.object({ name: z.string(), price: z.string() })).default([]),
  /** The SKU code of the combination sold ('' for none). */
  skuCode: z.string().default(''),
  unitPrice: z.string(),
  quantity: z.number(),
  amount: z.string(),
  /** What refunds gave back to stock of the line. */
  refundedQuantity: z.number().default(0),
});
export const orderEvent = z.object({
  id: z.number(),
  type: z.string(),
  actor: z.string(),
  amount: z.string().nullable(),
  note: z.string(),
  createdAt: z.string(),
});
/** An order's lines and timeline (the detail drawer, the customer's order page). */
export const orderParts = z.object({ items: z.array(orderItem), events: z.array(orderEvent) });
export type OrderParts = z.infer<typeof orderParts>;

/**
 * The merchant gives money back: part of what was paid, or all of it (amount absent); the lines
 * named go back to stock (all of them when all the money goes back).
 */
export const refundBody = z.object({
  id: z.number().int().positive(),
  amount: moneyInput.optional(),
  reason: z.string().trim().max(200).default(''),
  lines: z
    .array(
      z.object({
        itemId: z.number().int().positive(),
        quantity: z.number().int().min(1).max(ORDER_QUANTITY_MAX),
      }),
    )
    .max(ORDER_LINES_MAX)
    .default([]),
});
/** 拒单: the order is refused with its money back in full and its stock; the reason is said. */
export const rejectOrderBody = z.object({
  id: z.number().int().positive(),
  reason: z.string().trim().min(1).max(200),
});
/** 营业统计: the store's takings from one China day to another (at most a year). */
export const statementBody = z.object({
  from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  to: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
});
/** One day's takings by one pay manner: paid, given back, and what the store keeps. */
export const statementRow = z.object({
  day: z.string(),
  payManner: z.string(),
  orders: z.number(),
  takings: z.string(),
  refunds: z.string(),
  net: z.string(),
});
export const statementResult = z.object({
  rows: z.array(statementRow),
  total: statementRow.omit({ day: true, payManner: true }),
});
export type StatementResult = z.infer<typeof statementResult>;
export const cancelBody = z.object({
  id: z.number().int().positive(),
  reason: z.string().trim().max(200).default(''),
});

/**
 * The merchant's open order list asks: orders whose payment this server recorded since `since`
 * (the server's time), or shortly before it and not among the `seen` ones (a payment recorded
 * just before another may be committed just after it). The answer's `now` and `seen` are the
 * next call's.
 */
export const waitBody = z.object({
  since: dateBound.optional(),
  seen: z.array(z.number().int().positive()).max(500).default([]),
  /** The unpaid counter orders already told (their payment is told again, in `seen`). */
  waiting: z.array(z.number().int().positive()).max(500).default([]),
});
export const waitResult = z.object({
  now: z.string(),
  seen: z.array(z.number()),
  waiting: z.array(z.number()),
  orders: z.array(
    z.object({
      id: z.number(),
      orderNo: z.string(),
      totalAmount: z.string(),
      /** Placed to be paid at the counter, not paid yet: 待收款. */
      unpaid: z.boolean(),
    }),
  ),
});

// The storefront (the customer's side, /open/shop/<merchant>/…).

export const shopOrderBody = z.object({
  /** The customer's token (kept by the storefront on the phone): 32–64 characters. */
  token: z.string().min(32).max(64),
  tableId: z.number().int().positive().nullable().default(null),
  payManner: z.enum(PAY_MANNER_KINDS),
  /** With a table: eaten there. Without: picked up, or delivered where the settings allow it. */
  mode: z.enum(['pickup', 'delivery']).default('pickup'),
  /** A delivery's address and phone (checked by the server when it is one). */
  address: z.string().trim().max(200).default(''),
  contactPhone: z.string().trim().max(20).default(''),
  remark: z.string().trim().max(200).default(''),
  /** 就餐人数 of a dine-in order (kept with a table only). */
  diners: z.number().int().min(1).max(99).nullable().default(null),
  /** A selling partner's invite code, when the customer came through its link. */
  ref: z.string().trim().max(20).default(''),
  /** One of the customer's own coupons (customer_coupons.id) to use, or none. */
  couponId: z.number().int().positive().nullable().default(null),
  items: z
    .array(
      z.object({
        productId: z.number().int().positive(),
        quantity: z.number().int().min(1).max(ORDER_QUANTITY_MAX),
        specs: z.record(z.string().max(20), z.string().max(20)).default({}),
        /** The names of the product's add-ons chosen (priced by the server). */
        addons: z.array(z.string().max(20)).max(ADDONS_MAX).default([]),
      }),
    )
    .min(1)
    .max(ORDER_LINES_MAX),
});
export const shopOrderRef = z.object({
  token: z.string().min(32).max(64),
  orderNo: z.string().max(40),
});
export const shopRefundBody = shopOrderRef.extend({
  amount: moneyInput.optional(),
  reason: z.string().trim().min(1).max(200),
});
/** Most photos on one evaluation. */
export const EVALUATION_PHOTOS_MAX = 6;
export const shopEvaluateBody = shopOrderRef.extend({
  rating: z.number().int().min(1).max(5),
  content: z.string().trim().max(500).default(''),
  /** Photos the customer uploaded for this order (POST …/order/photo). */
  images: z.array(z.string().regex(UPLOADED_IMAGE)).max(EVALUATION_PHOTOS_MAX).default([]),
});
