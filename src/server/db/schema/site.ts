import { sql } from 'drizzle-orm';
import { pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, id, ref } from './columns';
import { merchants } from './merchant';

/** Site settings: the row without a merchant is the platform's (shown before sign-in). */
export const siteSettings = pgTable(
  'site_settings',
  {
    id: id(),
    merchantId: ref('merchant_id').references(() => merchants.id),
    websiteName: text('website_name').notNull(),
    logoUrl: text('logo_url').notNull().default(''),
    contactPhone: text('contact_phone').notNull().default(''),
    contactEmail: text('contact_email').notNull().default(''),
    address: text('address').notNull().default(''),
    /** ICP filing number shown in the site footer (required for sites hosted in mainland China). */
    icpRecord: text('icp_record').notNull().default(''),
    description: text('description').notNull().default(''),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('site_settings_merchant_key').on(sql`coalesce(${t.merchantId}, 0)`)],
);
