import { sql } from 'drizzle-orm';
import { pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { AMAZON_REGIONS } from '../../../shared/amazon';
import {
  ACCOUNT_MARKETPLACES,
  ACCOUNT_STATUSES,
} from '../../../shared/resources/marketplace-account';
import { at, timestamps } from './columns';
import { merchantKeys, merchantListIndex } from './merchant';

/**
 * The merchant's own seller accounts on a marketplace (/marketplace-account): an Amazon account's
 * region, selling partner id, the refresh token of its authorization (AES-256-GCM under
 * PAY_SECRET_KEY, as pay manners' keys: pay-manner/secret-box.ts) and its marketplaces; what
 * Amazon said when last asked, and how far its orders are imported.
 */
export const marketplaceAccounts = pgTable(
  'marketplace_accounts',
  {
    ...merchantKeys(),
    name: text('name').notNull(),
    marketplace: text('marketplace', { enum: ACCOUNT_MARKETPLACES }).notNull().default('amazon'),
    region: text('region', { enum: AMAZON_REGIONS }).notNull(),
    sellerId: text('seller_id').notNull(),
    refreshTokenEncrypted: text('refresh_token_encrypted').notNull().default(''),
    marketplaceIds: text('marketplace_ids').array().notNull().default(sql`'{}'::text[]`),
    status: text('status', { enum: ACCOUNT_STATUSES }).notNull().default('unchecked'),
    /** Amazon's code and words when last asked (test connection). */
    checkMessage: text('check_message').notNull().default(''),
    checkedAt: at('checked_at'),
    /** The orders import's cursor: orders changed after it are asked for next (LastUpdatedAfter). */
    ordersCursor: at('orders_cursor'),
    ordersSyncedAt: at('orders_synced_at'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('marketplace_accounts_seller_unique').on(t.merchantId, t.sellerId),
    merchantListIndex('marketplace_accounts_list_created_idx', t, t.createdAt),
  ],
);
