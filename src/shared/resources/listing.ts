import { MARKETPLACES, SITES } from '../marketplace';
import { datetime, decimal, defineResource, enumOf, integer, reference, text } from '../resource';

/**
 * active → delisting (taken off sale here: a feed of stock 0 is on its way) → inactive once the
 * marketplace took it → relisting (put back on sale: a feed of the goods' stock is on its way) →
 * active; suppressed when the marketplace refused a change, with the reason.
 */
export const LISTING_STATUSES = [
  'active',
  'delisting',
  'inactive',
  'relisting',
  'suppressed',
] as const;

/**
 * A variation family's parent: it names a theme and no parent of its own. It is not sold (no price,
 * no stock of its own); its children are (server/marketplace/marketplace.ts isParent).
 */
export const isFamilyParent = (row: Record<string, unknown>) =>
  !!row.variationTheme && !row.parentSku;

/** Statuses waiting on the marketplace: the listing is not changed meanwhile. */
export const WAITING: readonly string[] = ['delisting', 'relisting'];

/**
 * /listing: the products live on the marketplaces, as their feeds left them. Price and stock are
 * edited here, one at a time or many at once: the change goes to the marketplace as a feed of its
 * own (server/modules/listing); chosen listings are taken off sale (下架) the same way. A listing
 * the marketplace suppressed says why.
 */
export const listing = defineResource({
  name: 'listing',
  route: 'listing',
  titles: {
    zh: { title: '在线商品', edit: '修改价格与库存' },
    en: { title: 'Listings', edit: 'Change price and stock' },
  },
  table: 'listings',
  menu: { group: '/goods', icon: 'ShopOutlined', order: 6 },
  fields: {
    // The goods' title under the SKU in the list, as Seller Central shows a listing.
    sellerSku: text({ readOnly: true, list: 250, sortable: true, listWith: ['title'] }),
    title: text({ readOnly: true }),
    /**
     * A variation family's theme (SizeColor): the parent's and its children's; '' for a single
     * listing. The list shows it as the row's part in the family (父体 · 尺码+颜色, 子体 of its parent).
     */
    variationTheme: text({ readOnly: true, list: 150 }),
    /**
     * A child's parent (its seller SKU); '' for a parent or a single. Filtered by a parent's SKU,
     * the list shows the whole family: the parent and its children (server/modules/listing/hooks.ts).
     */
    // The drawer names it in its family section (features/listing/family.tsx), not as a field.
    parentSku: text({ readOnly: true, max: 64, filter: 'exact', detail: false, export: true }),
    listingId: text({ readOnly: true, list: 130, listHidden: true }),
    marketplace: enumOf(MARKETPLACES, {
      readOnly: true,
      list: 110,
      filter: 'select',
      listWith: ['site'],
    }),
    site: enumOf(SITES, { readOnly: true, filter: 'select' }),
    /** The seller account it is listed through (none: the sandbox). */
    accountId: reference('marketplace-account', { readOnly: true, list: 120, listHidden: true }),
    /** Never 0: a listing at 0.00 is suppressed by the marketplace. */
    // Shown with its currency (features/listing), its stock under it; the export carries the
    // currency whatever the list shows (server/modules/listing/hooks.ts).
    price: decimal({
      required: true,
      scale: 2,
      min: 0.01,
      max: 999_999,
      list: 110,
      listWith: ['stock'],
    }),
    currency: text({ readOnly: true }),
    stock: integer({ min: 0, max: 999_999, filter: 'range' }),
    // Why a suppressed listing is, under its status.
    status: enumOf(LISTING_STATUSES, {
      readOnly: true,
      list: 130,
      filter: 'select',
      listWith: ['reason'],
    }),
    reason: text({ readOnly: true }),
    /** The marketplace's own words about it (Amazon's issues), shown beside the reason. */
    reasonDetail: text({ readOnly: true }),
    lastSyncAt: datetime({ readOnly: true, list: 160, sortable: true }),
    updatedAt: datetime({ readOnly: true, sortable: true }),
  },
  titleField: 'sellerSku',
  keyword: ['sellerSku', 'title', 'listingId'],
  actions: ['list', 'detail', 'update', 'export'],
  defaultSort: 'updatedAt',
});

export default listing;
