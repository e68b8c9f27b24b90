import { pgSequence, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { merchantKeys, merchantListIndex } from './merchant';

/** The UPC/EAN pool (/goods-upc): codes the merchant owns, to give its goods' variants. */
export const goodsUpc = pgTable(
  'goods_upc',
  {
    ...merchantKeys(),
    code: text('code').notNull(),
    kind: text('kind', { enum: ['UPC', 'EAN'] }).notNull(),
    status: text('status', { enum: ['unused', 'assigned', 'used'] })
      .notNull()
      .default('unused'),
    source: text('source', { enum: ['manual', 'import', 'purchased'] })
      .notNull()
      .default('manual'),
    remark: text('remark').notNull().default(''),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('goods_upc_code_key').on(t.merchantId, t.code),
    merchantListIndex('goods_upc_list_created_idx', t, t.createdAt),
    merchantListIndex('goods_upc_status_idx', t, t.status, t.createdAt),
  ],
);

/**
 * The item numbers of the UPC codes the platform sells (`069` + the number + the check digit):
 * a sequence, so a number once sold is never sold again, whatever merchants delete from their
 * pools. Migration 0042 starts it past every `069…` code already in any pool.
 */
export const platformUpcItems = pgSequence('platform_upc_item_seq', {
  startWith: 1,
  minValue: 1,
  maxValue: 99_999_999,
  cache: 1,
});
