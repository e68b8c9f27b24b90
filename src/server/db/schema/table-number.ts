import { boolean, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { merchantKeys, merchantListIndex } from './merchant';

/** The dining tables (/table-number), each with a QR code to the storefront for that table. */
export const tableNumbers = pgTable(
  'table_numbers',
  {
    ...merchantKeys(),
    area: text('area').notNull().default(''),
    name: text('name').notNull(),
    seats: integer('seats').notNull().default(4),
    enabled: boolean('enabled').notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('table_numbers_name_unique').on(t.merchantId, t.name),
    merchantListIndex('table_numbers_list_area_idx', t, t.area),
    merchantListIndex('table_numbers_list_name_idx', t, t.name),
    merchantListIndex('table_numbers_list_created_idx', t, t.createdAt),
  ],
);
