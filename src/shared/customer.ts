import { z } from 'zod';
import { dateRange, idsParam, listParams, listResult, optionalText } from './list';

export const GENDERS = ['male', 'female', 'unknown'] as const;
export const CUSTOMER_SOURCES = [
  'store',
  'mini-program',
  'wechat',
  'referral',
  'import',
  'other',
] as const;

/** Mainland mobile numbers (11 digits from 1), or landlines with an area code. */
export const phone = z
  .string()
  .trim()
  .regex(/^(1\d{10}|0\d{2,3}-?\d{7,8})$/, 'Not a phone number')
  .or(z.literal(''));

export const moneyInput = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .refine((v) => /^\d{1,12}(\.\d{1,2})?$/.test(v), 'An amount in yuan with at most 2 decimals');

export const customerFields = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(64, 'At most 64 characters'),
  phone: phone.default(''),
  gender: z.enum(GENDERS).default('unknown'),
  source: z.enum(CUSTOMER_SOURCES).default('store'),
  tags: z
    .array(z.string().trim().min(1).max(20, 'A tag is at most 20 characters'))
    .max(20, 'At most 20 tags')
    .default([]),
  remark: z.string().trim().max(500, 'At most 500 characters').default(''),
});
export type CustomerFields = z.input<typeof customerFields>;

/** A row of an import file: the fields plus what the merchant knows from before. */
export const customerImportRow = customerFields.extend({
  orderCount: z.coerce.number().int().min(0).default(0),
  totalSpent: moneyInput.default('0'),
  registeredAt: z.coerce.date().optional(),
});

export const customerUpdate = customerFields.extend({ id: z.coerce.number().int().positive() });
export const customerDelete = idsParam;

export const customer = z.object({
  id: z.number(),
  name: z.string(),
  /** Masked (138****1234) unless the account may see phone numbers. */
  phone: z.string(),
  gender: z.enum(GENDERS),
  source: z.enum(CUSTOMER_SOURCES),
  tags: z.array(z.string()),
  orderCount: z.number(),
  totalSpent: z.string(),
  remark: z.string(),
  registeredAt: z.string(),
  lastActiveAt: z.string().nullable(),
});
export type Customer = z.infer<typeof customer>;

export const CUSTOMER_SORTS = ['registeredAt', 'lastActiveAt', 'totalSpent', 'orderCount'] as const;
export const customerListParams = listParams(
  {
    /** Name or phone. */
    keyword: optionalText(64),
    gender: z.enum(GENDERS).optional(),
    source: z.enum(CUSTOMER_SOURCES).optional(),
    tag: optionalText(20),
    registeredRange: dateRange,
    cursor: z.string().max(200).optional(),
  },
  CUSTOMER_SORTS,
  'registeredAt',
);
export const customerListResult = listResult(customer).extend({
  nextCursor: z.string().nullable(),
});

/** 13812341234 → 138****1234. */
export function maskPhone(value: string): string {
  if (value.length < 7) return value ? '****' : '';
  return `${value.slice(0, 3)}****${value.slice(-4)}`;
}
