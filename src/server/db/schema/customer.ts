import { sql } from 'drizzle-orm';
import { index, integer, numeric, pgTable, text } from 'drizzle-orm/pg-core';
import { at, timestamps } from './columns';
import { merchantKeys, merchantListIndex } from './merchant';

/** The merchant's customers (shoppers): who they are and what they have bought. */
export const customers = pgTable(
  'customers',
  {
    ...merchantKeys(),
    name: text('name').notNull(),
    phone: text('phone').notNull().default(''),
    gender: text('gender', { enum: ['male', 'female', 'unknown'] })
      .notNull()
      .default('unknown'),
    source: text('source', {
      enum: ['store', 'mini-program', 'wechat', 'referral', 'import', 'other'],
    })
      .notNull()
      .default('store'),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    orderCount: integer('order_count').notNull().default(0),
    /** Yuan, exact. */
    totalSpent: numeric('total_spent', { precision: 14, scale: 2 }).notNull().default('0.00'),
    remark: text('remark').notNull().default(''),
    registeredAt: at('registered_at').notNull().defaultNow(),
    lastActiveAt: at('last_active_at'),
    ...timestamps(),
  },
  (t) => [
    merchantListIndex('customers_list_registered_idx', t, t.registeredAt),
    merchantListIndex('customers_list_active_idx', t, t.lastActiveAt),
    merchantListIndex('customers_list_spent_idx', t, t.totalSpent),
    merchantListIndex('customers_list_orders_idx', t, t.orderCount),
    index('customers_phone_idx').on(t.merchantId, t.phone),
    index('customers_tags_idx').using('gin', t.tags),
  ],
);
