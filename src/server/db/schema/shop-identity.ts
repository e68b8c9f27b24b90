import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, id } from './columns';
import { merchantKeys } from './merchant';

/**
 * A storefront customer's verified phone, per device (the token's key, as orders keep it) and
 * merchant: who the customer is where a limit depends on it.
 */
export const shopIdentities = pgTable(
  'shop_identities',
  {
    ...merchantKeys(),
    customerKey: text('customer_key').notNull(),
    phone: text('phone').notNull(),
    verifiedAt: at('verified_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('shop_identities_customer_key').on(t.merchantId, t.customerKey),
    index('shop_identities_phone_idx').on(t.merchantId, t.phone),
  ],
);

/** Codes sent to verify a storefront customer's phone: kept hashed, good for the device that asked. */
export const shopVerifyCodes = pgTable(
  'shop_verify_codes',
  {
    ...merchantKeys(),
    phone: text('phone').notNull(),
    customerKey: text('customer_key').notNull(),
    codeHash: text('code_hash').notNull(),
    /** Wrong codes tried against it. */
    attempts: integer('attempts').notNull().default(0),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('shop_verify_codes_phone_idx').on(t.merchantId, t.phone, t.customerKey, t.id)],
);

/**
 * The storefront's tries counted in windows (kit/tries.ts): codes sent to a number and from an
 * address, partner applications from an address.
 */
export const shopTries = pgTable(
  'shop_tries',
  {
    id: id(),
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('shop_tries_key_idx').on(t.kind, t.key, t.createdAt)],
);
