import { sql } from 'drizzle-orm';
import { index, integer, numeric, pgTable, text } from 'drizzle-orm/pg-core';
import {
  DECORATIONS,
  HOUSE_STATUSES,
  ORIENTATIONS,
} from '../../../shared/resources/second-hand-house';
import { brokers } from './broker';
import { at, ref, timestamps } from './columns';
import { merchantKeys, merchantListIndex } from './merchant';

/** Resale listings (/second-hand-house): the unit price derived from the total and the area. */
export const secondHandHouses = pgTable(
  'second_hand_houses',
  {
    ...merchantKeys(),
    title: text('title').notNull(),
    community: text('community').notNull(),
    district: text('district').notNull(),
    address: text('address').notNull().default(''),
    building: text('building').notNull().default(''),
    unit: text('unit').notNull().default(''),
    rooms: integer('rooms').notNull().default(2),
    halls: integer('halls').notNull().default(1),
    baths: integer('baths').notNull().default(1),
    area: numeric('area', { precision: 10, scale: 2 }).notNull(),
    floor: integer('floor').notNull().default(1),
    totalFloors: integer('total_floors').notNull().default(6),
    orientation: text('orientation', { enum: ORIENTATIONS }).notNull().default('south'),
    decoration: text('decoration', { enum: DECORATIONS }).notNull().default('simple'),
    buildYear: integer('build_year').notNull().default(2010),
    /** 万元 (10,000 yuan), as listings are priced. */
    totalPrice: numeric('total_price', { precision: 12, scale: 2 }).notNull(),
    /** Yuan per m²: totalPrice × 10,000 / area, written with every change of either. */
    unitPrice: numeric('unit_price', { precision: 14, scale: 2 }).notNull().default('0'),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    images: text('images').array().notNull().default(sql`'{}'::text[]`),
    brokerId: ref('broker_id').references(() => brokers.id),
    status: text('status', { enum: HOUSE_STATUSES }).notNull().default('onSale'),
    statusAt: at('status_at').notNull().defaultNow(),
    ...timestamps(),
  },
  (t) => [
    // With the range-filtered columns INCLUDEd (migration 0025), as house_listings' are.
    merchantListIndex('second_hand_houses_list_created_idx', t, t.createdAt),
    merchantListIndex('second_hand_houses_list_price_idx', t, t.totalPrice),
    merchantListIndex('second_hand_houses_list_unit_price_idx', t, t.unitPrice),
    merchantListIndex('second_hand_houses_list_area_idx', t, t.area),
    index('second_hand_houses_broker_idx').on(t.brokerId, t.status),
  ],
);
