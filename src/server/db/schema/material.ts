import { integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { merchantKeys, merchantListIndex } from './merchant';

/** The material library (/material): every image the merchant uploaded. */
export const materials = pgTable(
  'materials',
  {
    ...merchantKeys(),
    url: text('url').notNull(),
    name: text('name').notNull(),
    folder: text('folder').notNull().default(''),
    size: integer('size').notNull(),
    mime: text('mime').notNull(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('materials_url_key').on(t.merchantId, t.url),
    merchantListIndex('materials_list_created_idx', t, t.createdAt),
    merchantListIndex('materials_list_folder_idx', t, t.folder),
    merchantListIndex('materials_list_size_idx', t, t.size),
  ],
);
