import { sql } from 'drizzle-orm';
import { date, jsonb, numeric, pgTable, text } from 'drizzle-orm/pg-core';
import { NEW_HOUSE_STATUSES, PROPERTY_TYPES } from '../../../shared/resources/new-house';
import { at, timestamps } from './columns';
import { merchantKeys, merchantListIndex } from './merchant';

/** New-house projects (/new-house). */
export const newHouses = pgTable(
  'new_houses',
  {
    ...merchantKeys(),
    name: text('name').notNull(),
    developer: text('developer').notNull().default(''),
    district: text('district').notNull(),
    address: text('address').notNull().default(''),
    propertyType: text('property_type', { enum: PROPERTY_TYPES }).notNull().default('residential'),
    priceMin: numeric('price_min', { precision: 14, scale: 2 }).notNull().default('0'),
    priceMax: numeric('price_max', { precision: 14, scale: 2 }).notNull().default('0'),
    openingDate: at('opening_date'),
    deliveryDate: date('delivery_date', { mode: 'string' }),
    /** Layout, area, price from and floor plan of each (shared/house.ts unitTypes). */
    unitTypes: jsonb('unit_types').notNull().default([]),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    images: text('images').array().notNull().default(sql`'{}'::text[]`),
    status: text('status', { enum: NEW_HOUSE_STATUSES }).notNull().default('upcoming'),
    ...timestamps(),
  },
  (t) => [
    merchantListIndex('new_houses_list_created_idx', t, t.createdAt),
    merchantListIndex('new_houses_list_price_idx', t, t.priceMin),
  ],
);
