import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { MARKETPLACES } from '../../../shared/marketplace';
import { timestamps } from './columns';
import { merchantKeys } from './merchant';

/** Keyword sets (/goods-keywords): a listing's search terms, within the marketplace's byte limit. */
export const goodsKeywords = pgTable(
  'goods_keywords',
  {
    ...merchantKeys(),
    name: text('name').notNull(),
    marketplace: text('marketplace', { enum: MARKETPLACES }).notNull().default('amazon'),
    site: text('site').notNull().default('US'),
    keywords: text('keywords').notNull().default(''),
    remark: text('remark').notNull().default(''),
    ...timestamps(),
  },
  (t) => [index('goods_keywords_list_updated_idx').on(t.merchantId, t.updatedAt, t.id)],
);
