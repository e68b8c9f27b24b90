import { MARKETPLACES, SITES } from '../marketplace';
import { datetime, defineResource, enumOf, integer, reference, text } from '../resource';

/** What a feed carries: new products, or a change of price or of stock. */
export const FEED_KINDS = ['product', 'price', 'inventory'] as const;
/** queued → processing → done (every item accepted) / partial / failed (none, or the whole feed). */
export const FEED_STATUSES = ['queued', 'processing', 'done', 'partial', 'failed'] as const;

/**
 * /feeds-list: the batches sent to the marketplaces, read only: a feed is made by sending goods
 * (the toolbar here), by resending a feed's failed items, or by a listing's price or stock change;
 * a job works through it (server/modules/feeds) and the screen follows its progress.
 */
export const feeds = defineResource({
  name: 'feeds',
  route: 'feeds-list',
  titles: {
    zh: { title: '刊登任务' },
    en: { title: 'Feeds' },
  },
  table: 'feeds',
  menu: { group: '/goods', icon: 'CloudUploadOutlined', order: 5 },
  fields: {
    batchNo: text({ readOnly: true, list: 170 }),
    kind: enumOf(FEED_KINDS, { readOnly: true, list: 70, filter: 'select' }),
    settingId: reference('goods-setting', { readOnly: true, list: 120 }),
    marketplace: enumOf(MARKETPLACES, { readOnly: true, list: 80, filter: 'select' }),
    site: enumOf(SITES, { readOnly: true, list: 70 }),
    status: enumOf(FEED_STATUSES, { readOnly: true, list: 90, filter: 'select' }),
    total: integer({ readOnly: true, list: 70 }),
    processed: integer({ readOnly: true, list: 140 }),
    succeeded: integer({ readOnly: true, list: 60 }),
    failed: integer({ readOnly: true, list: 60 }),
    error: text({ readOnly: true }),
    createdAt: datetime({ readOnly: true, list: 160, sortable: true, filter: 'range' }),
    finishedAt: datetime({ readOnly: true }),
  },
  titleField: 'batchNo',
  keyword: ['batchNo'],
  actions: ['list', 'detail', 'export'],
  defaultSort: 'createdAt',
});

export default feeds;
