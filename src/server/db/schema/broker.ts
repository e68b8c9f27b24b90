import { sql } from 'drizzle-orm';
import { pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { merchantKeys, merchantListIndex } from './merchant';

/** The agency's brokers (/broker). */
export const brokers = pgTable(
  'brokers',
  {
    ...merchantKeys(),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    avatar: text('avatar').notNull().default(''),
    agency: text('agency').notNull().default(''),
    licenceNo: text('licence_no').notNull().default(''),
    serviceAreas: text('service_areas').array().notNull().default(sql`'{}'::text[]`),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('brokers_phone_unique').on(t.merchantId, t.phone),
    merchantListIndex('brokers_list_created_idx', t, t.createdAt),
  ],
);
