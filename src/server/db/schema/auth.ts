import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { admins } from './account';
import { at, id, ref } from './columns';

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    /** SHA-256 of the bearer token, hex; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    adminId: ref('admin_id')
      .notNull()
      .references(() => admins.id),
    merchantId: ref('merchant_id').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    lastSeenAt: at('last_seen_at').notNull().defaultNow(),
    /** Absolute end of life; the idle timeout is applied to last_seen_at. */
    expiresAt: at('expires_at').notNull(),
    revokedAt: at('revoked_at'),
    revokeReason: text('revoke_reason'),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_key').on(t.tokenHash),
    index('sessions_admin_idx').on(t.adminId),
  ],
);

/** Sign-in attempts: rate limiting by account name and IP, and the "last sign-in" shown. */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: id(),
    name: text('name').notNull(),
    ip: text('ip').notNull(),
    success: boolean('success').notNull(),
    adminId: ref('admin_id'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('login_attempts_name_idx').on(sql`lower(${t.name})`, t.createdAt),
    index('login_attempts_ip_idx').on(t.ip, t.createdAt),
    index('login_attempts_admin_idx').on(t.adminId, t.createdAt),
  ],
);
