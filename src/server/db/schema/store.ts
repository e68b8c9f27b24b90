import { jsonb, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ALWAYS_OPEN } from '../../../shared/opening-hours';
import { at } from './columns';
import { merchantKeys } from './merchant';

/** The store as its customers see it (/detail): one row per merchant. */
export const storeDetails = pgTable(
  'store_details',
  {
    ...merchantKeys(),
    name: text('name').notNull().default(''),
    logo: text('logo').notNull().default(''),
    status: text('status', { enum: ['open', 'paused', 'closed'] })
      .notNull()
      .default('open'),
    notice: text('notice').notNull().default(''),
    intro: text('intro').notNull().default(''),
    phone: text('phone').notNull().default(''),
    address: text('address').notNull().default(''),
    latitude: numeric('latitude', { precision: 10, scale: 6 }).notNull().default('0'),
    longitude: numeric('longitude', { precision: 10, scale: 6 }).notNull().default('0'),
    /** Weekly ranges and dated exceptions (shared/opening-hours.ts). */
    hours: jsonb('hours').notNull().default(ALWAYS_OPEN),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('store_details_merchant_key').on(t.merchantId)],
);
