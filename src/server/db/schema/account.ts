import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, timestamps } from './columns';
import { merchantKeys } from './merchant';

export const admins = pgTable(
  'admins',
  {
    ...merchantKeys(),
    /**
     * The account ID used to sign in: unique within its merchant, and an owner's across the
     * platform (an owner signs in with it alone, a sub-account as `name@code`).
     */
    name: text('name').notNull(),
    realname: text('realname').notNull().default(''),
    avatar: text('avatar').notNull().default(''),
    passwordHash: text('password_hash').notNull(),
    status: text('status', { enum: ['active', 'disabled'] })
      .notNull()
      .default('active'),
    /** The merchant's owner may open every route. */
    isOwner: boolean('is_owner').notNull().default(false),
    /** Route names (permission keys) a sub-account may open. */
    permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
    roles: text('roles').array().notNull().default(sql`'{admin}'::text[]`),
    passwordChangedAt: at('password_changed_at').notNull().defaultNow(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('admins_merchant_name_key').on(t.merchantId, sql`lower(${t.name})`),
    uniqueIndex('admins_owner_name_key').on(sql`lower(${t.name})`).where(sql`${t.isOwner}`),
    index('admins_merchant_idx').on(t.merchantId),
  ],
);
