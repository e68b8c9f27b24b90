import { integer, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { HOUSE_KINDS, HOUSE_LISTING_STATUSES } from '../../../shared/resources/house-list';
import { at, ref } from './columns';
import { merchantKeys, merchantListIndex } from './merchant';

/**
 * /house-list: every listing of both kinds in one search, kept by triggers on second_hand_houses
 * and new_houses (migration 0026), so that no write, transition or import is left out. A new
 * house has no total, area or rooms; its unit price is its lowest.
 */
export const houseListings = pgTable(
  'house_listings',
  {
    ...merchantKeys(),
    kind: text('kind', { enum: HOUSE_KINDS }).notNull(),
    sourceId: ref('source_id').notNull(),
    title: text('title').notNull(),
    district: text('district').notNull(),
    community: text('community').notNull().default(''),
    totalPrice: numeric('total_price', { precision: 12, scale: 2 }),
    unitPrice: numeric('unit_price', { precision: 14, scale: 2 }),
    area: numeric('area', { precision: 10, scale: 2 }),
    rooms: integer('rooms'),
    status: text('status', { enum: HOUSE_LISTING_STATUSES }).notNull(),
    brokerId: ref('broker_id'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('house_listings_source_key').on(t.kind, t.sourceId),
    // The sort indexes also hold the range-filtered columns (INCLUDE, written in migration 0026:
    // drizzle cannot say it), so a filtered page is found in the index (kit/list.ts idsFirst).
    merchantListIndex('house_listings_list_created_idx', t, t.createdAt),
    merchantListIndex('house_listings_list_price_idx', t, t.totalPrice),
    merchantListIndex('house_listings_list_unit_price_idx', t, t.unitPrice),
    merchantListIndex('house_listings_list_area_idx', t, t.area),
  ],
);
