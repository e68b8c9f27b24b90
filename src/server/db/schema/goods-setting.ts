import { boolean, integer, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { MARKETPLACES } from '../../../shared/marketplace';
import { at, ref, timestamps } from './columns';
import { marketplaceAccounts } from './marketplace-account';
import { merchantKeys, merchantListIndex } from './merchant';

/** Listing settings (/goods-setting-list): per marketplace and site, how goods go on sale there. */
export const goodsSettings = pgTable(
  'goods_settings',
  {
    ...merchantKeys(),
    name: text('name').notNull(),
    marketplace: text('marketplace', { enum: MARKETPLACES }).notNull().default('amazon'),
    site: text('site').notNull().default('US'),
    currency: text('currency').notNull().default('USD'),
    /** Yuan for one unit of the currency. */
    exchangeRate: numeric('exchange_rate', { precision: 12, scale: 4 }).notNull().default('0'),
    markupPercent: numeric('markup_percent', { precision: 8, scale: 2 }).notNull().default('0'),
    /** Yuan. */
    fixedFee: numeric('fixed_fee', { precision: 14, scale: 2 }).notNull().default('0'),
    endIn99: boolean('end_in_99').notNull().default(false),
    handlingDays: integer('handling_days').notNull().default(2),
    defaultStock: integer('default_stock').notNull().default(0),
    /** The seller account feeds go out through; none: the sandbox. */
    accountId: ref('account_id').references(() => marketplaceAccounts.id),
    /** The marketplace's product type of the goods sent with it (Amazon's PRODUCT, LUGGAGE…). */
    productType: text('product_type').notNull().default('PRODUCT'),
    /** When the exchange rate was last fetched (the daily rate job); null: typed by hand. */
    rateFetchedAt: at('rate_fetched_at'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('goods_settings_name_unique').on(t.merchantId, t.name),
    merchantListIndex('goods_settings_list_updated_idx', t, t.updatedAt),
  ],
);
