import { index, integer, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { PARTNER_LEVELS, PARTNER_STATUSES } from '../../../shared/resources/selling-partner';
import { at, ref, timestamps } from './columns';
import { merchantKeys, merchantListIndex } from './merchant';

/** Selling partners (/selling-partner-list): who shares the store's invite link, and earns on it. */
export const sellingPartners = pgTable(
  'selling_partners',
  {
    ...merchantKeys(),
    name: text('name').notNull(),
    phone: text('phone').notNull().default(''),
    level: text('level', { enum: PARTNER_LEVELS }).notNull().default('bronze'),
    commissionRate: numeric('commission_rate', { precision: 5, scale: 2 }).notNull().default('0'),
    inviteCode: text('invite_code').notNull(),
    status: text('status', { enum: PARTNER_STATUSES }).notNull().default('pending'),
    remark: text('remark').notNull().default(''),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('selling_partners_invite_code_unique').on(t.merchantId, t.inviteCode),
    uniqueIndex('selling_partners_phone_unique').on(t.merchantId, t.phone),
    merchantListIndex('selling_partners_list_created_idx', t, t.createdAt),
  ],
);

/**
 * A settlement of a partner's commission: what was paid out (or taken back, when negative) for
 * its orders paid up to `until`. Written once, never changed: a later refund is taken back by the
 * next settlement.
 */
export const partnerSettlements = pgTable(
  'partner_settlements',
  {
    ...merchantKeys(),
    partnerId: ref('partner_id')
      .notNull()
      .references(() => sellingPartners.id),
    until: at('until').notNull(),
    orderCount: integer('order_count').notNull(),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    operator: text('operator').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('partner_settlements_partner_idx').on(t.merchantId, t.partnerId, t.id)],
);
