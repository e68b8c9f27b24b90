import { integer, numeric, pgTable, text } from 'drizzle-orm/pg-core';
import {
  EXTENSION_KINDS,
  EXTENSION_STATUSES,
  PROMOTION_SCOPES,
} from '../../../shared/resources/extension';
import { at, refs, timestamps } from './columns';
import { merchantKeys, merchantListIndex } from './merchant';

/**
 * Promotion's campaigns (/extension-list): what checkout takes off, when, for whom and up to what
 * budget. Its figures are read from the orders that applied it.
 */
export const extensions = pgTable(
  'extensions',
  {
    ...merchantKeys(),
    name: text('name').notNull(),
    kind: text('kind', { enum: EXTENSION_KINDS }).notNull().default('amountOff'),
    threshold: numeric('threshold', { precision: 14, scale: 2 }).notNull().default('0'),
    value: numeric('value', { precision: 14, scale: 2 }).notNull().default('0'),
    scope: text('scope', { enum: PROMOTION_SCOPES }).notNull().default('all'),
    categoryIds: refs('category_ids'),
    productIds: refs('product_ids'),
    startAt: at('start_at').notNull(),
    endAt: at('end_at').notNull(),
    perCustomerLimit: integer('per_customer_limit').notNull().default(0),
    budget: numeric('budget', { precision: 14, scale: 2 }).notNull().default('0'),
    status: text('status', { enum: EXTENSION_STATUSES }).notNull().default('draft'),
    /**
     * When the paid orders' discounts reached its budget, which ended it; cleared when a refund
     * gives budget back and it runs again.
     */
    spentAt: at('spent_at'),
    ...timestamps(),
  },
  (t) => [
    merchantListIndex('extensions_list_created_idx', t, t.createdAt),
    merchantListIndex('extensions_list_start_idx', t, t.startAt),
  ],
);
