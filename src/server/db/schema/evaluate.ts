import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, ref, timestamps } from './columns';
import { merchantKeys, merchantListIndex } from './merchant';
import { productOrders } from './product-order';

/** Customers' ratings of their orders, and the merchant's replies. */
export const evaluations = pgTable(
  'evaluations',
  {
    ...merchantKeys(),
    orderId: ref('order_id')
      .notNull()
      .references(() => productOrders.id),
    orderNo: text('order_no').notNull(),
    itemsSummary: text('items_summary').notNull().default(''),
    rating: integer('rating').notNull(),
    content: text('content').notNull().default(''),
    images: text('images').array().notNull().default(sql`'{}'::text[]`),
    reply: text('reply').notNull().default(''),
    repliedAt: at('replied_at'),
    visible: boolean('visible').notNull().default(true),
    /** Given by the auto-praise job, not the customer. */
    auto: boolean('auto').notNull().default(false),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('evaluations_order_key').on(t.orderId),
    merchantListIndex('evaluations_list_created_idx', t, t.createdAt),
    merchantListIndex('evaluations_list_rating_idx', t, t.rating),
  ],
);

/**
 * The photos a customer uploaded for the evaluation of an order: a handful per order
 * (EVALUATION_PHOTOS_MAX), each a row before its file is written; the evaluation that shows it
 * once sent (the others are let go then). A row goes with its evaluation or order, and the upload
 * sweep (material/sweep.ts) removes the files no row holds.
 */
export const reviewPhotos = pgTable(
  'review_photos',
  {
    ...merchantKeys(),
    orderId: ref('order_id')
      .notNull()
      .references(() => productOrders.id, { onDelete: 'cascade' }),
    evaluationId: ref('evaluation_id').references(() => evaluations.id, { onDelete: 'cascade' }),
    /** `/uploads/<merchant>/<month>/<name>` */
    url: text('url').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('review_photos_url_key').on(t.url),
    index('review_photos_order_idx').on(t.orderId),
    index('review_photos_evaluation_idx').on(t.evaluationId),
  ],
);
